import { migrate } from "drizzle-orm/node-postgres/migrator";
import { fromRoot } from "../lib/project-root";
import type { Database } from "./client";

const MIGRATION_LOCK = 7_406_201; // any constant; shared by every instance of the app

/**
 * Applies the committed SQL migrations in drizzle/ that this database has not seen yet. An advisory
 * lock makes a second app instance starting at the same moment wait instead of migrating twice.
 */
export async function migrateDatabase(db: Database, migrationsFolder = fromRoot("drizzle")): Promise<void> {
  const lockHolder = await db.$client.connect();
  try {
    await lockHolder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lockHolder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockHolder.release();
  }
}
