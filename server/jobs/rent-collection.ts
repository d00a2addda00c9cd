import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { TenanciesService } from "../services/tenancies/tenancies.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Collects periodic tenancies' rent every hour: each period's rent on its first day, failed ones again 1 and 3 days
 * later. Once per period whatever runs it: the period's row is locked while it is charged, and Stripe gets the same
 * idempotency key for the same try.
 */
export function startRentCollection(
  tenancies: Pick<TenanciesService, "collectDue">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "rent-collection",
      everySeconds: 3_600,
      firstRunAfterSeconds: 120,
      run: async () => {
        const { collected, failed } = await tenancies.collectDue();
        if (collected + failed > 0) log.info({ collected, failed }, "monthly rent collected");
      },
    },
    log,
    auditLogs,
  );
}
