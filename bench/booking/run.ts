/**
 * Booking under load, against the embedded PostgreSQL (issue 4):
 *   contention  200 guests ask for the same nights of one property at the same moment; exactly one may win
 *   sustained   bookings of disjoint nights as fast as the app takes them (bookings per second)
 * `npm run bench:booking` writes bench/results/booking.json and bench/results/booking.md.
 */

import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { hash } from "@node-rs/argon2";
import autocannon from "autocannon";
import { and, eq, sql } from "drizzle-orm";
import { addDays, dayOfWeek, londonToday } from "../../common/domain/calendar-dates";
import { bookings, properties, users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { machineLines, machineState } from "../search/search-load";
import { migratedDatabase, signInCookie, startBenchPostgres } from "../support/bench-postgres";
import { loadOutcome } from "../support/load-outcome";
import { cpuPerRequest, type ProcessCpu, processCpu } from "../support/process-cpu";
import { startBenchServer } from "../support/serve-process";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const GUESTS = 200;
const PROPERTIES = 400;
const CONTENTION_ROUNDS = 5;
const PASSWORD = "bench-passphrase-for-booking";

const startServer = (env: NodeJS.ProcessEnv) => startBenchServer(["app", "cache-on"], env);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

let monday = addDays(londonToday(), 28);
while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
const FIRST_MONDAY = monday;

const before = await machineState();
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-booking-");
type Round = {
  winners: number;
  conflicts: number;
  other: number;
  otherStatuses: string;
  rowsInDatabase: number;
  wallMs: number;
  p50: number;
  p99: number;
};
const contention: Round[] = [];
let sustained: Record<string, number> = {};
let cpuPerBooking: ProcessCpu = { app: 0, database: 0, loadGenerator: 0 };
try {
  const { url, db } = await migratedDatabase(pgServer);
  const passwordHash = await hash(PASSWORD);
  const [owner] = await db
    .insert(users)
    .values({
      email: "owner@bench.example",
      role: "landlord",
      isApproved: true,
      emailVerified: true,
      phoneVerified: true,
    })
    .returning();
  if (!owner) throw new Error("no owner");
  await db.insert(users).values(
    Array.from({ length: GUESTS }, (_, i) => ({
      email: `guest-${i}@bench.example`,
      passwordHash,
      emailVerified: true,
      phoneVerified: true,
    })),
  );
  const listed = await db
    .insert(properties)
    .values(
      Array.from({ length: PROPERTIES }, (_, i) => ({
        ownerId: owner.id,
        slug: `bench-flat-${i}`,
        title: `Bench Flat ${i}`,
        description: "A flat for the booking benchmark.",
        address: `${i} Bench Street, Camden, London`,
        city: "Camden",
        pricePerNight: "180.00",
        pricePerMonth: "4000.00",
        maxGuests: 4,
      })),
    )
    .returning({ id: properties.id });
  const propertyIds = listed.map((p) => p.id);

  const { port, child } = await startServer({ BENCH_DATABASE_URL: url });
  const base = `http://127.0.0.1:${port}`;
  try {
    // One session per guest, a few sign-ins at a time (argon2 makes each cost ~25 ms of CPU).
    const cookies: string[] = [];
    for (let i = 0; i < GUESTS; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, GUESTS - i) }, async (_, j) => {
          return signInCookie(base, `guest-${i + j}@bench.example`, PASSWORD);
        }),
      );
      cookies.push(...batch);
    }
    const body = (propertyId: number, checkIn: string, nights: number) =>
      JSON.stringify({
        propertyId,
        checkIn,
        checkOut: addDays(checkIn, nights),
        guestCount: 2,
        guestInfo: { firstName: "Bench", lastName: "Guest", email: "bench@example.com" },
      });

    // Contention: every guest asks for overlapping stays of one property at once.
    for (let round = 0; round < CONTENTION_ROUNDS; round++) {
      const propertyId = propertyIds[round] as number;
      const started = performance.now();
      const answers = await Promise.all(
        cookies.map(async (cookie, i) => {
          const sent = performance.now();
          const response = await fetch(`${base}/api/bookings`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie },
            // Overlapping, not identical: each stay starts on one of the first three nights.
            body: body(propertyId, addDays(FIRST_MONDAY, i % 3), 3),
          });
          await response.arrayBuffer();
          return { status: response.status, ms: performance.now() - sent };
        }),
      );
      const wallMs = Math.round(performance.now() - started);
      const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.propertyId, propertyId)));
      const outcome = {
        winners: answers.filter((a) => a.status === 201).length,
        conflicts: answers.filter((a) => a.status === 409).length,
        other: answers.filter((a) => a.status !== 201 && a.status !== 409).length,
        otherStatuses: [...new Set(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 409))].join(","),
        rowsInDatabase: row?.n ?? -1,
        wallMs,
        p50: Math.round(percentile(latencies, 0.5)),
        p99: Math.round(percentile(latencies, 0.99)),
      };
      console.log("contention", outcome);
      if (outcome.winners !== 1 || outcome.rowsInDatabase !== 1 || outcome.other !== 0) {
        throw new Error(`a night was sold more than once or a request failed: ${JSON.stringify(outcome)}`);
      }
      contention.push(outcome);
    }

    // Sustained: each request books its own slot (property × week), so none conflict.
    let slot = 0;
    let turn = 0;
    const slotsPerProperty = 50;
    const cpuBefore = processCpu(child.pid, dir);
    const result = await autocannon({
      url: base,
      duration: DURATION_S,
      connections: 16,
      requests: [
        {
          method: "POST",
          path: "/api/bookings",
          setupRequest: (request) => {
            const n = slot++;
            const propertyId = propertyIds[CONTENTION_ROUNDS + (n % (PROPERTIES - CONTENTION_ROUNDS))] as number;
            const week = Math.floor(n / (PROPERTIES - CONTENTION_ROUNDS)) % slotsPerProperty;
            request.headers = {
              ...request.headers,
              "content-type": "application/json",
              cookie: cookies[turn++ % GUESTS] ?? "",
            };
            request.body = body(propertyId, addDays(FIRST_MONDAY, 7 * (week + 2)), 3);
            return request;
          },
        },
      ],
    });
    const [made] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(sql`${bookings.propertyId} not in ${propertyIds.slice(0, CONTENTION_ROUNDS)}`);
    cpuPerBooking = cpuPerRequest(cpuBefore, processCpu(child.pid, dir), made?.n ?? 0);
    sustained = {
      connections: 16,
      bookingsPerSecond: Math.round((made?.n ?? 0) / DURATION_S),
      bookingsMade: made?.n ?? 0,
      ...loadOutcome(result),
    };
    console.log("sustained", sustained, "CPU ms per booking", cpuPerBooking);
  } finally {
    // The app closes its connections on the way out; stopping PostgreSQL before it has would cut them under it.
    if (child.exitCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    await db.$client.end();
  }
} finally {
  await pgServer.stop();
}

