import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { SecurityDepositHoldsService } from "../services/security-deposit-holds.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Every 15 minutes: places the security deposit holds due (the day before check-in) and lets go those whose time has
 * come. Each step claims its row first and asks Stripe with that row's key, so it happens once on any instance.
 */
export function startSecurityDepositHolds(
  holds: Pick<SecurityDepositHoldsService, "placeDue" | "releaseDue">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "security-deposit-holds",
      everySeconds: 900,
      firstRunAfterSeconds: 60,
      run: async () => {
        const placed = await holds.placeDue();
        const released = await holds.releaseDue();
        if (placed.length + released.length > 0) log.info({ placed, released }, "security deposit holds moved on");
      },
    },
    log,
    auditLogs,
  );
}
