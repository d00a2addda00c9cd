import { type App, buildApp } from "../../server/app";
import { type AppConfig, loadConfig } from "../../server/config/env";
import { ChangeFeed } from "../../server/db/change-feed";
import type { Database } from "../../server/db/client";

export type TestServer = {
  app: App;
  baseUrl: string;
  /** The app's own change feed (none with `withoutChangeFeed`): tests wait on its notifications or cut it. */
  changeFeed?: ChangeFeed;
  close: () => Promise<void>;
};
export type TestServerOptions = {
  withoutChangeFeed?: boolean;
  beforeListen?: (app: App) => void;
  /** A fixed clock for "today" (landlord figures, booking lifecycle). */
  now?: () => Date;
  /** Close as production does, waiting for answers in flight, instead of dropping every connection. */
  gracefulClose?: boolean;
  /** Where the app's log goes, at every level (tests that look for what must never be logged); none by default. */
  logStream?: NodeJS.WritableStream;
  /** The lowest level written to `logStream` ("trace" when not given). */
  logLevel?: string;
};

/** The real app listening on a free loopback port: API tests go through real HTTP. */
export async function startTestServer(
  db: Database,
  url: string,
  overrides: Partial<AppConfig> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const changeFeed = options.withoutChangeFeed ? undefined : new ChangeFeed(url);
  await changeFeed?.start();
  const app = await buildApp({
    // Rate limits off: a test file makes many requests from one address; tests/integration/rate-limits.test.ts
    // switches them on.
    config: { ...loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT_FACTOR: "0", OUTBOX_POLL_MS: "100" }), ...overrides },
    db,
    changeFeed,
    now: options.now,
    // A client that stops reading must not hold the file's server open when it stops.
    forceCloseConnections: !options.gracefulClose,
    // TEST_SERVER_LOG=error (or warn, info…) shows the app's own log while debugging a test.
    logger: options.logStream
      ? { level: options.logLevel ?? "trace", stream: options.logStream }
      : process.env.TEST_SERVER_LOG
        ? { level: process.env.TEST_SERVER_LOG }
        : false,
  });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the test server has no port");
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    changeFeed,
    close: async () => {
      await app.close();
      await changeFeed?.stop();
    },
  };
}
