import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../server/db/schema";
import { startAuditLogPruning } from "../../server/jobs/audit-log-prune";
import { BOOKING_JOBS, startBookingJobs } from "../../server/jobs/booking-jobs";
import { startRecurringJob } from "../../server/jobs/job-runner";
import { AuditLogsService } from "../../server/services/audit-logs.service";
import { setUpTestApp, setUpTestDatabase, type TestDatabaseView } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const DAY_MS = 86_400_000;

const entriesOf = (action: "job.failed" | "audit.pruned", db = t.db) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(asc(auditLogs.id));

describe("a background job that fails", () => {
  it("is recorded as job.failed with the job's name and its error, and tried again at the next run", async () => {
    let runs = 0;
    const lifecycle = {
      runJobs: async () => {
        runs++;
        throw new Error("could not reach the database");
      },
    };
    const jobs = startBookingJobs(lifecycle, server.app.services.auditLogs, server.app.log, 3600);
    await jobs.stop();
    expect(runs).toBe(1);
    const failed = (await entriesOf("job.failed")).filter((e) => e.targetId === BOOKING_JOBS);
    expect(failed).toEqual([
      expect.objectContaining({
        type: "error",
        message: "Background job booking-lifecycle failed: could not reach the database",
        actorId: null,
        subjectUserId: null,
        targetType: "job",
        targetId: "booking-lifecycle",
        requestId: null,
        details: { job: "booking-lifecycle", error: "could not reach the database" },
      }),
    ]);
  });

  it("records the database's own words, not the query around them", async () => {
    const job = startRecurringJob(
      {
        name: "division-job",
        everySeconds: 3600,
        firstRunAfterSeconds: 0,
        run: async () => {
          await t.db.execute(sql`select 1 / 0`);
        },
      },
      server.app.log,
      server.app.services.auditLogs,
    );
    await job.stop();
    const [entry] = (await entriesOf("job.failed")).filter((e) => e.targetId === "division-job");
    expect(entry?.details).toEqual({ job: "division-job", error: "division by zero" });
  });

  it("keeps the job alive when System Logs cannot record the failure either", async () => {
    let recorded = 0;
    const job = startRecurringJob(
      {
        name: "unrecorded-job",
        everySeconds: 3600,
        firstRunAfterSeconds: 0,
        run: async () => {
          throw new Error("the job failed");
        },
      },
      server.app.log,
      {
        recordJobFailure: async () => {
          recorded++;
          throw new Error("the audit log failed too");
        },
      },
    );
    await expect(job.stop()).resolves.toBeUndefined();
    expect(recorded).toBe(1);
  });
});

/** Each pruning test has a log of its own: pruning removes whatever is old, whoever wrote it. */
function ownLog(): { log: TestDatabaseView; entryAged: (daysAgo: number, now: Date) => Promise<number> } {
  const log = setUpTestDatabase();
  /** An entry written `daysAgo` days before `now` (inserting with a past time is allowed; changing one is not). */
  async function entryAged(daysAgo: number, now: Date) {
    const [row] = await log.db
      .insert(auditLogs)
      .values({
        type: "info",
        action: "user.role_changed",
        message: `written ${daysAgo} days ago`,
        createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      })
      .returning({ id: auditLogs.id });
    if (!row) throw new Error("not written");
    return row.id;
  }
  return { log, entryAged };
}

const remaining = async (log: TestDatabaseView) =>
  (await log.db.select({ id: auditLogs.id, action: auditLogs.action }).from(auditLogs).orderBy(asc(auditLogs.id)))
    .filter((r) => r.action !== "audit.pruned")
    .map((r) => r.id);

describe("pruning System Logs", () => {
  describe("with a retention of 30 days", () => {
    const { log, entryAged } = ownLog();

    it("removes entries past the retention, keeps the rest, and records how many went", async () => {
      const audit = new AuditLogsService(log.db);
      const now = new Date("2026-11-20T12:00:00Z");
      await entryAged(400, now);
      await entryAged(31, now);
      const kept = [await entryAged(29, now), await entryAged(1, now)];
      expect(await audit.pruneExpired(30, now)).toBe(2);
      expect(await remaining(log)).toEqual(kept);
      expect(await entriesOf("audit.pruned", log.db)).toEqual([
        expect.objectContaining({
          type: "info",
          message: "Removed 2 entries older than 30 days",
          targetType: "job",
          targetId: "audit-log-prune",
          details: { removed: 2, retentionDays: 30, before: "2026-10-21T12:00:00.000Z" },
        }),
      ]);
      // Nothing more to remove: no second entry.
      expect(await audit.pruneExpired(30, now)).toBe(0);
      expect(await entriesOf("audit.pruned", log.db)).toHaveLength(1);
    });

    it("keeps for good an entry that is the only record of a listing's former tenancy terms", async () => {
      const audit = new AuditLogsService(log.db);
      const now = new Date("2027-11-20T12:00:00Z");
      const [formerTerms] = await log.db
        .insert(auditLogs)
        .values({
          type: "info",
          action: "property.periodic_terms_applied",
          message: "Tenancy terms made periodic",
          details: { formerMinTenancyMonths: 6, formerMaxTenancyMonths: 24 },
          createdAt: new Date(now.getTime() - 500 * DAY_MS),
        })
        .returning({ id: auditLogs.id });
      const old = await entryAged(500, now);
      expect(await audit.pruneExpired(30, now)).toBeGreaterThanOrEqual(1);
      const left = await remaining(log);
      expect(left).toContain(formerTerms?.id);
      expect(left).not.toContain(old);
    });
  });

  describe("on two app instances", () => {
    const { log, entryAged } = ownLog();

    it("removes each entry once when both prune at the same moment", async () => {
      const now = new Date();
      const old = await Promise.all(Array.from({ length: 40 }, (_, i) => entryAged(500 + i, now)));
      const kept = await entryAged(10, now);
      const [one, two] = await Promise.all([
        new AuditLogsService(log.db).pruneExpired(365, now),
        new AuditLogsService(log.db).pruneExpired(365, now),
      ]);
      expect(one + two).toBe(old.length);
      expect(await remaining(log)).toEqual([kept]);
      const recorded = await entriesOf("audit.pruned", log.db);
      expect(recorded.reduce((sum, e) => sum + Number(e.details.removed), 0)).toBe(old.length);
    });
  });

  describe("as the daily job", () => {
    const { log, entryAged } = ownLog();

    it("prunes with the configured retention", async () => {
      const now = new Date();
      await entryAged(11, now);
      const kept = await entryAged(9, now);
      const job = startAuditLogPruning(new AuditLogsService(log.db), server.app.log, {
        retentionDays: 10,
        firstRunAfterSeconds: 0,
      });
      await job.stop();
      expect(await remaining(log)).toEqual([kept]);
      expect(await entriesOf("audit.pruned", log.db)).toEqual([
        expect.objectContaining({
          message: "Removed 1 entry older than 10 days",
          details: expect.objectContaining({ removed: 1, retentionDays: 10 }),
        }),
      ]);
    });
  });
});
