import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, type Database } from "../../server/db/client";

export type TestDatabase = { db: Database; url: string; name: string; drop: () => Promise<void> };

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const databaseUrl = (name: string) => inject("pgUrlTemplate").replace("{db}", name);

/** A database of one's own, cloned from the migrated template in about 0.1 s. */
export async function createTestDatabase(options: { fromTemplate?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = options.fromTemplate === false ? "template0" : inject("templateDatabase");
  await adminQuery(`create database ${name} template ${template}`);
  const url = databaseUrl(name);
  const db = createDatabase(url, { max: 8 });
  return {
    db,
    url,
    name,
    drop: async () => {
      await db.$client.end();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
