import { addMonths } from "../../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import type { TContractorEarnings } from "../../../common/schemas/maintenance";
import { mayActOn } from "../../access/records";
import type { Database } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { heldEarningsPence } from "../../repositories/ledger.repository";
import { countCompletedJobs, sumEarningsByMonth } from "../../repositories/maintenance-jobs.repository";
import { postJobCost } from "../money/job-costs";
import type { Viewer } from "./job-access";
import type { JobSteps } from "./job-steps";

/**
 * What contractors are paid: whoever runs a completed job marks its payment made, and each contractor sees what the
 * ledger says they were paid. The agreed payment and the final cost themselves are set when the job
 * is offered and completed (job-transitions.ts).
 */
export class ContractorPay {
  constructor(
    private readonly db: Database,
    private readonly steps: JobSteps,
    private readonly today: () => string,
    /** Without card payments the platform holds only demo money, and job payments are demo too. */
    private readonly moneyIsDemo: () => boolean,
  ) {}

  /**
   * POST …/mark-paid: the contractor's payment for a completed job is made (once), from the owner's earnings the
   * platform still holds: the cost moves from the owner's to the contractor's in the ledger, in the same transaction,
   * and the contractor's transfer follows. A cost above what the owner has held is refused and nothing moves.
   */
  async markPaid(viewer: Viewer, jobId: number) {
    return this.steps.change(viewer, jobId, "mark_paid", async ({ job, tx }) => {
      if (job.job.paidAt) throw new ConflictError("This job's payment is already marked as made.");
      const contractorId = job.job.contractorId;
      const costPence = job.job.finalCost === null ? 0 : poundsToPence(job.job.finalCost);
      if (contractorId !== null && costPence > 0) {
        const demo = this.moneyIsDemo();
        const held = await heldEarningsPence(tx, job.property.ownerId, demo);
        if (held < costPence) {
          throw new ConflictError(
            `The owner's earnings held by StayLondon (${formatPence(Math.max(0, held))}) do not cover this job's cost ` +
              `(${formatPence(costPence)}), so it cannot be paid through StayLondon.`,
          );
        }
        await postJobCost(tx, { jobId, ownerId: job.property.ownerId, contractorId, costPence, demo });
      }
      return { set: { paidAt: new Date(), paidBy: viewer.id } };
    });
  }

  /**
   * GET /api/contractor/earnings: what the ledger says the contractor was paid, by London month of the payment and as
   * collected, expected or demo money; the last 12 months oldest first, months without payments as zeros; totals
   * over all time. Completed jobs not yet paid are only counted: until the owner pays, nothing is earned.
   */
  async earnings(viewer: Viewer): Promise<TContractorEarnings> {
    if (!mayActOn(viewer, "read", "earnings", { contractorId: viewer.id })) throw notFound("Earnings not found");
    const [rows, jobs] = await Promise.all([
      sumEarningsByMonth(this.db, viewer.id),
      countCompletedJobs(this.db, viewer.id),
    ]);
    const thisMonth = this.today().slice(0, 7);
    // Added up in pence, so many amounts never gather a floating-point fraction.
    const tally = (selected: typeof rows) => {
      const pence = { collected: 0, expected: 0, demo: 0 };
      for (const row of selected) pence[row.settlement] += row.pence;
      return {
        earned: penceToPounds(pence.collected + pence.expected + pence.demo),
        settlement: {
          collected: penceToPounds(pence.collected),
          expected: penceToPounds(pence.expected),
          demo: penceToPounds(pence.demo),
        },
        jobs: selected.reduce((sum, row) => sum + row.jobs, 0),
      };
    };
    const months = Array.from({ length: 12 }, (_, i) => addMonths(`${thisMonth}-01`, i - 11).slice(0, 7)).map(
      (month) => ({ month, ...tally(rows.filter((row) => row.month === month)) }),
    );
    const all = tally(rows);
    return {
      totals: {
        earned: all.earned,
        settlement: all.settlement,
        thisMonth: tally(rows.filter((row) => row.month === thisMonth)).earned,
        paidJobs: all.jobs,
        completedJobs: jobs.completed,
        awaitingPayment: jobs.awaitingPayment,
      },
      months,
    };
  }
}

/** "£1,234.56" for a message. */
function formatPence(pence: number): string {
  return `£${penceToPounds(pence).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
