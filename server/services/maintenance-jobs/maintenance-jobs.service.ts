import { londonToday } from "../../../common/domain/calendar-dates";
import type {
  TCompleteJob,
  TJobListQuery,
  TOfferJob,
  TProgressUpdate,
  TProposeDate,
  TReportJob,
  TRescheduleJob,
  TTriageJob,
} from "../../../common/schemas/maintenance";
import type { TPageQuery } from "../../../common/schemas/paging";
import type { Database } from "../../db/client";
import type { BookingLifecycleService } from "../booking-lifecycle/booking-lifecycle.service";
import type { MaintenanceNotifier } from "../messaging/maintenance-notifier";
import type { PhotoStore, StagedPhoto } from "../photos/photo-store";
import { ContractorPay } from "./contractor-pay";
import type { Viewer } from "./job-access";
import { JobPhotos } from "./job-photos";
import { MaintenanceJobReads } from "./job-reads";
import { JobReports } from "./job-reports";
import { JobSteps } from "./job-steps";
import { JobTransitions } from "./job-transitions";
import { PropertyUnderMaintenance } from "./property-under-maintenance";

export type { Viewer } from "./job-access";

/**
 * Maintenance work orders: reporting, triage, offers to contractors, dates that keep the property empty, the work,
 * completion and payment (docs/decisions/010-maintenance-work-orders.md). This is the one face the routes see; each
 * job lives in its own module of this folder:
 *
 * - job-reads.ts and job-view.ts: the lists, one job in full, and a job as each part sees it;
 * - job-reports.ts: who may report a job, and where;
 * - job-steps.ts: the one path every change takes (access, lifecycle, row lock, timeline, System Logs, e-mails);
 * - job-transitions.ts and job-nights.ts: offers, acceptance, dates and the nights they keep empty, the work, its end;
 * - contractor-pay.ts: marking a job paid, and a contractor's earnings;
 * - job-photos.ts: a job's photos;
 * - property-under-maintenance.ts: taking the property off the market for urgent work.
 */
export class MaintenanceJobsService {
  private readonly reads: MaintenanceJobReads;
  private readonly reports: JobReports;
  private readonly transitions: JobTransitions;
  private readonly pay: ContractorPay;
  private readonly jobPhotos: JobPhotos;
  private readonly propertyMaintenance: PropertyUnderMaintenance;

  constructor(
    db: Database,
    readonly photos: PhotoStore,
    /** Lapsed booking holds release their nights before a job's nights are checked against bookings. */
    lifecycle: Pick<BookingLifecycleService, "releaseLapsedHolds">,
    notifier?: MaintenanceNotifier,
    /** The clock for "today" (the reporting window, nights still ahead); tests fix it. */
    now: () => Date = () => new Date(),
    /** Without card payments the platform holds only demo money, and job payments are demo too. */
    moneyIsDemo: () => boolean = () => true,
  ) {
    const today = () => londonToday(now());
    this.reads = new MaintenanceJobReads(db);
    const steps = new JobSteps(db, this.reads, today, notifier);
    this.reports = new JobReports(db, this.reads, today);
    this.transitions = new JobTransitions(db, steps, lifecycle);
    this.pay = new ContractorPay(db, steps, today, moneyIsDemo);
    this.jobPhotos = new JobPhotos(db, photos, this.reads);
    this.propertyMaintenance = new PropertyUnderMaintenance(db, this.reads);
  }

  // ------------------------------------------------------------------ reading

  findJobs(viewer: Viewer, query: TJobListQuery) {
    return this.reads.findJobs(viewer, query);
  }

  findAssignedJobs(viewer: Viewer, query: TJobListQuery) {
    return this.reads.findAssignedJobs(viewer, query);
  }

  findContractorJobs(viewer: Viewer) {
    return this.reads.findContractorJobs(viewer);
  }

  findContractorHistory(viewer: Viewer, query: TPageQuery) {
    return this.reads.findContractorHistory(viewer, query);
  }

  getJob(viewer: Viewer, jobId: number) {
    return this.reads.getJob(viewer, jobId);
  }

  contractorChoices() {
    return this.reads.contractorChoices();
  }

  // ------------------------------------------------------------------ reporting

  report(viewer: Viewer, input: TReportJob) {
    return this.reports.report(viewer, input);
  }

  // ------------------------------------------------------------------ the lifecycle

  triage(viewer: Viewer, jobId: number, input: TTriageJob) {
    return this.transitions.triage(viewer, jobId, input);
  }

  offer(viewer: Viewer, jobId: number, input: TOfferJob) {
    return this.transitions.offer(viewer, jobId, input);
  }

  accept(viewer: Viewer, jobId: number) {
    return this.transitions.accept(viewer, jobId);
  }

  declineOffer(viewer: Viewer, jobId: number, reason: string) {
    return this.transitions.declineOffer(viewer, jobId, reason);
  }

  reschedule(viewer: Viewer, jobId: number, input: TRescheduleJob) {
    return this.transitions.reschedule(viewer, jobId, input);
  }

  proposeDate(viewer: Viewer, jobId: number, input: TProposeDate) {
    return this.transitions.proposeDate(viewer, jobId, input);
  }

  acceptProposedDate(viewer: Viewer, jobId: number) {
    return this.transitions.acceptProposedDate(viewer, jobId);
  }

  progress(viewer: Viewer, jobId: number, input: TProgressUpdate) {
    return this.transitions.progress(viewer, jobId, input);
  }

  complete(viewer: Viewer, jobId: number, input: TCompleteJob) {
    return this.transitions.complete(viewer, jobId, input);
  }

  declineReport(viewer: Viewer, jobId: number, reason: string) {
    return this.transitions.declineReport(viewer, jobId, reason);
  }

  withdraw(viewer: Viewer, jobId: number) {
    return this.transitions.withdraw(viewer, jobId);
  }

  cancel(viewer: Viewer, jobId: number, reason: string) {
    return this.transitions.cancel(viewer, jobId, reason);
  }

  // ------------------------------------------------------------------ paying the contractor

  markPaid(viewer: Viewer, jobId: number) {
    return this.pay.markPaid(viewer, jobId);
  }

  earnings(viewer: Viewer) {
    return this.pay.earnings(viewer);
  }

  // ------------------------------------------------------------------ the property and the job's photos

  setPropertyMaintenance(viewer: Viewer, jobId: number, underMaintenance: boolean) {
    return this.propertyMaintenance.setPropertyMaintenance(viewer, jobId, underMaintenance);
  }

  photoRoom(viewer: Viewer, jobId: number) {
    return this.jobPhotos.photoRoom(viewer, jobId);
  }

  addPhoto(viewer: Viewer, jobId: number, staged: StagedPhoto) {
    return this.jobPhotos.addPhoto(viewer, jobId, staged);
  }

  deletePhoto(viewer: Viewer, jobId: number, photoId: number) {
    return this.jobPhotos.deletePhoto(viewer, jobId, photoId);
  }
}
