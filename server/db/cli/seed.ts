// `npm run db:seed`: migrates, then adds the demo data if the database holds no properties yet.
import { loadConfig } from "../../config/env";
import { ServerKeys } from "../../lib/server-keys";
import { connectDatabase } from "../connect";
import { seedDemoData } from "../seed";

const config = loadConfig();
const database = await connectDatabase(config, (m) => console.error(m));
try {
  const result = await seedDemoData(database.db, { serverKeys: new ServerKeys(database.db, config.SERVER_KEY) });
  console.log(
    result.seeded
      ? `Seeded ${result.properties} properties, ${result.users} people and ${result.bookings} bookings.`
      : "The database already holds properties: nothing seeded.",
  );
} finally {
  await database.close();
}
