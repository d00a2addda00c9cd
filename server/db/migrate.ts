import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { fromRoot } from "../lib/project-root";
import type { Database, Tx } from "./client";

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

/**
 * Runs one committed migration's statements again inside the caller's transaction. Only for a migration written to be
 * replayed (every insert skips what exists): the demo seed writes its stays after the migrations, and replays the one
 * that records stays in the ledger so its history is recorded exactly like a real database's.
 */
export async function replayMigration(tx: Tx, tag: string, migrationsFolder = fromRoot("drizzle")): Promise<void> {
  const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await tx.execute(sql.raw(statement));
  }
}
