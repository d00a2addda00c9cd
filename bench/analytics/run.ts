/**
 * Landlord figures over a large data set (issue 5): ~200 landlords, ~10,000 properties and ~300,000
 * bookings over two years with their money in the ledger, plus one big landlord with 300 properties, seeded in
 * SQL. Before timing, the seeded postings are compared with the app's posting functions for a sample of stays, and
 * the big landlord's revenue figures the API answers with a direct sum over the ledger. The big landlord signs in
 * and the app (its own process) answers the analytics and My Properties calls under load, BENCH_RUNS times (3: the
 * median and spread are reported); then each repository statement behind them is timed and explained on its own.
 * `npm run bench:analytics` writes bench/results/analytics.{md,json} and bench/results/analytics-explain.txt;
 * BENCH_SCALE=0.05 BENCH_RUNS=1 BENCH_SECONDS=1 is a quick check of the bench that writes nothing (nor does any run
 * with BENCH_SCALE below 1 or BENCH_NO_RESULTS set).
 */
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { hash } from "@node-rs/argon2";
import autocannon from "autocannon";
import { type SQL, sql } from "drizzle-orm";
import { addDays, dayOfWeek, londonToday } from "../../common/domain/calendar-dates";
import type { TLandlordAnalytics, TRevenueAnalytics } from "../../common/schemas/analytics";
import { createDatabase, type Database } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import * as analytics from "../../server/repositories/landlord-analytics.repository";
import { foldStayFigures } from "../../server/repositories/stay-figures.repository";
import { migratedDatabase, signInCookie, startBenchPostgres, stayStatusByDate } from "../support/bench-postgres";
import { type LoadOutcome, loadOutcome } from "../support/load-outcome";
import { benchRuns, expectSameMoney, loadAverage, type Spread, showSpread, spreadOf } from "../support/run-stats";
import { startBenchServer } from "../support/serve-process";
import { checkSeededPostings, postSeededStays } from "../support/stay-ledger";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = benchRuns();
/** A fraction of the full size, for a quick run while developing. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error("BENCH_SCALE is a fraction of the full size, above 0 and at most 1");
/** The committed results are of the full data set only: a reduced or dry run leaves them as they are. */
const WRITE_RESULTS = !process.env.BENCH_NO_RESULTS && SCALE === 1;
const LANDLORDS = Math.max(2, Math.round(200 * SCALE));
const PROPERTIES_EACH = 50;
const BIG_PROPERTIES = Math.max(10, Math.round(300 * SCALE));
const GUESTS = Math.max(20, Math.round(2_000 * SCALE));
const MANAGERS = Math.max(2, Math.round(20 * SCALE));
/** Days covered by the bookings: two years, ending three weeks ahead. */
const SPAN_DAYS = 720;
const FIRST_DAY_OFFSET = -700;
/** Each property's calendar is cut into slots of this many days, one stay (or none) per slot. */
const SLOT_DAYS = 24;
const BIG_SLOT_DAYS = 10;
/** A statement slower than this for the big landlord needs work (the brief's bar). */
const SLOW_STATEMENT_MS = 200;
const CONNECTIONS = [4, 16];
const PASSWORD = "bench-passphrase-for-analytics";
const ENDPOINTS = [
  "/api/analytics/landlord",
  "/api/analytics/revenue",
  "/api/analytics/monthly-revenue",
  "/api/analytics/occupancy",
  "/api/properties/my-properties",
];

/** A call's figures under load over the runs: each one's median, lowest and highest. */
type Outcome = { path: string; connections: number } & { [K in keyof LoadOutcome]: Spread };
type StatementTiming = {
  name: string;
  usedBy: string;
  rows: number;
  medianMs: number;
  maxMs: number;
  slow: boolean;
  /** The same statement with random_page_cost = 1.1 (the usual setting for SSDs), for comparison only. */
  lowCostMs: number;
  lowCostPlanChanged: boolean;
  /**
   * The plan reads the whole bookings table or ledger, every landlord's: its cost grows with the platform, not the
   * landlord.
   */
  readsEveryBooking: boolean;
};

