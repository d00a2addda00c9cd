/**
 * The admin area at platform size: 100,000 users, 100,000 listings, 1,000,000 bookings and 200,000 audit
 * entries, seeded in SQL. An admin signs in and the app (its own process) answers the admin lists, searches and
 * figures under a closed-loop load of 4 connections; every latency is kept, so the 95th percentile is exact.
 * Targets: list and search pages p95 under 100 ms, figures under 200 ms. Before timing, the seeded postings are
 * compared with the app's posting functions for a sample of stays, and the revenue figures the API answers with a
 * direct sum over the ledger. Each call is measured BENCH_RUNS times (3): the median and spread are reported.
 * `npm run bench:admin` writes bench/results/admin.{md,json}; BENCH_SCALE=0.02 BENCH_RUNS=1 BENCH_SECONDS=1 is a quick
 * check of the bench itself that writes nothing (nor does any run with BENCH_SCALE below 1 or BENCH_NO_RESULTS set).
 */
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TPlatformAnalytics } from "../../common/schemas/platform-analytics";
import type { Database } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { foldStayFigures } from "../../server/repositories/stay-figures.repository";
import { enrolTwoFactor, migratedDatabase, signInCookie, startBenchPostgres } from "../support/bench-postgres";
import { closedLoop, type LoopOutcome } from "../support/closed-loop";
import { benchRuns, expectSameMoney, loadAverage, type Spread, showSpread, spreadOf } from "../support/run-stats";
import { startBenchServer } from "../support/serve-process";
import { checkSeededPostings } from "../support/stay-ledger";
import { SCALE, seedPlatform } from "./seed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = benchRuns();
/** The committed results are of the full platform only: a reduced or dry run leaves them as they are. */
const WRITE_RESULTS = !process.env.BENCH_NO_RESULTS && SCALE === 1;
const CONNECTIONS = 4;
const PASSWORD = "bench-passphrase-for-the-admin-area";
const LIST_TARGET_MS = 100;
const FIGURES_TARGET_MS = 200;

type Probe = { label: string; path: string; kind: "list" | "figures" };
const PROBES: Probe[] = [
  { label: "Users, first page", path: "/api/admin/users", kind: "list" },
  { label: "Users, page 40", path: "/api/admin/users?page=40", kind: "list" },
  { label: "Users, search 'smith'", path: "/api/admin/users?q=smith", kind: "list" },
  { label: "Users, search an e-mail", path: "/api/admin/users?q=user-4242%40bench", kind: "list" },
  {
    label: "Users, landlords awaiting approval",
    path: "/api/admin/users?role=landlord&state=awaiting_approval",
    kind: "list",
  },
  { label: "Users, frozen", path: "/api/admin/users?state=frozen", kind: "list" },
  { label: "Listings, first page", path: "/api/admin/properties", kind: "list" },
  { label: "Listings, search 'camden'", path: "/api/admin/properties?q=camden", kind: "list" },
  { label: "Listings, search an owner 'okafor'", path: "/api/admin/properties?q=okafor", kind: "list" },
  { label: "Listings, inactive", path: "/api/admin/properties?status=inactive", kind: "list" },
  { label: "Bookings, first page", path: "/api/admin/bookings", kind: "list" },
  { label: "Bookings, pending", path: "/api/admin/bookings?status=pending", kind: "list" },
  { label: "Bookings, search a guest 'priya patel'", path: "/api/admin/bookings?q=priya%20patel", kind: "list" },
  { label: "Bookings, search a city 'islington'", path: "/api/admin/bookings?q=islington", kind: "list" },
  { label: "System Logs, first page", path: "/api/admin/system-logs", kind: "list" },
  { label: "System Logs, errors", path: "/api/admin/system-logs?type=error", kind: "list" },
  { label: "System Logs, by user 'okafor'", path: "/api/admin/system-logs?user=okafor", kind: "list" },
  { label: "Dashboard figures", path: "/api/admin/stats", kind: "figures" },
  { label: "Booking figures", path: "/api/admin/bookings/stats", kind: "figures" },
  { label: "Analytics, 1 month", path: "/api/admin/analytics?period=1m", kind: "figures" },
  { label: "Analytics, 1 year", path: "/api/admin/analytics?period=1y", kind: "figures" },
];

