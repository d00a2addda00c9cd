import type { FastifyBaseLogger } from "fastify";
import { AUDIT_PRUNE_JOB, type AuditLogsService } from "../services/audit-logs.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

const HOUR_SECONDS = 3_600;

/**
 * Keeps System Logs to AUDIT_LOG_RETENTION_DAYS and its counts folded: every hour, the first time a minute after
 * start (out of the way of the start itself). Pruning is one conditional DELETE and folding one statement, both safe
 * with several app instances.
 */
export function startAuditLogPruning(
  auditLogs: Pick<AuditLogsService, "pruneExpired" | "foldCounts" | "recordJobFailure">,
  log: FastifyBaseLogger,
  { retentionDays, firstRunAfterSeconds = 60 }: { retentionDays: number; firstRunAfterSeconds?: number },
): JobRunner {
  return startRecurringJob(
    {
      name: AUDIT_PRUNE_JOB,
      everySeconds: HOUR_SECONDS,
      firstRunAfterSeconds,
      run: async () => {
        const removed = await auditLogs.pruneExpired(retentionDays);
        await auditLogs.foldCounts();
        if (removed > 0) log.info({ removed, retentionDays }, "old audit log entries pruned");
      },
    },
    log,
    auditLogs,
  );
}
