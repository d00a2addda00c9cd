/**
 * Search throughput and latency of the production build, side by side with a bare node:http server that
 * sends the very same bytes (status, headers and body recorded from the app), in one run on this machine:
 *   - the demo data and the search of the original measurement (`?city=Camden&maxPrice=400`);
 *   - 100k generated listings and 96 distinct searches (12 boroughs × 8 budgets), as the browse page sends them;
 *   - /healthz, the smallest answer the app gives: what is left is the fixed cost of every request;
 * each without Accept-Encoding (as autocannon sends by default) and with a browser's Accept-Encoding.
 * The app and its bare twin take turns for BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS (default 10)
 * each at 32 connections, so a change in the machine's load hits both; the report gives the median round.
 * Loopback only. `npm run bench` (BENCH_PORT_BASE=5750 keeps every server on 5750 and up). Each report records the
 * machine's load average and Lighthouse benchmark index before and after (bench/support/machine-state.ts).
 * Writes bench/results/search.json and bench/results/search.md.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import type { createDatabase } from "../../server/db/client";
import { seedDemoData } from "../../server/db/seed";
import { fromRoot } from "../../server/lib/project-root";
import type { RecordedAnswer, RecordedAnswers } from "../support/bare-server";
import { migratedDatabase, startBenchPostgres } from "../support/bench-postgres";
import type { LoadOutcome } from "../support/load-outcome";
import { buildServerBundle, type RunningServer, startBareServer } from "../support/production-server";
import { runMapScenario } from "./bbox";
import { runFlexibleBench } from "./flexible";
import { generateProperties } from "./generate-properties";
import {
  BROWSER_ENCODING,
  CONNECTIONS,
  SECONDS as DURATION_S,
  getRaw,
  hitCounting,
  listingsOr,
  machineLines,
  machineState,
  ROUNDS,
  startApp,
  WARM_UP_S,
} from "./search-load";

const LISTINGS = listingsOr(100_000);

const ISSUE_PATH = "/api/properties?city=Camden&maxPrice=400";
const ALIVE_PATH = "/healthz";
// The query mix: every borough with several budgets, as the browse page sends them.
const PRICES = [150, 200, 250, 300, 400, 500, 750, 900];
const SEARCH_PATHS = LONDON_BOROUGHS.flatMap((borough) =>
  PRICES.map(
    (price) => `/api/properties?city=${encodeURIComponent(borough.split(" ")[0] ?? borough)}&maxPrice=${price}`,
  ),
);

/** A trivial request and a cached search should cost little more than the bytes: a bounded fixed cost. */
const TARGET_PERCENT_OF_BARE = 60;
const TARGET_P99_MS = 10;

type Figures = LoadOutcome & {
  /** The server process's CPU time (user + system) per request, when /proc tells it (Linux). */
  serverCpuMicrosPerRequest: number | null;
};
type Pair = { name: string; paths: string[]; encoding?: string; app: RunningServer; bare: RunningServer };
type PairOutcome = {
  scenario: string;
  searches: number;
  acceptEncoding: string | null;
  /** Bytes of the first search's body as sent (compressed when the client accepts it). */
  bodyBytes: number;
  rounds: { bare: Figures; app: Figures; percentOfBare: number }[];
  /** The round with the median percentage. */
  median: { bare: Figures; app: Figures; percentOfBare: number };
};

/** The CPU time a process has used so far, in ms (Linux only: null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** USER_HZ, 100 on every Linux build in practice. */
const CLOCK_TICKS = 100;

async function load(
  server: RunningServer,
  paths: string[],
  seconds: number,
  encoding?: string,
  connections = CONNECTIONS,
): Promise<Figures> {
  const cpuBefore = cpuMs(server.child.pid);
  const { outcome, total } = await hitCounting(server.port, paths, seconds, encoding, connections);
  const cpuAfter = cpuMs(server.child.pid);
  const { exitCode, signalCode } = server.child;
  if (exitCode !== null || signalCode !== null) {
    throw new Error(`the server on port ${server.port} stopped during the run (${signalCode ?? `exit ${exitCode}`})`);
  }
  const cpu =
    cpuBefore === null || cpuAfter === null || total === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / total);
  return { ...outcome, serverCpuMicrosPerRequest: cpu };
}

/** The raw answer (still compressed) to one GET, as the bare server will replay it. */
async function record(port: number, pathname: string, encoding?: string): Promise<RecordedAnswer> {
  const { status, headers, body } = await getRaw(port, pathname, encoding);
  return { status, headers, body: body.toString("base64") };
}

