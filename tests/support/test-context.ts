import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { AppConfig } from "../../server/config/env";
import { startTestServer, type TestServer, type TestServerOptions } from "./app";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * Live views of what the hooks create: a file destructures them at the top (`const { t, server } = setUpTestApp()`)
 * and reads `t.db` or `server.baseUrl` inside its hooks and tests, once beforeAll has run.
 */
export type TestDatabaseView = Omit<TestDatabase, "drop">;
export type TestServerView = Omit<TestServer, "close" | "changeFeed">;

export type TestAppOptions = TestServerOptions & {
  /**
   * Config overrides. A function runs in beforeAll, after the database exists and just before the app starts:
   * the place to start a local Stripe, OpenID or SMTP server and hand the app its address.
   */
  config?: Partial<AppConfig> | (() => Partial<AppConfig> | Promise<Partial<AppConfig>>);
  /** Runs in afterAll once the app has stopped, before the database is dropped: stop what `config` started. */
  afterStop?: () => Promise<void> | void;
  /** A prefix such as "staylondon-photos-": the app gets an empty temporary DATA_DIR, removed afterwards. */
  tempDataDir?: string;
};

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} exists only once beforeAll has run`);
  return value;
}

function databaseView(get: () => TestDatabase | undefined): TestDatabaseView {
  return {
    get db() {
      return ready(get(), "the test database").db;
    },
    get url() {
      return ready(get(), "the test database").url;
    },
    get name() {
      return ready(get(), "the test database").name;
    },
  };
}

/** A fresh database for the file (or the describe block it is called in), dropped afterwards. */
export function setUpTestDatabase(): TestDatabaseView {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return databaseView(() => database);
}

/**
 * A fresh database and the real app on a free port, for the file (or the describe block it is called in).
 * Hooks the file registers after this call run after the app has started, and their afterAll before it stops.
 */
export function setUpTestApp(options: TestAppOptions = {}): {
  t: TestDatabaseView;
  server: TestServerView;
  dataDir: string;
} {
  const { config = {}, afterStop, tempDataDir, ...serverOptions } = options;
  // The name is known now, so a file can use it at the top; the directory itself is made in beforeAll.
  const dataDir = tempDataDir && path.join(tmpdir(), `${tempDataDir}${randomBytes(6).toString("hex")}`);
  let database: TestDatabase | undefined;
  let running: TestServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (dataDir) await mkdir(dataDir);
    const overrides = typeof config === "function" ? await config() : config;
    running = await startTestServer(
      database.db,
      database.url,
      { ...(dataDir && { dataDir }), ...overrides },
      serverOptions,
    );
  });
  afterAll(async () => {
    await running?.close();
    await afterStop?.();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    t: databaseView(() => database),
    server: {
      get app() {
        return ready(running, "the test server").app;
      },
      get baseUrl() {
        return ready(running, "the test server").baseUrl;
      },
    },
    get dataDir() {
      if (!dataDir) throw new Error("pass tempDataDir to setUpTestApp for a data directory");
      return dataDir;
    },
  };
}
