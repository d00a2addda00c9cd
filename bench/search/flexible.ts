/**
 * Flexible-date search under load: "a week in June" (next year's June) over 10,000 generated listings holding
 * 1,000,000 booked nights (250,000 pending or confirmed stays of 4 nights, one every 16 days for 400 days, staggered by
 * listing), plus June blocked whole at one listing in ten, so those are probed day by day and never match.
 * The production build answers 13 searches in turn (no place, and 12 boroughs), 32 connections, BENCH_ROUNDS rounds
 * (default 3) of BENCH_SECONDS (default 10); every request queries PostgreSQL (searches with dates are never cached).
 * Alone: `npx tsx bench/search/flexible.ts`; `npm run bench` runs it after the other scenarios.
 * Writes bench/results/search-flexible.md, .json and search-flexible-explain.txt.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { londonToday } from "../../common/domain/calendar-dates";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import type { EmbeddedServer } from "../../server/db/embedded";
import { fromRoot } from "../../server/lib/project-root";
import { migratedDatabase, startBenchPostgres } from "../support/bench-postgres";
import { type LoadOutcome, loadOutcome } from "../support/load-outcome";
import { buildServerBundle, type RunningServer, startProductionServer } from "../support/production-server";
import { explainSearches } from "./explain-search";
import { generateProperties } from "./generate-properties";

const LISTINGS = 10_000;
const STAYS_PER_LISTING = 25;
const STAY_NIGHTS = 4;
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_P99_MS = 50;

const june = `${Number(londonToday().slice(0, 4)) + 1}-06`;
const PATHS = ["", ...LONDON_BOROUGHS.map((b) => `&city=${encodeURIComponent(b.split(" ")[0] ?? b)}`)].map(
  (place) => `/api/properties?flex=week&months=${june}${place}`,
);

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function fill(pgServer: EmbeddedServer) {
  const { url, db } = await migratedDatabase(pgServer, "flexible10k");
  await generateProperties(db, LISTINGS);
  const today = londonToday();
  const [guest] = (
    await db.execute<{ id: number }>(
      sql`insert into users (email, first_name, last_name) values ('bench.flex.guest@staylondon.example', 'Bench', 'Guest') returning id`,
    )
  ).rows;
  await db.execute(sql`
    insert into bookings (property_id, guest_id, check_in, check_out, total_price, status)
    select p.id, ${guest?.id}, ${today}::date + 1 + (p.id % 16) + k * 16, ${today}::date + 1 + (p.id % 16) + k * 16 + ${STAY_NIGHTS}::int,
      400, (case when k % 2 = 0 then 'confirmed' else 'pending' end)::booking_status
    from properties p, generate_series(0, ${STAYS_PER_LISTING - 1}::int) k`);
  await db.execute(sql`
    insert into availability (property_id, date, status)
    select p.id, d::date, 'blocked' from properties p,
      generate_series(${`${june}-01`}::date, ${`${june}-30`}::date, interval '1 day') d
    where p.id % 10 = 0`);
  await db.execute(sql`vacuum analyze`);
  const [nights] = (
    await db.execute<{ n: number }>(
      sql`select sum(check_out - check_in)::int as n from bookings where status in ('pending', 'confirmed')`,
    )
  ).rows;
  const lines: string[] = [];
  await explainSearches(
    db,
    {
      "a week in June": { flex: "week", months: june },
      "a week in June, city=camden": { flex: "week", months: june, city: "camden" },
    },
    undefined,
    (line) => lines.push(line),
  );
  await db.$client.end();
  return { url, bookedNights: nights?.n ?? 0, explain: lines.join("\n") };
}

async function load(server: RunningServer, seconds: number, connections = CONNECTIONS): Promise<LoadOutcome> {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    duration: seconds,
    requests: PATHS.map((p) => ({ method: "GET" as const, path: p })),
  });
  return loadOutcome(result);
}

/** Runs the scenario on `pgServer` (a throw-away cluster) with the built server, writing its results. */
export async function runFlexibleBench(pgServer: EmbeddedServer, dir: string): Promise<void> {
  const { url, bookedNights, explain } = await fill(pgServer);
  writeFileSync(
    fromRoot("bench/results/search-flexible-explain.txt"),
    `-- EXPLAIN (ANALYZE, BUFFERS) of "a week in ${june}" over ${LISTINGS} listings, ${bookedNights} booked nights\n\n${explain}\n`,
  );
  const server = await startProductionServer(
    { DATABASE_URL: url, DATA_DIR: path.join(dir, "app-flexible") },
    path.join(dir, "app-flexible.log"),
  );
  try {
    const sample = await fetch(`http://127.0.0.1:${server.port}${PATHS[0]}`);
    const found = sample.headers.get("x-total-count");
    if (sample.status !== 200) throw new Error(`${PATHS[0]} answered ${sample.status}`);
    const loadBefore = loadNow();
    await load(server, 3);
    const rounds: LoadOutcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push(await load(server, DURATION_S));
      console.log(`flexible round ${round + 1}: ${JSON.stringify(rounds.at(-1))}`);
    }
    const alone = await load(server, DURATION_S, 1);
    const loadAfter = loadNow();
    const p99s = rounds.map((r) => r.p99);
    const middle = rounds.find((r) => r.p99 === median(p99s)) ?? rounds[0];
    const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
    const report = {
      date: new Date().toISOString(),
      machine,
      loadAverage: { before: loadBefore, after: loadAfter },
      data: { listings: LISTINGS, bookedNights, blockedJuneAtOneListingInTen: true },
      searches: PATHS,
      matches: found,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      rounds,
      median: middle,
      spread: { p99Min: Math.min(...p99s), p99Max: Math.max(...p99s) },
      oneConnection: alone,
      target: `p99 <= ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
      // Timeouts and errors leave no latency behind: a round with any is a miss, whatever its p99.
      met:
        rounds.every((r) => r.errors + r.non2xx === 0 && r.requestsPerSecond > 0) &&
        (middle?.p99 ?? Infinity) <= TARGET_P99_MS,
    };
    writeFileSync(fromRoot("bench/results/search-flexible.json"), `${JSON.stringify(report, null, 2)}\n`);
    const row = (name: string, f: LoadOutcome) =>
      `| ${name} | ${f.requestsPerSecond} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.errors + f.non2xx} |`;
    writeFileSync(
      fromRoot("bench/results/search-flexible.md"),
      [
        "# Flexible-date search benchmark",
        "",
        `${report.date} · ${machine} · load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after`,
        "",
        `"A week in ${june}" (\`flex=week&months=${june}\`), 13 searches in turn (no place, and 12 boroughs), against the`,
        `production build on ${LISTINGS.toLocaleString("en-GB")} listings with ${bookedNights.toLocaleString("en-GB")} booked nights`,
        `(pending or confirmed), June blocked at one listing in ten. Without a place, ${found} listings match (a flexible search counts up to 100).`,
        `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s after a 3 s warm-up; every request queries PostgreSQL.`,
        "",
        "| run | req/s | p50 ms | p90 ms | p99 ms | errors |",
        "|---|---|---|---|---|---|",
        ...rounds.map((r, i) => row(`round ${i + 1}`, r)),
        middle ? row("**median round (by p99)**", middle) : "",
        row("one connection alone", alone),
        "",
        `Target: p99 at most ${TARGET_P99_MS} ms at ${CONNECTIONS} connections: **${report.met ? "met" : "missed"}** (median p99 ${middle?.p99} ms, rounds ${p99s.join(", ")} ms).`,
        "",
        "The machine has 2 cores shared with other engineers' work, the load generator and PostgreSQL; the load average",
        "above says how busy it was. The statement's plan is in search-flexible-explain.txt.",
        "",
        "Reproduce: `npx tsx bench/search/flexible.ts` (alone, about 2 minutes), or `npm run bench` (after the other search",
        "scenarios). BENCH_ROUNDS and BENCH_SECONDS change the rounds and their length.",
        "",
      ].join("\n"),
    );
    console.log(report.target, report.met ? "met" : "missed", middle);
  } finally {
    await server.stop();
  }
}

// Run alone: build, start a cluster, run, clean up.
if (import.meta.url === `file://${process.argv[1]}`) {
  buildServerBundle();
  const { dir, pgServer } = await startBenchPostgres("staylondon-bench-flexible-");
  try {
    await runFlexibleBench(pgServer, dir);
  } finally {
    await pgServer.stop();
  }
}
