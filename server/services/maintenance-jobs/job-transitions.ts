import { formatDateGb } from "../../../common/domain/calendar-dates";
import { WORK_STAGE_LABELS } from "../../../common/domain/maintenance";
import type {
  TCompleteJob,
  TOfferJob,
  TProgressUpdate,
  TProposeDate,
  TRescheduleJob,
  TTriageJob,
} from "../../../common/schemas/maintenance";
import type { Database } from "../../db/client";
import { badRequest, ConflictError } from "../../lib/errors";
import { fullName } from "../../lib/person-names";
import {
  acceptOffer,
  declineOffer,
  findActiveContractorIds,
  type JobView,
  openOffers,
  withdrawOpenOffers,
} from "../../repositories/maintenance-jobs.repository";
import { releaseJobNights } from "../../repositories/properties/calendar.repository";
import type { BookingLifecycleService } from "../booking-lifecycle/booking-lifecycle.service";
import type { Viewer } from "./job-access";
import { holdNights } from "./job-nights";
import type { JobSteps, Step, StepContext } from "./job-steps";

const TAKEN = "This job has already been taken by another contractor.";

/**
 * A job's way from triage to done: offers to contractors, the dates that keep the property empty, the work and its
 * end (completed, declined, withdrawn or cancelled). Each is one step through `JobSteps`; paying the contractor for
 * completed work is in contractor-pay.ts.
 */
export class JobTransitions {
  constructor(
    private readonly db: Database,
    private readonly steps: JobSteps,
    /** Lapsed booking holds release their nights before a job's nights are checked against bookings. */
    private readonly lifecycle: Pick<BookingLifecycleService, "releaseLapsedHolds">,
  ) {}

  /** PATCH /api/maintenance/jobs/{id}: priority, urgency, category or wording corrected. */
  async triage(viewer: Viewer, jobId: number, input: TTriageJob) {
    return this.steps.change(viewer, jobId, "triage", async () => {
      const changed = Object.keys(input).filter((key) => input[key as keyof TTriageJob] !== undefined);
      return { set: input, note: `Changed ${changed.join(", ")}` };
    });
  }

  /**
   * POST …/offers: the date, duration and payment, offered to one or more active contractors. When the property
   * must be empty, its nights are blocked in the same transaction (a 409 naming the clash and the next free window
   * when a stay holds one); an earlier offer's nights are released.
   */
  async offer(viewer: Viewer, jobId: number, input: TOfferJob) {
    const { job: row } = await this.steps.precheck(viewer, jobId, "offer");
    const active = new Set(await findActiveContractorIds(this.db, input.contractorIds));
    const refused = input.contractorIds.filter((id) => !active.has(id));
    if (refused.length > 0) {
      throw badRequest(
        `Jobs can be offered only to active contractor accounts: ${refused.join(", ")} ${refused.length === 1 ? "is not one" : "are not"}`,
      );
    }
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.steps.change(viewer, jobId, "offer", async ({ tx, job, today }) => {
      await holdNights(tx, job, today, input.scheduledDate, input.vacantNights);
      const offeredTo = await openOffers(tx, jobId, input.contractorIds, viewer.id);
      // The payment is the job's terms, so it is written at the pence the contract allows (two decimals at most).
      const payment = input.agreedPayment.toFixed(2);
      return {
        set: {
          scheduledDate: input.scheduledDate,
          estimatedHours: input.estimatedHours,
          vacantNights: input.vacantNights,
          agreedPayment: payment,
        },
        note: input.note ?? null,
        news: { kind: "offered", contractorIds: offeredTo, payment },
      };
    });
  }

  /**
   * POST …/accept: the first contractor to accept takes the job; every other open offer is withdrawn. The job's row
   * lock puts two accepts one after the other: the second finds its offer withdrawn and gets a 409.
   */
  async accept(viewer: Viewer, jobId: number) {
    return this.steps.change(
      viewer,
      jobId,
      "accept",
      async ({ tx, job, today }) => {
        // Taking a job for a day already gone would promise work nobody can do then.
        if (job.job.scheduledDate !== null && job.job.scheduledDate < today) {
          throw new ConflictError("This job's date has passed; it must be rescheduled before it can be accepted.");
        }
        await acceptOffer(tx, jobId, viewer.id);
        return {
          set: { contractorId: viewer.id },
          news: { kind: "accepted", contractorName: fullName(viewer) },
        };
      },
      takenByAnother,
    );
  }

  /** POST …/decline: the contractor turns the offer down with a reason; the job waits for another contractor. */
  async declineOffer(viewer: Viewer, jobId: number, reason: string): Promise<{ declined: true }> {
    await this.steps.apply(
      viewer,
      jobId,
      "decline_offer",
      async ({ tx }) => {
        await declineOffer(tx, jobId, viewer.id, reason);
        return { note: reason, news: { kind: "offer_declined", contractorName: fullName(viewer), reason } };
      },
      takenByAnother,
    );
    // They are no longer related to the job, so there is nothing of it left to show them.
    return { declined: true };
  }

