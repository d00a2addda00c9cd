import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { deleteFinishedOutgoingMessages } from "../repositories/outgoing-messages.repository";
import type { AuditLogsService } from "../services/audit-logs.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/** A sent message's body (it may hold a sign-in link) is kept this long, for support questions, then deleted. */
export const SENT_MESSAGE_DAYS = 7;
/** Given-up messages stay longer, for an admin looking into a failure; System Logs keeps the failure itself. */
export const DEAD_MESSAGE_DAYS = 30;

/** Deletes finished outbox messages hourly: one DELETE, safe with several app instances. */
export function startOutboxPruning(
  db: Database,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "outbox-prune",
      everySeconds: 3_600,
      firstRunAfterSeconds: 180,
      run: async () => {
        await deleteFinishedOutgoingMessages(db, { sentDays: SENT_MESSAGE_DAYS, deadDays: DEAD_MESSAGE_DAYS });
      },
    },
    log,
    auditLogs,
  );
}
