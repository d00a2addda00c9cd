import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { deleteEndedRateLimitWindows } from "../repositories/rate-limit-counters.repository";
import type { AuditLogsService } from "../services/audit-logs.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/** Drops rate-limit windows older than a day, hourly: one DELETE, safe with several app instances. */
export function startRateLimitPruning(
  db: Database,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "rate-limit-prune",
      everySeconds: 3_600,
      firstRunAfterSeconds: 120,
      run: async () => {
        await deleteEndedRateLimitWindows(db);
      },
    },
    log,
    auditLogs,
  );
}