  /** POST …/reschedule: a new date; the job's blocked nights move with it in one transaction. */
  async reschedule(viewer: Viewer, jobId: number, input: TRescheduleJob) {
    const { job: row } = await this.steps.precheck(viewer, jobId, "reschedule");
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.steps.change(viewer, jobId, "reschedule", async ({ tx, job, today }) => {
      await holdNights(tx, job, today, input.scheduledDate, input.vacantNights);
      return {
        set: {
          scheduledDate: input.scheduledDate,
          vacantNights: input.vacantNights,
          proposedDate: null,
          proposedNote: null,
        },
        note: input.note ?? `Moved to ${formatDateGb(input.scheduledDate)}`,
        // Only a taken job has people expecting the old date; open offers show the new one.
        news: job.job.status === "scheduled" ? { kind: "rescheduled" } : undefined,
      };
    });
  }

  /** POST …/propose-date: the contractor asks for another date; the job keeps its date until it is accepted. */
  async proposeDate(viewer: Viewer, jobId: number, input: TProposeDate) {
    return this.steps.change(viewer, jobId, "propose_date", async () => ({
      set: { proposedDate: input.proposedDate, proposedNote: input.note },
      note: `Proposed ${formatDateGb(input.proposedDate)}: ${input.note}`,
    }));
  }

  /** POST …/accept-proposed-date: the contractor's date becomes the job's; the blocked nights move with it. */
  async acceptProposedDate(viewer: Viewer, jobId: number) {
    const { job: row } = await this.steps.precheck(viewer, jobId, "accept_proposed_date");
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.steps.change(viewer, jobId, "accept_proposed_date", async ({ tx, job, today }) => {
      const proposed = job.job.proposedDate;
      if (!proposed) throw new ConflictError("The contractor has not proposed another date.");
      if (proposed < today) throw new ConflictError("The proposed date has passed; reschedule the job instead.");
      await holdNights(tx, job, today, proposed, job.job.vacantNights);
      return {
        set: { scheduledDate: proposed, proposedDate: null, proposedNote: null },
        note: `Moved to ${formatDateGb(proposed)}`,
        news: { kind: "rescheduled" },
      };
    });
  }

  /** POST …/progress: on the way, working, waiting for parts; the first update starts the work. */
  async progress(viewer: Viewer, jobId: number, input: TProgressUpdate) {
    return this.steps.change(viewer, jobId, "update_progress", async () => ({
      set: { workStage: input.stage },
      note: input.note ? `${WORK_STAGE_LABELS[input.stage]}: ${input.note}` : WORK_STAGE_LABELS[input.stage],
    }));
  }

  /** POST …/complete: the final cost and a note; nights still ahead that were blocked for the work open again. */
  async complete(viewer: Viewer, jobId: number, input: TCompleteJob) {
    return this.steps.change(viewer, jobId, "complete", async ({ tx, today }) => {
      await releaseJobNights(tx, jobId, today);
      return {
        set: { finalCost: input.finalCost.toFixed(2), completionNote: input.note, completedAt: new Date() },
        note: input.note,
        news: { kind: "completed" },
      };
    });
  }

  /** POST …/decline-report: turned down at triage with a reason. */
  async declineReport(viewer: Viewer, jobId: number, reason: string) {
    return this.steps.change(viewer, jobId, "decline_report", async (context) => close(context, reason));
  }

  /** POST …/withdraw: the reporting guest withdraws it while nobody has taken it. */
  async withdraw(viewer: Viewer, jobId: number) {
    return this.steps.change(viewer, jobId, "withdraw_report", async (context) => close(context, null));
  }

  /** POST …/cancel: called off with a reason. */
  async cancel(viewer: Viewer, jobId: number, reason: string) {
    return this.steps.change(viewer, jobId, "cancel", async (context) => close(context, reason));
  }
}

/**
 * A job that ends without the work: nobody may still take it, and the nights still ahead that were blocked for it
 * open again (past nights stay as they were: the property was empty then).
 */
async function close({ tx, job, today }: StepContext, reason: string | null): Promise<Step> {
  await withdrawOpenOffers(tx, job.job.id);
  await releaseJobNights(tx, job.job.id, today);
  return { set: { closingReason: reason }, note: reason };
}

/**
 * Two contractors accepting at once: the one whose offer the other's acceptance withdrew learns it was taken,
 * rather than the 404 of a job they are no longer related to.
 */
function takenByAnother(job: JobView, viewer: Viewer): void {
  if (job.myOffer === "withdrawn" && job.job.contractorId !== null && job.job.contractorId !== viewer.id) {
    throw new ConflictError(TAKEN);
  }
}
