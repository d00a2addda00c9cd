import type { Tx } from "../../db/client";
import { type PostedTransaction, postLedgerTransaction } from "../../repositories/ledger.repository";
import { jobCostLines } from "./booking-postings";

export const DEMO_JOB_PAYMENT_MEMO = "Demo job payment: no real money moved";

export type JobCost = {
  jobId: number;
  ownerId: number;
  contractorId: number;
  costPence: number;
  demo: boolean;
  /** When the owner marked it paid, if not now (the demo seed's past jobs). */
  paidAt?: Date;
};

/**
 * Records a job's payment: its cost moves from the owner's held earnings to the contractor's, once per job. The one
 * way a job's payment reaches the ledger, for an owner marking it paid and for the demo's past jobs alike, so the
 * contractor's earnings, the owner's statement and the books tell the same story.
 */
export function postJobCost(tx: Tx, cost: JobCost): Promise<PostedTransaction> {
  return postLedgerTransaction(tx, {
    kind: "job_cost",
    idempotencyKey: `job:${cost.jobId}:cost`,
    demo: cost.demo,
    maintenanceJobId: cost.jobId,
    memo: cost.demo ? DEMO_JOB_PAYMENT_MEMO : null,
    lines: jobCostLines(cost.ownerId, cost.contractorId, cost.costPence),
    ...(cost.paidAt && { postedAt: cost.paidAt }),
  });
}