/** A call's figures over the runs: each one's median, lowest and highest; the target is judged on the median p95. */
type Result = Probe & { [K in keyof LoopOutcome]: Spread } & {
  bytes: number;
  total: string | null;
  target: number;
  met: boolean;
};

/**
 * The admin's revenue, its demo and collected parts and the platform's fees over a period, as the API answers them
 * and as summed straight from the ledger lines of the stays checking in during it: they must be equal and not nothing.
 */
async function checkRevenue(db: Database, base: string, cookie: string, period: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/analytics?period=${period}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`analytics ${period} answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as TPlatformAnalytics;
  const summed = await db.execute<{ gross: number; fees: number; demo: number; collected: number }>(sql`
    select coalesce(sum(-e.amount_pence) filter (where a.kind in ('earnings_held', 'platform_fees')), 0)::float8 as gross,
      coalesce(sum(-e.amount_pence) filter (where a.kind = 'platform_fees'), 0)::float8 as fees,
      coalesce(sum(-e.amount_pence) filter (where a.kind in ('earnings_held', 'platform_fees') and t.demo), 0)::float8
        as demo,
      coalesce(sum(-e.amount_pence) filter (where a.kind in ('earnings_held', 'platform_fees') and not t.demo
        and exists (select 1 from ledger_transactions p where p.booking_id = b.id and p.kind = 'payment_collected')),
        0)::float8 as collected
    from bookings b
    join ledger_transactions t on t.booking_id = b.id and t.kind in ('booking_charge', 'refund')
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where b.check_in >= ${answer.from}::date and b.check_in < ${addDays(answer.to, 1)}::date
      and b.status in ('confirmed', 'completed', 'cancelled')`);
  const row = summed.rows[0] ?? { gross: 0, fees: 0, demo: 0, collected: 0 };
  expectSameMoney(`revenue, ${period}`, answer.totals.revenue, row.gross);
  expectSameMoney(`platform fees, ${period}`, answer.totals.platformFees, row.fees);
  expectSameMoney(`demo revenue, ${period}`, answer.totals.settlement.demo, row.demo, true);
  expectSameMoney(`collected revenue, ${period}`, answer.totals.settlement.collected, row.collected, true);
  return `${period}: £${answer.totals.revenue} (£${answer.totals.settlement.demo} demo, £${answer.totals.settlement.collected} collected), fees £${answer.totals.platformFees}`;
}

const loadAtStart = loadAverage();
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-admin-");
const results: Result[] = [];
const checks: string[] = [];
let data: Record<string, number> = {};
let seedSeconds = 0;
let foldSeconds = 0;
try {
  const { url, db } = await migratedDatabase(pgServer);
  const [admin] = await db
    .insert(users)
    .values({
      email: "admin@bench.example",
      passwordHash: await hash(PASSWORD),
      firstName: "Bench",
      lastName: "Admin",
      role: "admin",
      emailVerified: true,
      phoneVerified: true,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error("no bench admin");
  const totpSecret = await enrolTwoFactor(db, admin.id);
  const seedStarted = performance.now();
  const today = londonToday();
  data = await seedPlatform(db, today);
  seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log("seeded in", seedSeconds, "s", data);
  const compared = await checkSeededPostings(db, { today, realFrom: addDays(today, -365) });
  checks.push(`the seeded postings of ${compared} sampled stays equal what the app's posting functions give`);
  // The seed wrote in SQL, so every stay is waiting to be counted in the daily figures, as after the migration that
  // made them on a live database: the first fold is timed and reported, then the app folds only what changes.
  const foldStarted = performance.now();
  const folded = await foldStayFigures(db);
  foldSeconds = Math.round((performance.now() - foldStarted) / 1000);
  await db.execute(sql`vacuum analyze stay_figures_daily, stay_figures_per_stay, stay_figures_pending`);
  console.log("folded", folded, "stays into the daily figures in", foldSeconds, "s");

  const { port, child } = await startBenchServer(["app", "cache-on"], { BENCH_DATABASE_URL: url });
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookie(base, "admin@bench.example", PASSWORD, totpSecret);
    for (const period of ["1m", "1y"]) checks.push(await checkRevenue(db, base, cookie, period));
    console.log("checked:", checks);
    await db.$client.end();
    for (const probe of PROBES) {
      // A benchmark of refusals would measure nothing: each call must answer 200 first.
      const first = await fetch(`${base}${probe.path}`, { headers: { cookie } });
      const body = await first.arrayBuffer();
      if (!first.ok) throw new Error(`${probe.path} answered ${first.status}: ${Buffer.from(body)}`);
      const runs: LoopOutcome[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(
          await closedLoop(`${base}${probe.path}`, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } }),
        );
      }
      const over = (key: keyof LoopOutcome) => spreadOf(runs.map((r) => r[key]));
      const target = probe.kind === "list" ? LIST_TARGET_MS : FIGURES_TARGET_MS;
      const p95 = over("p95");
      const failures = over("failures");
      const result = {
        ...probe,
        requests: over("requests"),
        requestsPerSecond: over("requestsPerSecond"),
        p50: over("p50"),
        p95,
        p99: over("p99"),
        max: over("max"),
        failures,
        bytes: body.byteLength,
        total: first.headers.get("x-total-count"),
        target,
        met: p95.median < target && failures.max === 0,
      };
      console.log(result);
      results.push(result);
    }
  } finally {
    child.kill("SIGTERM");
  }
} finally {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}