const machineStates = { before, after: await machineState() };
writeFileSync(
  fromRoot("bench/results/booking.json"),
  `${JSON.stringify({ machine: machineStates, durationSeconds: DURATION_S, contention, sustained, cpuPerBooking }, null, 2)}\n`,
);
const rounds = contention.map(
  (r, i) => `| ${i + 1} | ${r.winners} | ${r.conflicts} | ${r.rowsInDatabase} | ${r.wallMs} | ${r.p50} | ${r.p99} |`,
);
writeFileSync(
  fromRoot("bench/results/booking.md"),
  `# Booking benchmark

${machineLines(machineStates).join("\n")}
Embedded PostgreSQL 17 as a throw-away cluster, without fsync or synchronous commit: a commit here does not wait
for the disk as production's does. App and load generator share the machine.

## Contention: ${GUESTS} simultaneous requests for overlapping nights of one property

| Round | 201 | 409 | bookings in the database | all answered after (ms) | p50 ms | p99 ms |
|---|---|---|---|---|---|---|
${rounds.join("\n")}

The run stops with an error if any round has more or fewer than one winner, or any answer other than 201 or 409.

## Sustained: disjoint nights, ${sustained.connections} connections, ${DURATION_S} s

| bookings/s | bookings made | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|
| ${sustained.bookingsPerSecond} | ${sustained.bookingsMade} | ${sustained.p50} | ${sustained.p99} | ${sustained.non2xx} | ${sustained.errors} |

CPU per booking made in the sustained phase: the app ${cpuPerBooking.app} ms, PostgreSQL ${cpuPerBooking.database} ms, the load
generator ${cpuPerBooking.loadGenerator} ms (bench/support/process-cpu.ts). On a shared machine bookings/s falls with the load;
the CPU a booking costs moves much less, so it is the figure to compare between runs.

Reading it: a booking is the session's read, one read of the listing with everything it is judged on (the
certificates that may pause it, its pricing rules, whether the nights are taken, blocked or imported, and the nights
London's yearly short-let limit has counted), then one transaction: the listing's row lock, the count again under
it, one insert checked by the exclusion constraint (no savepoint: a refusal rolls the transaction back), and its
letter written to the outbox from the inserted row (8 statements; tests/integration/booking-statements.test.ts
counts them; lapsed holds are released only when a refusal may be theirs). The booking limit per person is counted
in memory and sent with every other count five times a second (decision 014); the outbox's worker delivers the
letter and marks the letters it has sent in grouped statements. Under contention the losers are refused either by
the service's checks or, when they pass them at the same instant as the winner, by the constraint itself
(PostgreSQL error 23P01, answered as 409).

Where a booking's time goes: the app, PostgreSQL and the load generator share 2 cores, so bookings/s is their CPU per
booking divided into the machine. In the app's CPU profile a third of the samples sit in writev to PostgreSQL's
socket: the app waiting for a core while the backend it just woke runs. Of the app's own work, drizzle writing each
insert's SQL afresh (walking every column of the table) was the largest part; the booking's, the letter's and the
local mailbox's inserts are now written once and kept planned (server/db/prepared.ts). PostgreSQL's time, from
pg_stat_statements in one probe run: the booking's insert with its indexes, overlap constraint and triggers about
0.87 ms, the letter's insert 0.3 ms, the listing's facts 0.2 ms, the local mailbox's insert 0.2 ms (in production an
SMTP send instead), the worker's claims 0.17 ms and the sent marks 0.12 ms; everything else under 0.1 ms each.
Runs on different days are not comparable: this machine's speed varies about 2.5 times (see the benchmark index
above); compare against an older commit run alongside, and compare the CPU per booking rather than bookings/s.

Reproduce: \`npm run bench:booking\` (about a minute; BENCH_SECONDS sets the sustained phase, BENCH_CPU_PROFILE_DIR
writes the app's CPU profile).
`,
);
