import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { CalendarSyncService } from "../services/properties/calendar-sync/calendar-sync.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Every minute: fetches the imported calendar feeds that are due (each one every ICAL_SYNC_MINUTES). Claiming a feed
 * moves its next fetch on in one statement, so several app instances never fetch the same feed at once. A feed that
 * cannot be read is said on its row for the landlord; only a fault of our own (the database) fails the run.
 */
export function startCalendarSyncPoll(
  calendarSync: Pick<CalendarSyncService, "syncDueFeeds">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
  syncMinutes: number,
): JobRunner {
  return startRecurringJob(
    {
      name: "calendar-sync",
      everySeconds: syncMinutes > 0 ? Math.min(60, syncMinutes * 60) : 0,
      firstRunAfterSeconds: 30,
      run: async () => {
        const outcome = await calendarSync.syncDueFeeds();
        if (outcome.synced + outcome.failed > 0) log.info(outcome, "calendar feeds fetched");
      },
    },
    log,
    auditLogs,
  );
}
