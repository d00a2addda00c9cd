/**
 * The admin area at platform size: 100,000 users, 100,000 listings, 1,000,000 bookings and 200,000 audit
 * entries, seeded in SQL. An admin signs in and the app (its own process) answers the admin lists, searches and
 * figures under a closed-loop load of 4 connections; every latency is kept, so the 95th percentile is exact.
 * Targets: list and search pages p95 under 100 ms, figures under 200 ms.
 * `npm run bench:admin` writes bench/results/admin.{md,json} and bench/results/admin-explain.txt.
 */
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { hash } from "@node-rs/argon2";
import { users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { migratedDatabase, signInCookie, startBenchPostgres } from "../support/bench-postgres";
import { closedLoop, type LoopOutcome } from "../support/closed-loop";
import { startBenchServer } from "../support/serve-process";
import { seedPlatform } from "./seed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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

type Result = Probe & LoopOutcome & { bytes: number; total: string | null; target: number; met: boolean };

const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(" / ");
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-admin-");
const results: Result[] = [];
let data: Record<string, number> = {};
let seedSeconds = 0;
try {
  const { url, db } = await migratedDatabase(pgServer);
  await db.insert(users).values({
    email: "admin@bench.example",
    passwordHash: await hash(PASSWORD),
    firstName: "Bench",
    lastName: "Admin",
    role: "admin",
    emailVerified: true,
    phoneVerified: true,
  });
  const seedStarted = performance.now();
  data = await seedPlatform(db);
  seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log("seeded in", seedSeconds, "s", data);
  await db.$client.end();

  const { port, child } = await startBenchServer(["app", "cache-on"], { BENCH_DATABASE_URL: url });
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookie(base, "admin@bench.example", PASSWORD);
    for (const probe of PROBES) {
      // A benchmark of refusals would measure nothing: each call must answer 200 first.
      const first = await fetch(`${base}${probe.path}`, { headers: { cookie } });
      const body = await first.arrayBuffer();
      if (!first.ok) throw new Error(`${probe.path} answered ${first.status}: ${Buffer.from(body)}`);
      const outcome = await closedLoop(`${base}${probe.path}`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { cookie },
      });
      const target = probe.kind === "list" ? LIST_TARGET_MS : FIGURES_TARGET_MS;
      const result = {
        ...probe,
        ...outcome,
        bytes: body.byteLength,
        total: first.headers.get("x-total-count"),
        target,
        met: outcome.p95 < target && outcome.failures === 0,
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

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  fromRoot("bench/results/admin.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtStart, seconds: SECONDS, connections: CONNECTIONS, data, seedSeconds, results }, null, 2)}\n`,
);
const missed = results.filter((r) => !r.met);
const rows = results.map(
  (r) =>
    `| ${r.label} | \`${r.path}\` | ${r.total ?? "–"} | ${(r.bytes / 1024).toFixed(1)} | ${r.requestsPerSecond} | ${r.p50} | **${r.p95}** | ${r.p99} | ${r.max} | ${r.failures} | ${r.met ? "yes" : "**no**"} (< ${r.target}) |`,
);
writeFileSync(
  fromRoot("bench/results/admin.md"),
  `# Admin area benchmark

Machine: ${machine}. Embedded PostgreSQL 17; the app (its own process) and the load generator share the machine.
Load average (1/5/15 min) at the start: ${loadAtStart}.

Data, seeded in SQL in ${seedSeconds} s: ${data.users} users, ${data.properties} listings, ${data.bookings} bookings,
${data.auditEntries} audit entries. An admin signed in; ${CONNECTIONS} connections in a closed loop for ${SECONDS} s per call;
every latency kept (exact percentiles).

Targets: list and search pages p95 under ${LIST_TARGET_MS} ms; figures (dashboard, booking figures, analytics) under ${FIGURES_TARGET_MS} ms.

| Call | path | matches | KiB | req/s | p50 ms | p95 ms | p99 ms | max ms | failures | target met |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

${missed.length === 0 ? "Every call meets its target." : `Missed: ${missed.map((r) => r.label).join("; ")}.`}
`,
);
