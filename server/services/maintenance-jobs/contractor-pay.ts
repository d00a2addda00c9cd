import { addMonths } from "../../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import type { TContractorEarnings } from "../../../common/schemas/maintenance";
import { mayActOn } from "../../access/records";
import type { Database } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { heldEarningsPence, postLedgerTransaction } from "../../repositories/ledger.repository";
import { sumEarningsByMonth } from "../../repositories/maintenance-jobs.repository";
import { jobCostLines } from "../money/booking-postings";
import type { Viewer } from "./job-access";
import type { JobSteps } from "./job-steps";

/**
 * What contractors are paid: whoever runs a completed job marks its payment made, and each contractor sees what
 * their completed work earned, paid or not. The agreed payment and the final cost themselves are set when the job
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
        await postLedgerTransaction(tx, {
          kind: "job_cost",
          idempotencyKey: `job:${jobId}:cost`,
          demo,
          maintenanceJobId: jobId,
          memo: demo ? "Demo job payment: no real money moved" : null,
          lines: jobCostLines(job.property.ownerId, contractorId, costPence),
        });
      }
      return { set: { paidAt: new Date(), paidBy: viewer.id } };
    });
  }

  /**
   * GET /api/contractor/earnings: completed jobs' final costs by London month of completion, paid or not; the last
   * 12 months oldest first, months without work as zeros; totals over all time.
   */
  async earnings(viewer: Viewer): Promise<TContractorEarnings> {
    if (!mayActOn(viewer, "read", "earnings", { contractorId: viewer.id })) throw notFound("Earnings not found");
    const rows = await sumEarningsByMonth(this.db, viewer.id);
    const thisMonth = this.today().slice(0, 7);
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    const months = Array.from({ length: 12 }, (_, i) => addMonths(`${thisMonth}-01`, i - 11).slice(0, 7)).map(
      (month) => {
        const row = byMonth.get(month);
        return { month, paid: pounds(row?.paid), unpaid: pounds(row?.unpaid), jobs: row?.jobs ?? 0 };
      },
    );
    // Added up in pence, so many amounts never gather a floating-point fraction.
    const pence = (value: string | undefined) => poundsToPence(value ?? "0");
    const paid = rows.reduce((sum, row) => sum + pence(row.paid), 0);
    const unpaid = rows.reduce((sum, row) => sum + pence(row.unpaid), 0);
    const current = byMonth.get(thisMonth);
    return {
      totals: {
        earned: penceToPounds(paid + unpaid),
        paid: penceToPounds(paid),
        unpaid: penceToPounds(unpaid),
        thisMonth: penceToPounds(pence(current?.paid) + pence(current?.unpaid)),
        completedJobs: rows.reduce((sum, row) => sum + row.jobs, 0),
      },
      months,
    };
  }
}

const pounds = (value: string | undefined): number => (value === undefined ? 0 : Number(value));

/** "£1,234.56" for a message. */
function formatPence(pence: number): string {
  return `£${penceToPounds(pence).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
