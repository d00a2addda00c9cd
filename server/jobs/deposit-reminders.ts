import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { TenancyDepositsService } from "../services/tenancy-deposits.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/** Looks every hour for tenancy deposits still unprotected 20 days after receipt; each landlord is reminded once. */
export function startDepositReminders(
  deposits: Pick<TenancyDepositsService, "sendDueReminders">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "deposit-reminders",
      everySeconds: 3_600,
      firstRunAfterSeconds: 420,
      run: async () => {
        const sent = await deposits.sendDueReminders();
        if (sent.length > 0) log.info({ bookings: sent }, "deposit protection reminders written");
      },
    },
    log,
    auditLogs,
  );
}
