import type { FastifyBaseLogger } from "fastify";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { PayoutTransfers } from "../services/money/payout-transfers";
import type { Reconciliation } from "../services/money/reconciliation";
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
        const { claimed, sent, failed, reversed, reversalsFailed } = outcome;
        if (claimed + sent + failed + reversed + reversalsFailed > 0) log.info(outcome, "payout transfers ran");
      },
    },
    log,
    failures,
  );
}

/**
 * Each day, compares yesterday's (London) movements of the platform's Stripe balance (charges, refunds, transfers and
 * their reversals) with the ledger; differences go to System Logs.
 */
export function startReconciliation(
  reconciliation: Pick<Reconciliation, "reconcileDay">,
  failures: JobFailureRecorder,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "reconciliation",
      everySeconds: 86_400,
      firstRunAfterSeconds: 600,
      run: async () => {
        const differences = await reconciliation.reconcileDay(addDays(londonToday(), -1));
        if (differences.length > 0) log.warn({ differences: differences.length }, "the ledger and Stripe disagree");
      },
    },
    log,
    failures,
  );
}
