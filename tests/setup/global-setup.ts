import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../../server/db/client";
import { ensureDatabase, startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateDatabase } from "../../server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string to the test cluster's maintenance database. */
    pgAdminUrl: string;
    /** Connection string with a DATABASE placeholder: `{db}`. */
    pgUrlTemplate: string;
    /** A migrated, empty database to clone per test file. */
    templateDatabase: string;
  }
}

/**
 * One real PostgreSQL server for the whole run (the embedded one the app uses), and one migrated
 * template database; each test file clones its own database from it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "staylondon-test-"));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter this folder.
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ clusterDir: path.join(dir, "postgres"), ephemeral: true });

  const template = "staylondon_template";
  await ensureDatabase(server.urlFor("postgres"), template);
  const db = createDatabase(server.urlFor(template), { max: 2 });
  await migrateDatabase(db);
  await db.$client.end();

  project.provide("pgAdminUrl", server.urlFor("postgres"));
  project.provide("pgUrlTemplate", server.urlFor("{db}").replace("%7Bdb%7D", "{db}"));
  project.provide("templateDatabase", template);

  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
