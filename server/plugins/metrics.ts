import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { jobEvents } from "../jobs/job-runner";
import { countOutgoingMessages } from "../repositories/outgoing-messages.repository";
import { type AttemptOutcome, outboxEvents } from "../services/messaging/outbox";

/** What the metrics read from the app's parts at each scrape. */
export type MetricsSources = {
  db: Database;
  /** The public search cache's hits and misses since start. */
  searchCache: () => { hits: number; misses: number };
};

/**
 * Prometheus metrics at GET /metrics, for whoever holds METRICS_TOKEN (as a bearer token); without a token set the
 * endpoint does not exist. Per instance: requests by route and status with their latency, the database pool,
 * background job runs, e-mail and SMS attempts, the search cache. Platform-wide (read from the database, so every instance reports the same
 * figure: aggregate with max, not sum): bookings by status, the outbox by status, failed payments and failed
 * messages.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): void {
  if (!token) return;
  const registry = new Registry();
  registry.setDefaultLabels({ app: "staylondon" });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route template and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by route template",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const bookingsCreated = new Counter({
    name: "staylondon_bookings_created_total",
    help: "Booking requests this instance accepted (POST /api/bookings answered 201)",
    registers: [registry],
  });
  const answered = (method: string, route: string, status: number, seconds: number) => {
    requests.inc({ method, route, status: String(status) });
    latency.observe({ method, route }, seconds);
    if (route === "/api/bookings" && method === "POST" && status === 201) bookingsCreated.inc();
  };
  app.earlyAnswers.onAnswered(answered);
  app.addHook("onResponse", (request, reply, done) => {
    // The route's template keeps the label set small; unknown paths share one label.
    const route = request.routeOptions.url ?? "unmatched";
    if (route !== "/metrics") answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const pool = sources.db.$client;
  new Gauge({
    name: "db_pool_connections",
    help: "Database pool connections: open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "open" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Background job runs on this instance, by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const onJobRun = ({ job, outcome }: { job: string; outcome: "ok" | "failed" }) => jobRuns.inc({ job, outcome });
  jobEvents.on("run", onJobRun);
  const outboxAttempts = new Counter({
    name: "outbox_attempts_total",
    help: "E-mail and SMS send attempts on this instance, by channel and outcome (sent, retry later, dead)",
    labelNames: ["channel", "outcome"] as const,
    registers: [registry],
  });
  const onAttempt = ({ channel, outcome }: { channel: string; outcome: AttemptOutcome }) =>
    outboxAttempts.inc({ channel, outcome });
  outboxEvents.on("attempt", onAttempt);
  app.addHook("onClose", async () => {
    jobEvents.off("run", onJobRun);
    outboxEvents.off("attempt", onAttempt);
  });
  new Gauge({
    name: "outbox_messages",
    help: "Messages in the outbox by status (platform-wide): pending and sending are the depth, dead the given up",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      for (const [status, count] of Object.entries(await countOutgoingMessages(sources.db))) {
        this.set({ status }, count);
      }
    },
  });

  new Gauge({
    name: "search_cache_lookups",
    help: "Public search cache lookups since start, by result (hit ratio: hit / (hit + miss))",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      const { hits, misses } = sources.searchCache();
      this.set({ result: "hit" }, hits);
      this.set({ result: "miss" }, misses);
    },
  });

  new Gauge({
    name: "staylondon_bookings",
    help: "Bookings on the platform by status (platform-wide: every instance reports the same figure)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const result = await pool.query<{ status: string; bookings: string }>(
        "select status, sum(bookings)::text as bookings from booking_tallies group by status",
      );
      for (const row of result.rows) this.set({ status: row.status }, Number(row.bookings));
    },
  });
  new Gauge({
    name: "staylondon_failures",
    help: "Failed payments and failed e-mail or SMS sends recorded in System Logs (platform-wide)",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const result = await pool.query<{ action: string; n: string }>(
        `select action, count(*)::text as n from audit_logs
          where action in ('payment.failed', 'message.failed') group by action`,
      );
      const count = (action: string) => Number(result.rows.find((row) => row.action === action)?.n ?? 0);
      this.set({ kind: "payment" }, count("payment.failed"));
      this.set({ kind: "message" }, count("message.failed"));
    },
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { logLevel: "warn", schema: { hide: true } }, async (request, reply) => {
    const sent = Buffer.from(request.headers.authorization ?? "");
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      return reply
        .code(401)
        .header("WWW-Authenticate", "Bearer")
        .send({ message: "A valid metrics token is required" });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
