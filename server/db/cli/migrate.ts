// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
import { loadConfig } from "../../config/env";
import { connectDatabase } from "../connect";

const config = loadConfig();
const database = await connectDatabase(config, (m) => console.error(m));
console.log("Migrations applied.");
await database.close();