const loadAtEnd = loadAverage();
if (!WRITE_RESULTS) {
  console.log("A reduced or dry run: bench/results left as they were; load", loadAtStart, "→", loadAtEnd);
  process.exit(0);
}
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  fromRoot("bench/results/admin.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtStart, loadAtEnd, seconds: SECONDS, runs: RUNS, connections: CONNECTIONS, data, seedSeconds, foldSeconds, checks, results }, null, 2)}\n`,
);
const missed = results.filter((r) => !r.met);
const rows = results.map(
  (r) =>
    `| ${r.label} | \`${r.path}\` | ${r.total ?? "–"} | ${(r.bytes / 1024).toFixed(1)} | ${showSpread(r.requestsPerSecond)} | ${showSpread(r.p50)} | **${showSpread(r.p95)}** | ${showSpread(r.p99)} | ${showSpread(r.max)} | ${r.failures.max} | ${r.met ? "yes" : "**no**"} (< ${r.target}) |`,
);
writeFileSync(
  fromRoot("bench/results/admin.md"),
  `# Admin area benchmark

Reproduce: \`npm run bench:admin\` (it starts its own embedded PostgreSQL and removes it after).

Machine: ${machine}. Embedded PostgreSQL 17; the app (its own process) and the load generator share the machine.
Load average (1/5/15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end.

Data, seeded in SQL in ${seedSeconds} s: ${data.users} users, ${data.properties} listings, ${data.bookings} bookings
with their money in the ledger (${data.ledgerTransactions} transactions, ${data.ledgerEntries} entries: charges, demo and card
payments, refunds, managers' fees, transfers), ${data.auditEntries} audit entries. Counting every stay into the admin's
daily money figures the first time (as the migration that made them leaves a live database) took ${foldSeconds} s. An admin signed in; ${CONNECTIONS} connections
in a closed loop for ${SECONDS} s per call, ${RUNS} runs of each; every latency kept (exact percentiles). Each figure is the
median of the runs, with their lowest and highest in brackets when they differ; a target is judged on the median p95.

Checked before timing: ${checks.join("; ")}.

Targets: list and search pages p95 under ${LIST_TARGET_MS} ms; figures (dashboard, booking figures, analytics) under ${FIGURES_TARGET_MS} ms.

| Call | path | matches | KiB | req/s | p50 ms | p95 ms | p99 ms | max ms | failures | target met |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

${missed.length === 0 ? "Every call meets its target." : `Missed: ${missed.map((r) => r.label).join("; ")}.`}
`,
);
