/**
 * Search throughput and latency over 100k generated listings, next to a bare Fastify JSON route, in
 * one run on this machine. Loopback only, each scenario bounded in time. `npm run bench`
 * Writes bench/results/search.json and bench/results/search.md.
 */
import { chmodSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import { createDatabase } from "../../server/db/client";
import { ensureDatabase, startEmbeddedPostgres } from "../../server/db/embedded";
import { migrateDatabase } from "../../server/db/migrate";
import { fromRoot } from "../../server/lib/project-root";
import { loadOutcome } from "../support/load-outcome";
import { startBenchServer } from "../support/serve-process";
import { generateProperties } from "./generate-properties";

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const LISTINGS = 100_000;

// The query mix: every borough with several budgets, as the browse page sends them.
const PRICES = [150, 200, 250, 300, 400, 500, 750, 900];
const SEARCH_PATHS = LONDON_BOROUGHS.flatMap((borough) =>
  PRICES.map(
    (price) => `/api/properties?city=${encodeURIComponent(borough.split(" ")[0] ?? borough)}&maxPrice=${price}`,
  ),
);

type Outcome = {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
};

const startServer = startBenchServer;

async function load(scenario: string, port: number, paths: string[], connections = CONNECTIONS): Promise<Outcome> {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] ?? "/";
          return request;
        },
      },
    ],
  });
  return {
    scenario,
    ...loadOutcome(result),
  };
}

async function scenario(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  paths: string[],
  keepSampleIn?: string,
  connections = CONNECTIONS,
): Promise<Outcome> {
  const { port, child } = await startServer(args, env);
  try {
    if (keepSampleIn) writeFileSync(keepSampleIn, await (await fetch(`http://127.0.0.1:${port}${paths[0]}`)).text());
    await load(`${name} (warm-up)`, port, paths, connections).catch(() => undefined);
    const outcome = await load(name, port, paths, connections);
    console.log(outcome);
    return outcome;
  } finally {
    child.kill("SIGTERM");
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), "staylondon-bench-"));
chmodSync(dir, 0o755);
const pgServer = await startEmbeddedPostgres({ clusterDir: path.join(dir, "postgres"), ephemeral: true });
try {
  await ensureDatabase(pgServer.urlFor("postgres"), "bench");
  const url = pgServer.urlFor("bench");
  const db = createDatabase(url);
  await migrateDatabase(db);
  await generateProperties(db, LISTINGS);
  await db.$client.end();

  const sampleFile = path.join(dir, "sample-page.json");
  const env = { BENCH_DATABASE_URL: url, BENCH_SAMPLE_FILE: sampleFile };
  const cached = await scenario("search, cache on (default)", ["app", "cache-on"], env, SEARCH_PATHS, sampleFile);
  const uncached = await scenario(
    "search, cache off (every request queries PostgreSQL)",
    ["app", "cache-off"],
    env,
    SEARCH_PATHS,
  );
  const uncachedAlone = await scenario(
    "search, cache off, one connection (a single user's latency)",
    ["app", "cache-off"],
    env,
    SEARCH_PATHS,
    undefined,
    1,
  );
  const bare = await scenario("bare Fastify JSON route (tiny object)", ["bare"], env, ["/bare"]);
  const barePage = await scenario("bare Fastify route sending one search page's bytes", ["bare"], env, ["/bare-page"]);
  const outcomes = [bare, barePage, cached, uncached, uncachedAlone];
  const ratio = (o: Outcome, base = bare) => Math.round((o.requestsPerSecond / base.requestsPerSecond) * 100);
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
  const report = {
    date: new Date().toISOString(),
    machine,
    listings: LISTINGS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    distinctSearches: SEARCH_PATHS.length,
    outcomes,
    targets: {
      searchThroughputVsBare: { target: ">= 50%", cacheOn: `${ratio(cached)}%`, cacheOff: `${ratio(uncached)}%` },
      searchThroughputVsBareSamePayload: {
        cacheOn: `${ratio(cached, barePage)}%`,
        cacheOff: `${ratio(uncached, barePage)}%`,
      },
      searchP99: { target: "<= 25 ms", cacheOn: `${cached.p99} ms`, cacheOff: `${uncached.p99} ms` },
    },
  };
  writeFileSync(fromRoot("bench/results/search.json"), `${JSON.stringify(report, null, 2)}\n`);
  const rows = outcomes.map(
    (o) => `| ${o.scenario} | ${o.requestsPerSecond} | ${o.p50} | ${o.p90} | ${o.p99} | ${o.errors + o.non2xx} |`,
  );
  writeFileSync(
    fromRoot("bench/results/search.md"),
    [
      "# Search benchmark",
      "",
      `${report.date} · ${machine} · ${LISTINGS.toLocaleString("en-GB")} listings · ${CONNECTIONS} connections · ${DURATION_S} s per scenario · ${SEARCH_PATHS.length} distinct searches (12 boroughs × 8 budgets)`,
      "",
      "| scenario | req/s | p50 ms | p90 ms | p99 ms | errors |",
      "|---|---|---|---|---|---|",
      ...rows,
      "",
      `Search with its cache reaches ${ratio(cached)}% of the bare route (target ≥ 50%), p99 ${cached.p99} ms (target ≤ 25 ms);`,
      `${ratio(cached, barePage)}% of a bare route that sends the same bytes (${statSync(sampleFile).size} B per page).`,
      `Without the cache: ${ratio(uncached)}% of the bare route, p99 ${uncached.p99} ms at ${CONNECTIONS} connections;`,
      `one user alone waits ${uncachedAlone.p50} ms (p50), ${uncachedAlone.p99} ms (p99).`,
      "",
    ].join("\n"),
  );
  console.log(report.targets);
} finally {
  await pgServer.stop();
}
