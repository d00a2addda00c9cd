import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { PetRequests } from "../services/tenancies/pet-requests";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Every hour: reminds landlords of pet requests due within a week, and flags those left unanswered past their 28 days
 * to both sides; each once, whichever instance finds it.
 */
export function startPetRequestReminders(
  petRequests: Pick<PetRequests, "sendDue">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "pet-request-reminders",
      everySeconds: 3_600,
      firstRunAfterSeconds: 420,
      run: async () => {
        const { reminded, flagged } = await petRequests.sendDue();
        if (reminded.length + flagged.length > 0) log.info({ reminded, flagged }, "pet request reminders written");
      },
    },
    log,
    auditLogs,
  );
}
