import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { CertificateReminders } from "../services/messaging/certificate-reminders";
import { type JobRunner, startRecurringJob } from "./job-runner";

/** Looks for certificates nearing expiry every hour; each reminder goes once, whichever instance finds it. */
export function startCertificateReminders(
  reminders: Pick<CertificateReminders, "sendDue">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "certificate-reminders",
      everySeconds: 3_600,
      firstRunAfterSeconds: 360,
      run: async () => {
        const sent = await reminders.sendDue();
        if (sent.length > 0) log.info({ certificates: sent }, "certificate reminders written");
      },
    },
    log,
    auditLogs,
  );
}
