import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { ArrivalReminders } from "../services/messaging/arrival-reminders";
import { type JobRunner, startRecurringJob } from "./job-runner";

/** Looks for stays that begin soon every hour; each reminder goes once, whichever instance finds it. */
export function startArrivalReminders(
  reminders: Pick<ArrivalReminders, "sendDue">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "arrival-reminders",
      everySeconds: 3_600,
      firstRunAfterSeconds: 300,
      run: async () => {
        const sent = await reminders.sendDue();
        if (sent.length > 0) log.info({ bookings: sent }, "stay reminders written");
      },
    },
    log,
    auditLogs,
  );
}