/** The plan's node types, to tell whether a setting changed the plan. */
const planShape = (lines: string[]) =>
  lines
    .filter((l) => l.includes("(cost="))
    .map((l) => l.replace(/\(cost=.*$/, "").trim())
    .join("|");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** 'YYYY-MM-01' `months` months from the month starting on `monthStart`, as the service counts. */
function addMonths(monthStart: string, months: number): string {
  const [year, month] = monthStart.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/**
 * Landlords, guests, managers, properties (some inactive, some under maintenance, some new), photos, bookings and
 * their money (demo money in the first year, card payments since), blocks.
 */
async function seed(db: Database, bigOwnerId: number, today: string): Promise<Record<string, number>> {
  await db.execute(sql`
    insert into users (email, role, is_approved, email_verified, phone_verified)
    select 'landlord-' || g || '@bench.example', 'landlord', true, true, true from generate_series(1, ${LANDLORDS}::int) g`);
  await db.execute(sql`
    insert into users (email, email_verified) select 'guest-' || g || '@bench.example', true
    from generate_series(1, ${GUESTS}::int) g`);
  await db.execute(sql`
    insert into users (email, role, email_verified, phone_verified)
    select 'manager-' || g || '@bench.example', 'property_manager', true, true from generate_series(1, ${MANAGERS}::int) g`);
  const firstGuest = Number(
    (await db.execute<{ id: number }>(sql`select min(id)::int as id from users where role = 'guest'`)).rows[0]?.id,
  );
  // Other landlords' 50 properties each, then the big landlord's 300. One in ten is new (listed in the
  // last eight weeks, so occupancy counts from its listing date); a few are inactive or under maintenance.
  await db.execute(sql`
    insert into properties (owner_id, slug, title, description, address, city, price_per_night, price_per_month,
      bedrooms, max_guests, is_active, under_maintenance, created_at)
    select o.owner_id, 'bench-' || o.owner_id || '-' || g, 'Bench flat ' || o.owner_id || '-' || g,
      'A serviced flat for the analytics benchmark.', g || ' Bench Street, London', 'Camden',
      80 + (g * 37) % 300, 2400 + (g * 37) % 300 * 25, 1 + g % 4, 2 + g % 5,
      g % 40 <> 7, g % 50 = 3,
      case when g % 10 = 0 then now() - (g % 56) * interval '1 day' else now() - interval '800 days' end
    from (
      select id as owner_id, ${PROPERTIES_EACH}::int as n from users where role = 'landlord' and id <> ${bigOwnerId}::int
      union all select ${bigOwnerId}::int, ${BIG_PROPERTIES}::int
    ) o
    cross join lateral generate_series(1, o.n) g`);
  await db.execute(sql`
    insert into property_photos (property_id, url, display_order, is_main)
    select p.id, 'https://images.example/bench/' || p.id || '/' || k || '.jpg', k, k = 0
    from properties p cross join generate_series(0, 3) k`);
  // Bookings are seeded as history, not made through the service: the blocked-nights trigger would only
  // re-check what the slots below already guarantee, row by row. (The policy-copying trigger stays on.)
  await db.execute(sql`alter table bookings disable trigger bookings_no_blocked_nights`);
  // One stay per slot: it starts 0–2 days into the slot and lasts 2 to (slot − 5) nights, so the last two
  // nights of every slot stay free (some are blocked below) and no two stays overlap. Past stays are
  // completed (one in ten cancelled); current ones confirmed; future ones confirmed, pending or cancelled.
  await db.execute(sql`
    insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
      created_at)
    select s.id, ${firstGuest}::int + s.h % ${GUESTS}::int, x.check_in, x.check_in + x.nights,
      x.nights * s.price_per_night * 1.1, x.nights * s.price_per_night * 0.1, x.status::booking_status, 1 + s.h % 3,
      (x.check_in - 14 - s.h % 30)::timestamptz
    from (
      select p.id, p.price_per_night, p.slot, k, abs(hashtext(p.id || ':' || k)) as h
      from (
        select id, price_per_night, case when owner_id = ${bigOwnerId}::int then ${BIG_SLOT_DAYS}::int else ${SLOT_DAYS}::int end as slot
        from properties
      ) p
      cross join lateral generate_series(0, ${SPAN_DAYS}::int / p.slot - 1) k
    ) s
    cross join lateral (
      select current_date + ${FIRST_DAY_OFFSET}::int + s.k * s.slot + s.h % 3 as check_in, 2 + (s.h / 7) % (s.slot - 5) as nights
    ) d
    ${stayStatusByDate}`);
  await db.execute(sql`alter table bookings enable trigger bookings_no_blocked_nights`);
  const ledger = await postSeededStays(db, { today, realFrom: addDays(today, -365) });
  // Blocked nights: the last night of every fourth slot of every third property.
  await db.execute(sql`
    insert into availability (property_id, date, status)
    select p.id, current_date + ${FIRST_DAY_OFFSET}::int + k * p.slot + p.slot - 1, 'blocked'
    from (
      select id, case when owner_id = ${bigOwnerId}::int then ${BIG_SLOT_DAYS}::int else ${SLOT_DAYS}::int end as slot
      from properties where id % 3 = 0
    ) p
    cross join lateral generate_series(0, ${SPAN_DAYS}::int / p.slot - 1) k
    where k % 4 = 0`);
  await db.execute(sql`vacuum analyze`);
  const counts = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from users where role = 'landlord') as landlords,
      (select count(*)::int from properties) as properties,
      (select count(*)::int from property_photos) as photos,
      (select count(*)::int from bookings) as bookings,
      (select count(*)::int from availability) as "blockedNights",
      (select count(*)::int from properties where owner_id = ${bigOwnerId}::int) as "bigLandlordProperties",
      (select count(*)::int from bookings b join properties p on p.id = b.property_id where p.owner_id = ${bigOwnerId}::int)
        as "bigLandlordBookings"`);
  return { ...counts.rows[0], ledgerTransactions: ledger.transactions, ledgerEntries: ledger.entries };
}

/** The repository's statements for the big landlord, with the periods the service asks for today. */
function bigLandlordStatements(ownerId: number): { name: string; usedBy: string; run: (db: Database) => unknown }[] {
  const scope = { ownerId };
  const today = londonToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonthStart = addMonths(monthStart, 1);
  const thisMonday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const weeksFrom = addDays(thisMonday, -7 * 7);
  const weeksTo = addDays(thisMonday, 7);
  return [
    { name: "findTotals", usedBy: "landlord, revenue", run: (db) => analytics.findTotals(db, scope) },
    {
      name: `sumRevenueByPropertyAndMonth ${monthStart}..${nextMonthStart}`,
      usedBy: "landlord, my-properties",
      run: (db) => analytics.sumRevenueByPropertyAndMonth(db, scope, monthStart, nextMonthStart),
    },
    {
      name: `sumRevenueByPropertyAndMonth ${addMonths(monthStart, -1)}..${nextMonthStart}`,
      usedBy: "revenue",
      run: (db) => analytics.sumRevenueByPropertyAndMonth(db, scope, addMonths(monthStart, -1), nextMonthStart),
    },
    {
      name: `sumRevenueByPropertyAndMonth ${addMonths(monthStart, -8)}..${nextMonthStart}`,
      usedBy: "monthly-revenue",
      run: (db) => analytics.sumRevenueByPropertyAndMonth(db, scope, addMonths(monthStart, -8), nextMonthStart),
    },
    {
      name: "findLatestRevenueBookings 20",
      usedBy: "revenue",
      run: (db) => analytics.findLatestRevenueBookings(db, scope, 20, today),
    },
    {
      name: `countNightsByProperty ${monthStart}..${nextMonthStart}`,
      usedBy: "landlord, occupancy, my-properties",
      run: (db) => analytics.countNightsByProperty(db, scope, monthStart, nextMonthStart, today),
    },
    {
      name: `countNightsByWeekAndWeekday ${weeksFrom}..${weeksTo}`,
      usedBy: "occupancy",
      run: (db) => analytics.countNightsByWeekAndWeekday(db, scope, weeksFrom, weeksTo, today),
    },
    {
      name: `countStaysByProperty ${weeksFrom}..${weeksTo}`,
      usedBy: "occupancy",
      run: (db) => analytics.countStaysByProperty(db, scope, weeksFrom, weeksTo, today),
    },
    { name: "findOccupancyProperties", usedBy: "occupancy", run: (db) => analytics.findOccupancyProperties(db, scope) },
    { name: "findMyPropertyRows", usedBy: "my-properties", run: (db) => analytics.findMyPropertyRows(db, scope) },
  ];
}

/** The SQL a repository function sends, caught by a stand-in database that answers nothing. */
async function captureStatement(run: (db: Database) => unknown): Promise<SQL> {
  const caught: SQL[] = [];
  const fake = {
    execute: async (query: SQL) => {
      caught.push(query);
      return { rows: [] };
    },
  } as unknown as Database;
  await run(fake);
  if (caught.length !== 1) throw new Error(`expected one statement, caught ${caught.length}`);
  return caught[0] as SQL;
}

async function load(base: string, cookie: string, requestPath: string, connections: number): Promise<Outcome> {
  const runs: LoadOutcome[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await autocannon({
      url: `${base}${requestPath}`,
      connections,
      duration: DURATION_S,
      headers: { cookie },
    });
    runs.push(loadOutcome(result, 1));
  }
  const over = (key: keyof LoadOutcome) => spreadOf(runs.map((r) => r[key]));
  const outcome = {
    path: requestPath,
    connections,
    requestsPerSecond: over("requestsPerSecond"),
    p50: over("p50"),
    p90: over("p90"),
    p99: over("p99"),
    non2xx: over("non2xx"),
    errors: over("errors"),
  };
  console.log(outcome);
  return outcome;
}

/**
 * The big landlord's revenue as the API answers it (all-time, its demo and collected parts, this month's, and the
 * count of stays that earned) against a direct sum of their earnings lines in the ledger: equal, and not nothing.
 */
async function checkRevenue(db: Database, base: string, cookie: string, ownerId: number): Promise<string> {
  const get = async <T>(requestPath: string): Promise<T> => {
    const response = await fetch(`${base}${requestPath}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${requestPath} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const summary = await get<TLandlordAnalytics>("/api/analytics/landlord");
  const revenue = await get<TRevenueAnalytics>("/api/analytics/revenue");
  const monthStart = `${londonToday().slice(0, 7)}-01`;
  const summed = await db.execute<{
    total: number;
    demo: number;
    collected: number;
    month: number;
    stays: number;
  }>(sql`
    select coalesce(sum(pence), 0)::float8 as total,
      coalesce(sum(pence) filter (where demo), 0)::float8 as demo,
      coalesce(sum(pence) filter (where collected and not demo), 0)::float8 as collected,
      coalesce(sum(pence) filter (where check_in >= ${monthStart}::date and check_in < ${addMonths(monthStart, 1)}::date), 0)::float8
        as month,
      count(*)::int as stays
    from (
      select b.check_in, bool_or(t.demo) as demo, bool_or(t.kind = 'payment_collected') as collected,
        -sum(e.amount_pence) filter (where a.kind = 'earnings_held' and a.party_id = ${ownerId}::int
          and t.kind in ('booking_charge', 'refund')) as pence
      from bookings b
      join properties p on p.id = b.property_id and p.owner_id = ${ownerId}::int
      join ledger_transactions t on t.booking_id = b.id
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      group by b.id
    ) x
    where pence > 0`);
  const row = summed.rows[0] ?? { total: 0, demo: 0, collected: 0, month: 0, stays: 0 };
  expectSameMoney("total revenue", summary.totalRevenue, row.total);
  expectSameMoney("revenue page's total", revenue.totalRevenue, row.total);
  expectSameMoney("demo revenue", summary.settlement.demo, row.demo, true);
  expectSameMoney("collected revenue", summary.settlement.collected, row.collected, true);
  expectSameMoney("this month's revenue", summary.monthlyRevenue, row.month, true);
  if (revenue.totalTransactions !== row.stays || row.stays === 0) {
    throw new Error(`stays that earned: the API answered ${revenue.totalTransactions}, the ledger has ${row.stays}`);
  }
  return `the big landlord's revenue £${summary.totalRevenue} (£${summary.settlement.demo} demo, £${summary.settlement.collected} collected, £${summary.monthlyRevenue} this month, ${row.stays} stays) equals the ledger's sum`;
}

// Other work on the machine skews the figures: the load when the run began and ended goes into the results.
const loadAtStart = loadAverage();
const checks: string[] = [];
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-analytics-");
const outcomes: Outcome[] = [];
const answers: { path: string; bytes: number; firstMs: number; oneAtATimeMs: number }[] = [];
const timings: StatementTiming[] = [];
const explains: string[] = [];
let data: Record<string, number> = {};
let seedSeconds = 0;
let foldSeconds = 0;
try {
  const { url, db } = await migratedDatabase(pgServer);
  const [big] = await db
    .insert(users)
    .values({
      email: "big-landlord@bench.example",
      passwordHash: await hash(PASSWORD),
      role: "landlord",
      isApproved: true,
      emailVerified: true,
      phoneVerified: true,
      phoneNumber: "+447700900123",
    })
    .returning({ id: users.id });
  if (!big) throw new Error("no big landlord");
  const seedStarted = performance.now();
  const today = londonToday();
  data = await seed(db, big.id, today);
  seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log("seeded in", seedSeconds, "s", data);
  // Seeded in SQL, every stay is waiting to be counted into the stay figures the landlord's money is read from, as
  // the migration that made them leaves a live database: the first fold is timed and reported, then the app folds
  // only what changes.
  const foldStarted = performance.now();
  const folded = await foldStayFigures(db);
  foldSeconds = Math.round((performance.now() - foldStarted) / 1000);
  console.log("folded", folded, "stays in", foldSeconds, "s");
  const compared = await checkSeededPostings(db, { today, realFrom: addDays(today, -365) });
  checks.push(`the seeded postings of ${compared} sampled stays equal what the app's posting functions give`);

  const { port, child } = await startBenchServer(["app", "cache-on"], { BENCH_DATABASE_URL: url });
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookie(base, "big-landlord@bench.example", PASSWORD);
    checks.push(await checkRevenue(db, base, cookie, big.id));
    console.log("checked:", checks);
    // A benchmark of refusals would measure nothing: each call must answer 200 first. The first answer
    // also pays for fresh pool connections (catalog caches, first plans); then ten, one at a time.
    const timed = async (requestPath: string) => {
      const started = performance.now();
      const response = await fetch(`${base}${requestPath}`, { headers: { cookie } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${requestPath} answered ${response.status}: ${Buffer.from(body)}`);
      return { bytes: body.byteLength, ms: performance.now() - started };
    };
    for (const requestPath of ENDPOINTS) {
      const first = await timed(requestPath);
      const runs: number[] = [];
      for (let i = 0; i < 10; i++) runs.push((await timed(requestPath)).ms);
      answers.push({
        path: requestPath,
        bytes: first.bytes,
        firstMs: Math.round(first.ms),
        oneAtATimeMs: Math.round(median(runs)),
      });
    }
    for (const connections of CONNECTIONS) {
      for (const requestPath of ENDPOINTS) outcomes.push(await load(base, cookie, requestPath, connections));
    }
  } finally {
    child.kill("SIGTERM");
  }

  // Each statement on its own, on an idle database: ten runs for the timing, then one explained. Then
  // the same with random_page_cost = 1.1 on a connection of its own (PostgreSQL's default of 4 assumes
  // spinning disks), to show whether the planner's choice is what costs the time.
  const lowCost = createDatabase(url, { max: 1 });
  await lowCost.execute(sql`set random_page_cost = 1.1`);
  // Both settings run the statement once to warm the cache, then take turns, so neither is measured on
  // colder pages than the other (measured one after the other, the second always looked faster).
  const timeBoth = async (query: SQL) => {
    const runs = { app: [] as number[], lowCost: [] as number[] };
    let rows = 0;
    await db.execute(query);
    await lowCost.execute(query);
    for (let i = 0; i < 10; i++) {
      for (const [name, on] of [
        ["app", db],
        ["lowCost", lowCost],
      ] as const) {
        const started = performance.now();
        rows = (await on.execute(query)).rows.length;
        runs[name].push(performance.now() - started);
      }
    }
    const summary = (list: number[]) => ({ median: median(list), max: Math.max(...list) });
    return { rows, app: summary(runs.app), lowCost: summary(runs.lowCost) };
  };
  const planOf = async (on: Database, query: SQL, options: SQL) =>
    (await on.execute<{ "QUERY PLAN": string }>(sql`explain ${options} ${query}`)).rows.map((r) => r["QUERY PLAN"]);
  for (const statement of bigLandlordStatements(big.id)) {
    const query = await captureStatement(statement.run);
    const measured = await timeBoth(query);
    const { rows } = measured;
    const { median: medianMs, max } = measured.app;
    const low = measured.lowCost;
    const plan = await planOf(db, query, sql.raw("(analyze, buffers)"));
    const lowPlan = await planOf(lowCost, query, sql.raw("(analyze, buffers)"));
    const timing = {
      name: statement.name,
      usedBy: statement.usedBy,
      rows,
      medianMs: round1(medianMs),
      maxMs: round1(max),
      slow: medianMs > SLOW_STATEMENT_MS,
      lowCostMs: round1(low.median),
      lowCostPlanChanged: planShape(plan) !== planShape(lowPlan),
      readsEveryBooking: plan.some((line) => /Seq Scan on (bookings|ledger_transactions|ledger_entries)\b/.test(line)),
    };
    console.log(timing);
    timings.push(timing);
    explains.push(
      `== ${statement.name} (used by ${statement.usedBy}; median of 10 runs ${timing.medianMs} ms, ${rows} rows)\n` +
        `${plan.join("\n")}\n` +
        (timing.lowCostPlanChanged
          ? `\n-- the same with random_page_cost = 1.1 (median ${timing.lowCostMs} ms):\n${lowPlan.join("\n")}\n`
          : ""),
    );
  }
  await lowCost.$client.end();
  await db.$client.end();
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
const slow = timings.filter((t) => t.slow);
writeFileSync(
  fromRoot("bench/results/analytics.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtStart, loadAtEnd, durationSeconds: DURATION_S, runs: RUNS, data, checks, seedSeconds, foldSeconds, answers, outcomes, statements: timings, slowStatementMs: SLOW_STATEMENT_MS }, null, 2)}\n`,
);
writeFileSync(
  fromRoot("bench/results/analytics-explain.txt"),
  `-- EXPLAIN (ANALYZE, BUFFERS) of the landlord analytics statements for the big landlord (${data.bigLandlordProperties} properties, ${data.bigLandlordBookings} bookings)\n` +
    `-- among ${data.properties} properties and ${data.bookings} bookings; generated by npm run bench:analytics on ${new Date().toISOString().slice(0, 10)}\n\n` +
    explains.join("\n"),
);
/** The conclusions, from the figures of this run. */
function readingIt(): string[] {
  const oneAtATime = answers.map((a) => a.oneAtATimeMs);
  const rate = (connections: number) => outcomes.filter((o) => o.connections === connections);
  const rates = rate(CONNECTIONS[0] as number).map((o) => o.requestsPerSecond.median);
  const worstP99 = Math.max(...rate(CONNECTIONS[1] as number).map((o) => o.p99.median));
  const lines = [
    `What a landlord-sized answer costs: for ${data.bigLandlordProperties} properties and ${data.bigLandlordBookings} ` +
      `bookings, one request at a time takes ${Math.min(...oneAtATime)}–${Math.max(...oneAtATime)} ms, and the machine ` +
      `answers ${Math.min(...rates)}–${Math.max(...rates)} requests a second per call (PostgreSQL and the app share two ` +
      `cores with the load generator). More connections only lengthen the queue: p99 up to ${worstP99} ms at ` +
      `${CONNECTIONS[1]}. These answers are per user and never cached, so every request pays for all its statements.`,
    slow.length === 0
      ? `No statement takes ${SLOW_STATEMENT_MS} ms or more for the big landlord.`
      : `Slow for the big landlord (over ${SLOW_STATEMENT_MS} ms): ${slow.map((t) => t.name).join("; ")}. ` +
        "See their plans in analytics-explain.txt.",
  ];
  const changes = timings.map((t) => (t.lowCostMs - t.medianMs) / t.medianMs);
  const pct = (x: number) => `${x > 0 ? "+" : ""}${Math.round(x * 100)}%`;
  lines.push(
    `random_page_cost = 1.1 instead of PostgreSQL's default 4 changes these statements by ${pct(Math.min(...changes))} ` +
      `to ${pct(Math.max(...changes))} (measured taking turns on a warm cache), so the embedded database keeps the default.`,
  );
  const readers = timings.filter((t) => t.readsEveryBooking);
  if (readers.length > 0) {
    lines.push(
      `Needs work: ${readers.map((t) => `${t.name} (${t.medianMs} ms; ${t.lowCostMs} ms with random_page_cost = 1.1)`).join(", ")} ` +
        "read every landlord's bookings or their money: a (parallel) sequential scan of the whole bookings table or " +
        "ledger, joined to the " +
        "landlord's properties. With PostgreSQL's default random_page_cost of 4 the planner prices one index probe " +
        "per property above a scan of the table, so their cost grows with the platform's bookings, not the " +
        "landlord's, and the parallel workers take CPU from the other requests. With random_page_cost = 1.1 (a " +
        "database that fits in memory or sits on SSD) they probe bookings_property_dates_idx per property instead. " +
        "Either set random_page_cost for the database or start these statements from the landlord's properties " +
        "(a lateral subquery per property).",
    );
  }
  return lines;
}

const loadRows = outcomes.map(
  (o) =>
    `| ${o.path} | ${o.connections} | ${showSpread(o.requestsPerSecond)} | ${showSpread(o.p50)} | ${showSpread(o.p99)} | ${o.non2xx.max} | ${o.errors.max} |`,
);
const answerRows = answers.map(
  (a) => `| ${a.path} | ${(a.bytes / 1024).toFixed(1)} | ${a.firstMs} | ${a.oneAtATimeMs} |`,
);
const statementRows = timings.map(
  (t) =>
    `| ${t.name} | ${t.usedBy} | ${t.rows} | ${t.medianMs} | ${t.maxMs} | ${t.slow ? "**slow**" : "ok"} | ${t.lowCostMs}${t.lowCostPlanChanged ? " (other plan)" : ""} |`,
);
writeFileSync(
  fromRoot("bench/results/analytics.md"),
  `# Landlord analytics benchmark

Reproduce: \`npm run bench:analytics\` (it starts its own embedded PostgreSQL and removes it after).

Machine: ${machine}. Embedded PostgreSQL 17; app (own process) and load generator share the machine.
Load average (1/5/15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end.

Data, seeded in SQL in ${seedSeconds} s: ${data.landlords} landlords, ${data.properties} properties (${data.photos} photos),
${data.bookings} bookings over two years (completed, confirmed, pending, cancelled) with their money in the ledger
(${data.ledgerTransactions} transactions, ${data.ledgerEntries} entries: charges, demo and card payments, refunds, managers' fees,
transfers), ${data.blockedNights} blocked nights. Counting every stay into the stay figures the landlord's money is
read from, the first time (as the migration that made them leaves a live database), took ${foldSeconds} s.
The signed-in landlord is the big one: ${data.bigLandlordProperties} properties and ${data.bigLandlordBookings} bookings.

Checked before timing: ${checks.join("; ")}.

## The answers, one request at a time

| Call | KiB | first answer ms | median of the next 10, ms |
|---|---|---|---|
${answerRows.join("\n")}

## Under load: ${DURATION_S} s per call and connection count, ${RUNS} runs (median, lowest–highest in brackets)

| Call | connections | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|---|
${loadRows.join("\n")}

## The statements, each alone (median and worst of 10 runs, the two settings taking turns; plans in analytics-explain.txt)

| Statement | used by | rows | median ms | max ms | < ${SLOW_STATEMENT_MS} ms? | median ms, random_page_cost 1.1 |
|---|---|---|---|---|---|---|
${statementRows.join("\n")}

## Reading it

${readingIt().join("\n\n")}
`,
);
