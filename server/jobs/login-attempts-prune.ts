import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { deleteExpiredChallenges } from "../repositories/passkeys.repository";
import { deleteLoginAttemptsBefore } from "../repositories/users.repository";
import type { AuditLogsService } from "../services/audit-logs.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Sign-in attempts (the address tried, the IP address and browser) are kept this long, to look into an attack on an
 * account, then deleted: throttling needs only the last 15 minutes, and System Logs keeps the refusals themselves.
 */
export const LOGIN_ATTEMPT_DAYS = 90;

/**
 * Deletes older sign-in attempts hourly, and the passkey challenges nobody answered (they stop working after five
 * minutes whatever this job does; it only keeps the table small): DELETEs, safe with several app instances.
 */
export function startLoginAttemptPruning(
  db: Database,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "login-attempts-prune",
      everySeconds: 3_600,
      firstRunAfterSeconds: 240,
      run: async () => {
        await deleteLoginAttemptsBefore(db, LOGIN_ATTEMPT_DAYS);
        await deleteExpiredChallenges(db);
      },
    },
    log,
    auditLogs,
  );
}
