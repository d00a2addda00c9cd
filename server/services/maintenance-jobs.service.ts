import type { AuditAction, AuditType } from "../../common/domain/audit-log";
import { addDays, addMonths, formatDateGb, formatNightRange, londonToday } from "../../common/domain/calendar-dates";
import {
  availableMaintenanceTransitions,
  displayedStatus,
  formatEstimatedDuration,
  isCoordinator,
  MAX_JOB_PHOTOS,
  type MaintenancePart,
  type MaintenanceTransition,
  maintenanceTransition,
  NOT_YOUR_PART_OF_THE_JOB,
  OPEN_MAINTENANCE_STATUSES,
  stayReportRefusal,
  WORK_STAGE_LABELS,
} from "../../common/domain/maintenance";
import { uploadedPhotoUrl } from "../../common/domain/photo-sizes";
import { penceToPounds, poundsToPence } from "../../common/domain/pricing";
import {
  jobNightNote,
  jobReference,
  type TCompleteJob,
  type TContractorEarnings,
  type TJobListQuery,
  type TMaintenanceJob,
  type TMaintenanceJobDetail,
  type TOfferJob,
  type TProgressUpdate,
  type TProposeDate,
  type TReportJob,
  type TRescheduleJob,
  type TTriageJob,
} from "../../common/schemas/maintenance";
import { pageOffset, type TPageQuery } from "../../common/schemas/paging";
import { type Actor, type JobFacts, jobListScope, maintenancePart, mayActOn } from "../access/records";
import type { Database, Tx } from "../db/client";
import { AppError, badRequest, notFound } from "../lib/errors";
import { auditLabel, fullName, publicGuestName, sentenceName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import { findBookingView } from "../repositories/bookings.repository";
import { findPropertyRow, updatePropertyState } from "../repositories/landlord-properties.repository";
import {
  acceptOffer,
  countJobPhotos,
  declineOffer,
  deleteJobPhoto,
  findActiveContractorIds,
  findContractorChoices,
  findContractorHistory,
  findContractorJobViews,
  findJobEvents,
  findJobOffers,
  findJobView,
  findJobViews,
  findPropertyRunners,
  insertJob,
  insertJobEvent,
  insertJobPhoto,
  type JobChanges,
  type JobScope,
  type JobView,
  lockJob,
  openOffers,
  sumEarningsByMonth,
  updateJob,
  withdrawOpenOffers,
} from "../repositories/maintenance-jobs.repository";
import { blockNightsForJob, type HeldStay, releaseJobNights } from "../repositories/property-calendar.repository";
import type { BookingLifecycleService } from "./booking-lifecycle.service";
import { listingRemoved } from "./landlord-properties.service";
import type { MaintenanceNews, MaintenanceNotifier } from "./messaging/maintenance-notifier";
import type { PhotoStore, StagedPhoto } from "./photos/photo-store";

/** The signed-in person acting on a job. */
export type Viewer = Actor & { email: string; firstName: string | null; lastName: string | null };

type Page<T> = { items: T[]; total: number };

/** What one step of a job writes besides its status: the job's columns, the timeline's note, who to tell. */
type Step = { set?: JobChanges; note?: string | null; news?: MaintenanceNews };
type StepContext = { tx: Tx; job: JobView; part: MaintenancePart; today: string };

/** Each step as System Logs records it. */
const STEP_RECORDS: Record<MaintenanceTransition, { action: AuditAction; type: AuditType; verb: string }> = {
  triage: { action: "maintenance.triaged", type: "info", verb: "triaged" },
  offer: { action: "maintenance.offered", type: "info", verb: "offered" },
  accept: { action: "maintenance.accepted", type: "success", verb: "accepted" },
  decline_offer: { action: "maintenance.offer_declined", type: "info", verb: "declined the offer of" },
  reschedule: { action: "maintenance.rescheduled", type: "info", verb: "rescheduled" },
  propose_date: { action: "maintenance.date_proposed", type: "info", verb: "proposed another date for" },
  accept_proposed_date: {
    action: "maintenance.proposed_date_accepted",
    type: "info",
    verb: "accepted the proposed date of",
  },
  update_progress: { action: "maintenance.progress_updated", type: "info", verb: "updated the progress of" },
  complete: { action: "maintenance.completed", type: "success", verb: "completed" },
  decline_report: { action: "maintenance.report_declined", type: "warning", verb: "declined the report" },
  withdraw_report: { action: "maintenance.report_withdrawn", type: "info", verb: "withdrew the report" },
  cancel: { action: "maintenance.cancelled", type: "warning", verb: "cancelled" },
  mark_paid: { action: "maintenance.paid", type: "success", verb: "marked the payment made for" },
};

const TAKEN = "This job has already been taken by another contractor.";

/**
 * Maintenance work orders: reporting, triage, offers to contractors, dates that keep the property empty, the work,
 * completion and payment (docs/decisions/010-maintenance-work-orders.md). Every method starts with the access
 * module (`maintenancePart`: which part the user plays in the job, or a 404) and then the lifecycle
 * (`maintenanceTransition`: may that part make this change now, a 403 or a 409). Each change locks the job's row,
 * checks both again on what the lock guards, and writes the job, its timeline and its System Logs entry in one
 * transaction; e-mails go after the commit.
 */
export class MaintenanceJobsService {
  constructor(
    private readonly db: Database,
    readonly photos: PhotoStore,
    /** Lapsed booking holds release their nights before a job's nights are checked against bookings. */
    private readonly lifecycle: Pick<BookingLifecycleService, "releaseLapsedHolds">,
    private readonly notifier?: MaintenanceNotifier,
    /** The clock for "today" (the reporting window, nights still ahead); tests fix it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private today(): string {
    return londonToday(this.now());
  }

  // ------------------------------------------------------------------ reading

  /** GET /api/maintenance/jobs: the jobs the viewer is related to (every job for an admin), newest first. */
  async findJobs(viewer: Viewer, query: TJobListQuery): Promise<Page<TMaintenanceJob>> {
    return this.page(viewer, jobListScope(viewer), query);
  }

  /** GET /api/maintenance/assigned: the jobs of the properties the viewer manages now. */
  async findAssignedJobs(viewer: Viewer, query: TJobListQuery): Promise<Page<TMaintenanceJob>> {
    return this.page(viewer, { managerId: viewer.id }, query);
  }

  private async page(viewer: Viewer, scope: JobScope, query: TJobListQuery): Promise<Page<TMaintenanceJob>> {
    const { rows, total } = await findJobViews(
      this.db,
      viewer.id,
      { scope, status: query.status, priority: query.priority, propertyId: query.propertyId },
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    return { items: this.asSeenBy(viewer, rows), total };
  }

  /** GET /api/maintenance/contractor-jobs: open offers, then taken jobs not yet done, soonest first. */
  async findContractorJobs(viewer: Viewer): Promise<TMaintenanceJob[]> {
    return this.asSeenBy(viewer, await findContractorJobViews(this.db, viewer.id));
  }

  /** GET /api/maintenance/history: the jobs the contractor took that are completed or cancelled, newest first. */
  async findContractorHistory(viewer: Viewer, query: TPageQuery): Promise<Page<TMaintenanceJob>> {
    const { rows, total } = await findContractorHistory(this.db, viewer.id, {
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return { items: this.asSeenBy(viewer, rows), total };
  }

  /**
   * Each row as the viewer sees it. A list only selects jobs the viewer is related to; a row the access module
   * still refuses (a landlord whose features closed, seeing a job they reported) is left out rather than failing
   * the whole list.
   */
  private asSeenBy(viewer: Viewer, rows: JobView[]): TMaintenanceJob[] {
    return rows.flatMap((row) => {
      try {
        return [toJob(row, viewer, maintenancePart(viewer, factsOf(row)))];
      } catch (error) {
        if (error instanceof AppError) return [];
        throw error;
      }
    });
  }

  /** GET /api/maintenance/jobs/{id}: the job, its offers (for those who run it) and its timeline. */
  async getJob(viewer: Viewer, jobId: number): Promise<TMaintenanceJobDetail> {
    const row = await this.jobOr404(this.db, viewer, jobId);
    const part = maintenancePart(viewer, factsOf(row));
    const [offers, events] = await Promise.all([
      isCoordinator(part) ? findJobOffers(this.db, jobId) : [],
      findJobEvents(this.db, jobId),
    ]);
    return {
      ...toJob(row, viewer, part),
      offers: offers.map((offer) => ({
        contractor: { id: offer.contractorId, name: fullName(offer) },
        status: offer.status,
        declineReason: offer.declineReason,
        createdAt: offer.createdAt.toISOString(),
      })),
      events: events.map((event) => ({
        transition: event.transition,
        actorName:
          event.actorFirstName || event.actorLastName
            ? fullName({ firstName: event.actorFirstName, lastName: event.actorLastName })
            : null,
        note: event.note,
        createdAt: event.createdAt.toISOString(),
      })),
    };
  }

  /** GET /api/maintenance/contractors: who a job can be offered to (active contractor accounts). */
  async contractorChoices() {
    const rows = await findContractorChoices(this.db);
    return rows.map((row) => ({ id: row.id, name: sentenceName(row), completedJobs: row.completedJobs }));
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

  // ------------------------------------------------------------------ reporting

  /**
   * POST /api/maintenance/jobs. A guest reports from their own confirmed or completed stay, from the check-in day
   * until REPORT_DAYS_AFTER_STAY days after check-out (London dates); the owner (with landlord features open), the
   * property's current manager or an admin report on the property. Anyone else gets the 404 of a property or
   * booking that does not exist.
   */
  async report(viewer: Viewer, input: TReportJob): Promise<TMaintenanceJobDetail> {
    const { propertyId, bookingId, priority } = await this.reportTarget(viewer, input);
    const jobId = await this.db.transaction(async (tx) => {
      const id = await insertJob(tx, {
        propertyId,
        reportedBy: viewer.id,
        bookingId,
        title: input.title,
        description: input.description,
        category: input.category,
        priority,
        isUrgent: input.isUrgent,
      });
      await insertJobEvent(tx, { jobId: id, actorId: viewer.id, transition: "report" });
      await recordAudit(tx, {
        type: "info",
        action: "maintenance.reported",
        message: `${sentenceName(viewer)} reported work order ${jobReference(id)}: ${input.title}`,
        actor: { id: viewer.id, label: auditLabel(viewer) },
        target: { type: "maintenance-job", id },
        details: { reference: jobReference(id), propertyId, priority, isUrgent: input.isUrgent },
      });
      return id;
    });
    return this.getJob(viewer, jobId);
  }

  private async reportTarget(
    viewer: Viewer,
    input: TReportJob,
  ): Promise<{ propertyId: number; bookingId: number | null; priority: "high" | "medium" | "low" }> {
    // Priority is triage's: a guest's report starts at medium, or high when they say it is urgent.
    const startingPriority = input.isUrgent ? "high" : "medium";
    if (input.bookingId !== undefined) {
      const row = await findBookingView(this.db, input.bookingId);
      if (!row || !mayActOn(viewer, "read", "booking", { guestId: row.booking.guestId })) {
        throw notFound("Booking not found");
      }
      const { booking } = row;
      const refusal = stayReportRefusal(booking, this.today());
      if (refusal) throw new AppError(409, refusal);
      return { propertyId: row.property.id, bookingId: booking.id, priority: startingPriority };
    }
    const runners = input.propertyId === undefined ? undefined : await findPropertyRunners(this.db, input.propertyId);
    if (!runners) throw notFound("Property not found");
    // The part the viewer would play in a job here: only those who run the property report on it by name; a guest
    // reports from their stay.
    let part: MaintenancePart;
    try {
      part = maintenancePart(viewer, {
        ownerId: runners.ownerId,
        managerId: runners.managerId,
        reporterId: viewer.id,
        contractorIds: [],
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw notFound("Property not found");
      throw error;
    }
    if (!isCoordinator(part)) throw notFound("Property not found");
    return { propertyId: runners.id, bookingId: null, priority: input.priority ?? startingPriority };
  }

  // ------------------------------------------------------------------ the lifecycle

  /** PATCH /api/maintenance/jobs/{id}: priority, urgency, category or wording corrected. */
  async triage(viewer: Viewer, jobId: number, input: TTriageJob) {
    return this.change(viewer, jobId, "triage", async () => {
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
    const { job: row } = await this.precheck(viewer, jobId, "offer");
    const active = new Set(await findActiveContractorIds(this.db, input.contractorIds));
    const refused = input.contractorIds.filter((id) => !active.has(id));
    if (refused.length > 0) {
      throw badRequest(
        `Jobs can be offered only to active contractor accounts: ${refused.join(", ")} ${refused.length === 1 ? "is not one" : "are not"}`,
      );
    }
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.change(viewer, jobId, "offer", async ({ tx, job, today }) => {
      await this.holdNights(tx, job, today, input.scheduledDate, input.vacantNights);
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
    return this.change(
      viewer,
      jobId,
      "accept",
      async ({ tx, job, today }) => {
        // Taking a job for a day already gone would promise work nobody can do then.
        if (job.job.scheduledDate !== null && job.job.scheduledDate < today) {
          throw new AppError(409, "This job's date has passed; it must be rescheduled before it can be accepted.");
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
    await this.apply(
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
    const { job: row } = await this.precheck(viewer, jobId, "reschedule");
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.change(viewer, jobId, "reschedule", async ({ tx, job, today }) => {
      await this.holdNights(tx, job, today, input.scheduledDate, input.vacantNights);
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
    return this.change(viewer, jobId, "propose_date", async () => ({
      set: { proposedDate: input.proposedDate, proposedNote: input.note },
      note: `Proposed ${formatDateGb(input.proposedDate)}: ${input.note}`,
    }));
  }

  /** POST …/accept-proposed-date: the contractor's date becomes the job's; the blocked nights move with it. */
  async acceptProposedDate(viewer: Viewer, jobId: number) {
    const { job: row } = await this.precheck(viewer, jobId, "accept_proposed_date");
    await this.lifecycle.releaseLapsedHolds({ propertyId: row.propertyId });
    return this.change(viewer, jobId, "accept_proposed_date", async ({ tx, job, today }) => {
      const proposed = job.job.proposedDate;
      if (!proposed) throw new AppError(409, "The contractor has not proposed another date.");
      if (proposed < today) throw new AppError(409, "The proposed date has passed; reschedule the job instead.");
      await this.holdNights(tx, job, today, proposed, job.job.vacantNights);
      return {
        set: { scheduledDate: proposed, proposedDate: null, proposedNote: null },
        note: `Moved to ${formatDateGb(proposed)}`,
        news: { kind: "rescheduled" },
      };
    });
  }

  /** POST …/progress: on the way, working, waiting for parts; the first update starts the work. */
  async progress(viewer: Viewer, jobId: number, input: TProgressUpdate) {
    return this.change(viewer, jobId, "update_progress", async () => ({
      set: { workStage: input.stage },
      note: input.note ? `${WORK_STAGE_LABELS[input.stage]}: ${input.note}` : WORK_STAGE_LABELS[input.stage],
    }));
  }

  /** POST …/complete: the final cost and a note; nights still ahead that were blocked for the work open again. */
  async complete(viewer: Viewer, jobId: number, input: TCompleteJob) {
    return this.change(viewer, jobId, "complete", async ({ tx, today }) => {
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
    return this.change(viewer, jobId, "decline_report", async (context) => this.close(context, reason));
  }

  /** POST …/withdraw: the reporting guest withdraws it while nobody has taken it. */
  async withdraw(viewer: Viewer, jobId: number) {
    return this.change(viewer, jobId, "withdraw_report", async (context) => this.close(context, null));
  }

  /** POST …/cancel: called off with a reason. */
  async cancel(viewer: Viewer, jobId: number, reason: string) {
    return this.change(viewer, jobId, "cancel", async (context) => this.close(context, reason));
  }

  /**
   * A job that ends without the work: nobody may still take it, and the nights still ahead that were blocked for it
   * open again (past nights stay as they were: the property was empty then).
   */
  private async close({ tx, job, today }: StepContext, reason: string | null): Promise<Step> {
    await withdrawOpenOffers(tx, job.job.id);
    await releaseJobNights(tx, job.job.id, today);
    return { set: { closingReason: reason }, note: reason };
  }

  /** POST …/mark-paid: the contractor's payment for a completed job is made (once). */
  async markPaid(viewer: Viewer, jobId: number) {
    return this.change(viewer, jobId, "mark_paid", async ({ job }) => {
      if (job.job.paidAt) throw new AppError(409, "This job's payment is already marked as made.");
      return { set: { paidAt: new Date(), paidBy: viewer.id } };
    });
  }

  /**
   * PUT …/property-maintenance: whoever runs the job takes the property off the market while the job is open and
   * urgent, or puts it back at any time. Through the listing's own status path (updatePropertyState), so the search
   * cache hears of it like any listing change.
   */
  async setPropertyMaintenance(viewer: Viewer, jobId: number, underMaintenance: boolean) {
    runs(viewer, await this.jobOr404(this.db, viewer, jobId));
    await this.db.transaction(async (tx) => {
      const job = runs(viewer, await this.lockedJobOr404(tx, viewer, jobId));
      const open = (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(job.job.status);
      if (underMaintenance && !(open && job.job.isUrgent)) {
        throw new AppError(409, "A property can be put under maintenance only for an open urgent job.");
      }
      if (!(await updatePropertyState(tx, job.job.propertyId, { underMaintenance }))) {
        throw listingRemoved((await findPropertyRow(tx, job.job.propertyId))?.removalReason ?? null);
      }
      const reference = jobReference(jobId);
      await recordAudit(tx, {
        type: underMaintenance ? "warning" : "info",
        action: underMaintenance ? "maintenance.property_closed" : "maintenance.property_reopened",
        message: `${sentenceName(viewer)} ${underMaintenance ? "put" : "took"} ${job.property.title} ${
          underMaintenance ? "under" : "off"
        } maintenance for work order ${reference}`,
        actor: { id: viewer.id, label: auditLabel(viewer) },
        target: { type: "maintenance-job", id: jobId },
        details: { reference, propertyId: job.job.propertyId, underMaintenance },
      });
    });
    return this.getJob(viewer, jobId);
  }

  // ------------------------------------------------------------------ photos

  /**
   * Checks that the viewer may add a photo to the job before the upload is read: its reporter or whoever runs it,
   * while it is open. Answers how many more it may take.
   */
  async photoRoom(viewer: Viewer, jobId: number): Promise<number> {
    const job = takesPhotos(viewer, await this.jobOr404(this.db, viewer, jobId));
    return Math.max(0, MAX_JOB_PHOTOS - job.photos.length);
  }

  /** POST …/photos: the staged photo is moved into place and its row written; the limit holds under the job lock. */
  async addPhoto(viewer: Viewer, jobId: number, staged: StagedPhoto) {
    await this.photos.keepWith([staged], () =>
      this.db.transaction(async (tx) => {
        takesPhotos(viewer, await this.lockedJobOr404(tx, viewer, jobId));
        if ((await countJobPhotos(tx, jobId)) >= MAX_JOB_PHOTOS) throw badRequest(TOO_MANY_JOB_PHOTOS);
        await insertJobPhoto(tx, jobId, staged.key, viewer.id);
      }),
    );
    return this.getJob(viewer, jobId);
  }

  /** DELETE …/photos/{photoId}: its files go once its row is gone. */
  async deletePhoto(viewer: Viewer, jobId: number, photoId: number) {
    const key = await this.db.transaction(async (tx) => {
      takesPhotos(viewer, await this.lockedJobOr404(tx, viewer, jobId));
      const removed = await deleteJobPhoto(tx, jobId, photoId);
      if (!removed) throw notFound("Photo not found");
      return removed;
    });
    await this.photos.remove([uploadedPhotoUrl(key)]);
    return this.getJob(viewer, jobId);
  }

  // ------------------------------------------------------------------ the one path for a change

  /**
   * The access module and the lifecycle on the job as it is now, before anything else is read or done (which
   * contractors are active, lapsed holds released): a refused request changes nothing.
   */
  private async precheck(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    refuseFirst?: (job: JobView, viewer: Viewer) => void,
  ): Promise<JobView> {
    const job = await this.jobOr404(this.db, viewer, jobId);
    refuseFirst?.(job, viewer);
    permitted(viewer, job, name);
    return job;
  }

  /** The job as the viewer sees it, or the 404 of one that does not exist. */
  private async jobOr404(db: Database | Tx, viewer: Viewer, jobId: number): Promise<JobView> {
    const job = await findJobView(db, jobId, viewer.id);
    if (!job) throw notFound("Job not found");
    return job;
  }

  /** The same, with the job's row held FOR UPDATE until the transaction ends (so what is read next is current). */
  private async lockedJobOr404(tx: Tx, viewer: Viewer, jobId: number): Promise<JobView> {
    if (!(await lockJob(tx, jobId))) throw notFound("Job not found");
    return this.jobOr404(tx, viewer, jobId);
  }

  /** One step of the job's lifecycle (see `apply`), answering the job as the viewer now sees it. */
  private async change(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    step: (context: StepContext) => Promise<Step>,
    refuseFirst?: (job: JobView, viewer: Viewer) => void,
  ): Promise<TMaintenanceJobDetail> {
    await this.apply(viewer, jobId, name, step, refuseFirst);
    return this.getJob(viewer, jobId);
  }

  /**
   * Locks the job's row, finds the viewer's part in it (the access module: strangers get a 404), asks the lifecycle
   * whether that part may make this change now (a 403 or a 409), then writes the step, the status, the timeline and
   * the System Logs entry in one transaction. `refuseFirst` answers for the job before the part is found (a
   * contractor whose offer another's acceptance withdrew). The e-mails it causes are written in the same transaction.
   */
  private async apply(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    step: (context: StepContext) => Promise<Step>,
    refuseFirst?: (job: JobView, viewer: Viewer) => void,
  ): Promise<void> {
    await this.precheck(viewer, jobId, name, refuseFirst);
    await this.db.transaction(async (tx) => {
      const job = await this.lockedJobOr404(tx, viewer, jobId);
      refuseFirst?.(job, viewer);
      const { part, to } = permitted(viewer, job, name);
      const done = await step({ tx, job, part, today: this.today() });
      await updateJob(tx, jobId, { ...done.set, status: to });
      await insertJobEvent(tx, { jobId, actorId: viewer.id, transition: name, note: done.note });
      const record = STEP_RECORDS[name];
      const reference = jobReference(jobId);
      await recordAudit(tx, {
        type: record.type,
        action: record.action,
        message: `${sentenceName(viewer)} ${record.verb} work order ${reference}: ${job.job.title}`,
        actor: { id: viewer.id, label: auditLabel(viewer) },
        target: { type: "maintenance-job", id: jobId },
        details: { reference, transition: name, from: job.job.status, to, part, ...(done.note && { note: done.note }) },
      });
      if (done.news) await this.notifier?.add(tx, jobId, done.news);
    });
  }

  /**
   * Blocks the nights the work keeps the property empty, from `date`, tagged with the job; the job's earlier nights
   * still ahead are released first, so a new date moves the block. Nights the landlord blocked stay theirs. A
   * pending or confirmed stay on any of the nights is a 409 naming it and the next free window of as many nights.
   */
  private async holdNights(
    tx: Tx,
    job: JobView,
    today: string,
    date: string,
    vacantNights: number | null,
  ): Promise<void> {
    await releaseJobNights(tx, job.job.id, today);
    if (vacantNights === null) return;
    const outcome = await blockNightsForJob(tx, job.job.propertyId, job.job.id, {
      from: date,
      to: addDays(date, vacantNights - 1),
      note: jobNightNote({ id: job.job.id, title: job.job.title }),
    });
    if ("heldBy" in outcome)
      throw new AppError(409, clashMessage(outcome.heldBy, outcome.upcoming, date, vacantNights));
  }
}

export const TOO_MANY_JOB_PHOTOS = `A job can have at most ${MAX_JOB_PHOTOS} photos`;

/** The job, if the viewer runs it (its owner, manager or an admin); else the access module's 404 or a 403. */
function runs(viewer: Viewer, job: JobView): JobView {
  if (!isCoordinator(maintenancePart(viewer, factsOf(job)))) throw new AppError(403, NOT_YOUR_PART_OF_THE_JOB);
  return job;
}

/** The job, if the viewer may add or remove its photos: its reporter or whoever runs it, while it is open. */
function takesPhotos(viewer: Viewer, job: JobView): JobView {
  const part = maintenancePart(viewer, factsOf(job));
  if (part !== "reporter" && !isCoordinator(part)) throw new AppError(403, NOT_YOUR_PART_OF_THE_JOB);
  if (!(OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(job.job.status)) {
    throw new AppError(409, "Photos can be added or removed only while the job is open.");
  }
  return job;
}

/** The access module's part for the viewer, then the lifecycle's verdict for it; a refusal becomes the AppError. */
function permitted(viewer: Viewer, job: JobView, name: MaintenanceTransition) {
  const part = maintenancePart(viewer, factsOf(job));
  const verdict = maintenanceTransition(name, job.job.status, part);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.reason);
  return { part, to: verdict.to };
}

/**
 * Two contractors accepting at once: the one whose offer the other's acceptance withdrew learns it was taken,
 * rather than the 404 of a job they are no longer related to.
 */
function takenByAnother(job: JobView, viewer: Viewer): void {
  if (job.myOffer === "withdrawn" && job.job.contractorId !== null && job.job.contractorId !== viewer.id) {
    throw new AppError(409, TAKEN);
  }
}

/** What the access module needs to know about a job. */
function factsOf(row: JobView): JobFacts {
  return {
    ownerId: row.property.ownerId,
    managerId: row.managerId,
    reporterId: row.job.reportedBy,
    contractorIds: row.contractorIds,
  };
}

/**
 * "A confirmed stay holds 3 December 2026 to 5 December 2026. The next free 2 nights start on 6 December 2026.": the
 * stays in the way, and the first window of `nights` nights from `from` that no pending or confirmed stay holds.
 */
function clashMessage(heldBy: HeldStay[], upcoming: HeldStay[], from: string, nights: number): string {
  const held = heldBy
    .map(
      (stay, i) =>
        `${i === 0 ? "A" : "a"} ${stay.status === "confirmed" ? "confirmed stay" : "booking request"} holds ${formatNightRange(
          stay.checkIn,
          addDays(stay.checkOut, -1),
        )}`,
    )
    .join("; ");
  let start = from;
  // Stays never overlap and come by check-in, so one pass moves the window past each stay in its way.
  for (const stay of upcoming) {
    if (stay.checkIn < addDays(start, nights) && stay.checkOut > start) start = stay.checkOut;
  }
  const next =
    nights === 1
      ? `The next free night is ${formatDateGb(start)}.`
      : `The next free ${nights} nights start on ${formatDateGb(start)}.`;
  return `${held}. ${next}`;
}

const pounds = (value: string | undefined): number => (value === undefined ? 0 : Number(value));

/** How the job's reporter is named to others: a guest (who reported from a stay) by first name and initial. */
function reportedBy(row: JobView): TMaintenanceJob["reportedBy"] {
  const { job, reporter } = row;
  if (job.reportedBy === row.property.ownerId) return { name: fullName(reporter), part: "owner" };
  if (job.bookingId === null && reporter.role === "admin") return { name: fullName(reporter), part: "admin" };
  if (job.bookingId === null && reporter.role === "property_manager")
    return { name: fullName(reporter), part: "manager" };
  return { name: publicGuestName(reporter.firstName, reporter.lastName), part: "guest" };
}

/** The transitions the viewer may fire now, as buttons: the lifecycle's, less those the job's state makes moot. */
function actionsFor(row: JobView, part: MaintenancePart): MaintenanceTransition[] {
  return availableMaintenanceTransitions(row.job.status, part).filter((name) => {
    if (name === "mark_paid") return row.job.paidAt === null;
    if (name === "accept_proposed_date") return row.job.proposedDate !== null;
    return true;
  });
}

/**
 * A job as one viewer sees it: a contractor sees where and whom to ask only once they have taken it; the guest who
 * reported it does not see what it costs.
 */
function toJob(row: JobView, viewer: Viewer, part: MaintenancePart): TMaintenanceJob {
  const { job } = row;
  const seesSite = part !== "contractor" || job.contractorId === viewer.id;
  const contact = row.managerId !== null && row.manager ? row.manager : row.owner;
  return {
    id: job.id,
    reference: jobReference(job.id),
    propertyId: job.propertyId,
    propertySlug: row.property.slug,
    propertyName: row.property.title,
    city: row.property.city,
    propertyUnderMaintenance: row.property.underMaintenance,
    bookingId: job.bookingId,
    address: seesSite ? row.property.address : null,
    issue: job.title,
    description: job.description,
    category: job.category,
    priority: job.priority,
    isUrgent: job.isUrgent,
    status: job.status,
    displayStatus: displayedStatus(job),
    requestedDate: londonToday(job.createdAt),
    scheduledDate: job.scheduledDate,
    estimatedHours: job.estimatedHours,
    estimatedDuration: job.estimatedHours === null ? null : formatEstimatedDuration(job.estimatedHours),
    vacantNights: job.vacantNights,
    contact: seesSite ? fullName(contact) : null,
    phone: seesSite ? contact.phone : null,
    // What the work costs is between those who run the job and the contractor, not the guest who reported it.
    payment: job.agreedPayment === null || part === "reporter" ? null : Number(job.agreedPayment),
    finalCost: job.finalCost === null || part === "reporter" ? null : Number(job.finalCost),
    workStage: job.workStage,
    proposedDate: job.proposedDate,
    proposedNote: job.proposedNote,
    closingReason: job.closingReason,
    completionNote: job.completionNote,
    completedAt: job.completedAt?.toISOString() ?? null,
    paidAt: job.paidAt?.toISOString() ?? null,
    contractor:
      job.contractorId !== null && row.contractor ? { id: job.contractorId, name: fullName(row.contractor) } : null,
    reportedBy: reportedBy(row),
    photos: row.photos.map((photo) => ({ id: photo.id, url: uploadedPhotoUrl(photo.key) })),
    viewerPart: part,
    myOffer: row.myOffer ? { status: row.myOffer } : null,
    actions: actionsFor(row, part),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
