import type { AuditAction, AuditType } from "../../../common/domain/audit-log";
import type { MaintenancePart, MaintenanceTransition } from "../../../common/domain/maintenance";
import { jobReference, type TMaintenanceJobDetail } from "../../../common/schemas/maintenance";
import type { Database, Tx } from "../../db/client";
import { auditLabel, sentenceName } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  insertJobEvent,
  type JobChanges,
  type JobView,
  updateJob,
} from "../../repositories/maintenance-jobs.repository";
import type { MaintenanceNews, MaintenanceNotifier } from "../messaging/maintenance-notifier";
import { jobOr404, lockedJobOr404, permitted, type Viewer } from "./job-access";
import type { MaintenanceJobReads } from "./job-reads";

/** What one step of a job writes besides its status: the job's columns, the timeline's note, who to tell. */
export type Step = { set?: JobChanges; note?: string | null; news?: MaintenanceNews };
export type StepContext = { tx: Tx; job: JobView; part: MaintenancePart; today: string };
/** Answers for the job before the viewer's part is found (a contractor whose offer another's acceptance withdrew). */
export type RefuseFirst = (job: JobView, viewer: Viewer) => void;

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

/**
 * The one path for a change to a job (docs/decisions/010-maintenance-work-orders.md). Every step starts with the
 * access module (`maintenancePart`: which part the user plays in the job, or a 404) and then the lifecycle
 * (`maintenanceTransition`: may that part make this change now, a 403 or a 409). Each change locks the job's row,
 * checks both again on what the lock guards, and writes the job, its timeline and its System Logs entry in one
 * transaction; e-mails go after the commit.
 */
export class JobSteps {
  constructor(
    private readonly db: Database,
    private readonly reads: MaintenanceJobReads,
    private readonly today: () => string,
    private readonly notifier?: MaintenanceNotifier,
  ) {}

  /**
   * The access module and the lifecycle on the job as it is now, before anything else is read or done (which
   * contractors are active, lapsed holds released): a refused request changes nothing.
   */
  async precheck(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    refuseFirst?: RefuseFirst,
  ): Promise<JobView> {
    const job = await jobOr404(this.db, viewer, jobId);
    refuseFirst?.(job, viewer);
    permitted(viewer, job, name);
    return job;
  }

  /** One step of the job's lifecycle (see `apply`), answering the job as the viewer now sees it. */
  async change(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    step: (context: StepContext) => Promise<Step>,
    refuseFirst?: RefuseFirst,
  ): Promise<TMaintenanceJobDetail> {
    await this.apply(viewer, jobId, name, step, refuseFirst);
    return this.reads.getJob(viewer, jobId);
  }

  /**
   * Locks the job's row, finds the viewer's part in it (the access module: strangers get a 404), asks the lifecycle
   * whether that part may make this change now (a 403 or a 409), then writes the step, the status, the timeline and
   * the System Logs entry in one transaction. `refuseFirst` answers for the job before the part is found (a
   * contractor whose offer another's acceptance withdrew). The e-mails it causes are written in the same transaction.
   */
  async apply(
    viewer: Viewer,
    jobId: number,
    name: MaintenanceTransition,
    step: (context: StepContext) => Promise<Step>,
    refuseFirst?: RefuseFirst,
  ): Promise<void> {
    await this.precheck(viewer, jobId, name, refuseFirst);
    await this.db.transaction(async (tx) => {
      const job = await lockedJobOr404(tx, viewer, jobId);
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
}
