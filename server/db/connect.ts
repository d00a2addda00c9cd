import path from "node:path";
import type { AppConfig } from "../config/env";
import { createDatabase, type Database } from "./client";
import { type EmbeddedServer, ensureDatabase, startEmbeddedPostgres } from "./embedded";
import { migrateDatabase } from "./migrate";

export type DatabaseHandle = {
  db: Database;
  url: string;
  embedded: EmbeddedServer | null;
  close: () => Promise<void>;
};

/**
 * The database the app runs on: DATABASE_URL when given, else an embedded PostgreSQL under
 * DATA_DIR/postgres. Either way it is migrated before it is handed out.
 */
export async function connectDatabase(
  config: Pick<AppConfig, "DATABASE_URL" | "dataDir">,
  log: (message: string) => void,
): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, "postgres"),
      log: (message) => {
        if (/FATAL|PANIC|ERROR/.test(message)) log(message);
      },
    });
    await ensureDatabase(embedded.urlFor("postgres"), "staylondon");
    url = embedded.urlFor("staylondon");
  }
  const db = createDatabase(url, { max: 20 });
  try {
    await migrateDatabase(db);
  } catch (error) {
    await db.$client.end().catch(() => {});
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    url,
    embedded,
    close: async () => {
      await db.$client.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
