/**
 * One server process for the benchmarks of bench/auth, booking, admin, analytics and photos (each drives it
 * over loopback): `app` is the real StayLondon app on BENCH_DATABASE_URL, SEARCH_CACHE on or off, without
 * its request log. (The search benchmark runs the production build itself: bench/support/production-server.ts.)
 * Prints "listening <port>" when ready.
 */
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config/env";
import { ChangeFeed } from "../../server/db/change-feed";
import { createDatabase } from "../../server/db/client";

const mode = process.argv[2];
const cache = process.argv[3] === "cache-on";

async function start(): Promise<{ listen: (port: number) => Promise<string>; close: () => Promise<void> }> {
  if (mode !== "app") throw new Error(`unknown mode ${mode}: only "app" is served`);
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("BENCH_DATABASE_URL is not set");
  // BENCH_POOL: the connection pool size, to see whether it limits throughput.
  const db = createDatabase(url, { max: Number(process.env.BENCH_POOL ?? 20) });
  const changeFeed = new ChangeFeed(url);
  await changeFeed.start();
  const app = await buildApp({
    // BENCH_DATA_DIR: where uploaded photos go (bench/photos), instead of the project's ./data.
    config: { ...loadConfig({ LOG_LEVEL: "silent", DATA_DIR: process.env.BENCH_DATA_DIR }), SEARCH_CACHE: cache },
    db,
    changeFeed,
    logger: false,
  });
  return {
    listen: (port) => app.listen({ port, host: "127.0.0.1" }),
    close: async () => {
      await app.close();
      await changeFeed.stop();
      await db.$client.end();
    },
  };
}

const server = await start();
const address = await server.listen(0);
process.stdout.write(`listening ${new URL(address).port}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
