import type { FastifyBaseLogger } from "fastify";
import { londonToday } from "../../common/domain/calendar-dates";
import type { PayoutTransfers } from "../services/money/payout-transfers";
import { type JobFailureRecorder, type JobRunner, startRecurringJob } from "./job-runner";

/** Sends payees their shares of stays that began yesterday or earlier, every `intervalSeconds` (0: never). */
export function startPayoutTransfers(
  transfers: Pick<PayoutTransfers, "releaseDue">,
  failures: JobFailureRecorder,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): JobRunner {
  return startRecurringJob(
    {
      name: "payout-transfers",
      everySeconds: intervalSeconds,
      firstRunAfterSeconds: Math.min(intervalSeconds, 60),
      run: async () => {
        const outcome = await transfers.releaseDue(londonToday());
        if (outcome.claimed + outcome.sent + outcome.failed > 0) log.info(outcome, "payout transfers ran");
      },
    },
    log,
    failures,
  );
}