async function recordAll(port: number, paths: string[], file: string): Promise<void> {
  const answers: RecordedAnswers = {};
  for (const p of paths)
    answers[p] = { plain: await record(port, p), encoded: await record(port, p, BROWSER_ENCODING) };
  writeFileSync(file, JSON.stringify(answers));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percent = (app: Figures, bare: Figures) => Math.round((app.requestsPerSecond / bare.requestsPerSecond) * 100);

const servers: RunningServer[] = [];
process.on("exit", () => {
  for (const s of servers) s.child.kill("SIGKILL");
});

buildServerBundle();
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-");
let succeeded = false;
try {
  const prepare = async (name: string, fill: (db: ReturnType<typeof createDatabase>) => Promise<unknown>) => {
    const { url, db } = await migratedDatabase(pgServer, name);
    await fill(db);
    await db.$client.end();
    return url;
  };
  const demoUrl = await prepare("demo", (db) => seedDemoData(db));
  const bigUrl = await prepare("listings100k", (db) => generateProperties(db, LISTINGS));

  const start = async (url: string, name: string, extra: NodeJS.ProcessEnv = {}) => {
    const server = await startApp(dir, url, name, extra);
    servers.push(server);
    return server;
  };
  const demoApp = await start(demoUrl, "app-demo");
  const bigApp = await start(bigUrl, "app-100k");
  await recordAll(demoApp.port, [ISSUE_PATH, ALIVE_PATH], `${dir}/answers-demo.json`);
  await recordAll(bigApp.port, SEARCH_PATHS, `${dir}/answers-100k.json`);
  const demoBare = await startBareServer(`${dir}/answers-demo.json`);
  const bigBare = await startBareServer(`${dir}/answers-100k.json`);
  servers.push(demoBare, bigBare);

  const pairs: Pair[] = [
    { name: "/healthz (fixed cost per request)", paths: [ALIVE_PATH], app: demoApp, bare: demoBare },
    { name: "demo data, the original search", paths: [ISSUE_PATH], app: demoApp, bare: demoBare },
    {
      name: "demo data, the original search, browser Accept-Encoding",
      paths: [ISSUE_PATH],
      encoding: BROWSER_ENCODING,
      app: demoApp,
      bare: demoBare,
    },
    { name: "100k listings, 96 searches", paths: SEARCH_PATHS, app: bigApp, bare: bigBare },
    {
      name: "100k listings, 96 searches, browser Accept-Encoding",
      paths: SEARCH_PATHS,
      encoding: BROWSER_ENCODING,
      app: bigApp,
      bare: bigBare,
    },
  ];

  const before = await machineState();
  for (const server of [demoApp, bigApp, demoBare, bigBare]) {
    const paths = server === demoApp || server === demoBare ? [ISSUE_PATH, ALIVE_PATH] : SEARCH_PATHS;
    await load(server, paths, WARM_UP_S);
    await load(server, paths, WARM_UP_S, BROWSER_ENCODING);
  }
  const rounds = new Map<Pair, PairOutcome["rounds"]>(pairs.map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const pair of pairs) {
      // Alternate who goes first, so a drift in the machine's load does not always favour one side.
      const order = round % 2 === 0 ? (["bare", "app"] as const) : (["app", "bare"] as const);
      const figures: Partial<Record<"bare" | "app", Figures>> = {};
      for (const side of order) figures[side] = await load(pair[side], pair.paths, DURATION_S, pair.encoding);
      const bare = figures.bare as Figures;
      const app = figures.app as Figures;
      rounds.get(pair)?.push({ bare, app, percentOfBare: percent(app, bare) });
      console.log(`round ${round + 1}: ${pair.name}: bare ${bare.requestsPerSecond}/s, app ${app.requestsPerSecond}/s`);
    }
  }

  // For reference: the same 96 searches when every request queries PostgreSQL.
  const uncachedApp = await start(bigUrl, "app-100k-uncached", { SEARCH_CACHE: "false" });
  await load(uncachedApp, SEARCH_PATHS, WARM_UP_S);
  const uncached = await load(uncachedApp, SEARCH_PATHS, DURATION_S);
  const uncachedAlone = await load(uncachedApp, SEARCH_PATHS, DURATION_S, undefined, 1);
  const machineStates = { before, after: await machineState() };

  const outcomes: PairOutcome[] = [];
  for (const pair of pairs) {
    const list = rounds.get(pair) ?? [];
    const middle = median(list.map((r) => r.percentOfBare));
    const answers = await record(pair.app.port, pair.paths[0] ?? "/", pair.encoding);
    outcomes.push({
      scenario: pair.name,
      searches: pair.paths.length,
      acceptEncoding: pair.encoding ?? null,
      bodyBytes: Buffer.from(answers.body, "base64").length,
      rounds: list,
      median: list.find((r) => r.percentOfBare === middle) ?? (list[0] as PairOutcome["median"]),
    });
  }

  const report = {
    date: new Date().toISOString(),
    machine: machineStates,
    server: "production build (node dist/server/server.js), LOG_LEVEL info, log to a file",
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    rounds: ROUNDS,
    listings: LISTINGS,
    outcomes,
    uncached: { searches: SEARCH_PATHS.length, connections32: uncached, connections1: uncachedAlone },
    targets: Object.fromEntries(
      outcomes.map((o) => [
        o.scenario,
        {
          throughputVsBare: `${o.median.percentOfBare}% (target >= ${TARGET_PERCENT_OF_BARE}%)`,
          p99: `${o.median.app.p99} ms (target <= ${TARGET_P99_MS} ms)`,
        },
      ]),
    ),
  };
  writeFileSync(fromRoot("bench/results/search.json"), `${JSON.stringify(report, null, 2)}\n`);

  const row = (name: string, f: Figures, pct?: number) =>
    `| ${name} | ${f.requestsPerSecond} | ${pct === undefined ? "" : `${pct}%`} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.serverCpuMicrosPerRequest ?? "?"} | ${f.errors + f.non2xx} |`;
  const sections = outcomes.flatMap((o) => [
    `| **${o.scenario}** (${o.bodyBytes.toLocaleString("en-GB")} B body) | | | | | | | |`,
    row("bare node:http, same bytes", o.median.bare),
    row("StayLondon", o.median.app, o.median.percentOfBare),
  ]);
  const perRound = outcomes.map(
    (o) =>
      `- ${o.scenario}: ${o.rounds.map((r) => `${r.app.requestsPerSecond}/${r.bare.requestsPerSecond} (${r.percentOfBare}%, p99 ${r.app.p99} ms)`).join(" · ")}`,
  );
  writeFileSync(
    fromRoot("bench/results/search.md"),
    [
      "# Search benchmark",
      "",
      report.date,
      "",
      ...machineLines(machineStates),
      "",
      `The production build (\`node dist/server/server.js\`, LOG_LEVEL info, log to a file) against a bare node:http server`,
      `replaying the app's recorded answers byte for byte (same status, headers and body), ${CONNECTIONS} connections,`,
      `${ROUNDS} round${ROUNDS === 1 ? "" : "s"} of ${DURATION_S} s each, app and bare server taking turns; the table shows the median round.`,
      "",
      "| scenario | req/s | of bare | p50 ms | p90 ms | p99 ms | server CPU µs/request | errors |",
      "|---|---|---|---|---|---|---|---|",
      ...sections,
      "",
      "Server CPU µs/request is the CPU time (user + system, from /proc) the server process spent per answer. It depends",
      "much less than req/s on the load generator, which shares the machine and is what holds the bare server back on a",
      "small one; it still rises a little when a server is not saturated (each answer then has its own wake-up).",
      "",
      `Targets: at least ${TARGET_PERCENT_OF_BARE}% of the bare server's throughput, p99 at most ${TARGET_P99_MS} ms.`,
      "",
      ...outcomes.map(
        (o) =>
          `- ${o.scenario}: ${o.median.percentOfBare}% ${o.median.percentOfBare >= TARGET_PERCENT_OF_BARE ? "(met)" : "(MISSED)"}, p99 ${o.median.app.p99} ms ${o.median.app.p99 <= TARGET_P99_MS ? "(met)" : "(MISSED)"}`,
      ),
      "",
      "Every round (app/bare req/s):",
      "",
      ...perRound,
      "",
      `Without the cache (SEARCH_CACHE=false, every request queries PostgreSQL), 100k listings, the 96 searches:`,
      `${uncached.requestsPerSecond} req/s, p99 ${uncached.p99} ms at ${CONNECTIONS} connections; one user alone waits ${uncachedAlone.p50} ms (p50), ${uncachedAlone.p99} ms (p99).`,
      "",
      "Reproduce: `npm run bench` (it builds the server bundle, starts its own embedded PostgreSQL and removes it after;",
      "the map and flexible-date benchmarks follow it; BENCH_ROUNDS and BENCH_SECONDS change the rounds).",
      "",
    ].join("\n"),
  );
  console.log(report.targets);
  // The browse map's bounding-box reads over the same 100k listings: bench/results/search-map.md.
  await runMapScenario({ app: bigApp, databaseUrl: bigUrl, dir, start: (name, extra) => start(bigUrl, name, extra) });
  // Flexible dates: its own data, server and results (bench/search/flexible.ts).
  await Promise.all(servers.map((s) => s.stop()));
  await runFlexibleBench(pgServer, dir);
  succeeded = true;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await pgServer.stop();
  // The servers' logs stay behind when something failed.
  if (succeeded) rmSync(dir, { recursive: true, force: true });
  else console.error(`Logs and database: ${dir}`);
}
