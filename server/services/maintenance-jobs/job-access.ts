import {
  isCoordinator,
  type MaintenanceTransition,
  maintenanceTransition,
  NOT_YOUR_PART_OF_THE_JOB,
} from "../../../common/domain/maintenance";
import { type Actor, type JobFacts, maintenancePart } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { ConflictError, ForbiddenError, notFound } from "../../lib/errors";
import { findJobView, type JobView, lockJob } from "../../repositories/maintenance-jobs.repository";

// Who may touch a job. Every read and change starts here: the access module says which part the viewer plays in the
// job (a stranger gets the 404 of a job that does not exist), and the lifecycle says whether that part may make a
// change now.

/** The signed-in person acting on a job. */
export type Viewer = Actor & { email: string; firstName: string | null; lastName: string | null };

/** The job as the viewer sees it, or the 404 of one that does not exist. */
export async function jobOr404(db: Database | Tx, viewer: Viewer, jobId: number): Promise<JobView> {
  const job = await findJobView(db, jobId, viewer.id);
  if (!job) throw notFound("Job not found");
  return job;
}

/** The same, with the job's row held FOR UPDATE until the transaction ends (so what is read next is current). */
export async function lockedJobOr404(tx: Tx, viewer: Viewer, jobId: number): Promise<JobView> {
  if (!(await lockJob(tx, jobId))) throw notFound("Job not found");
  return jobOr404(tx, viewer, jobId);
}

/** The access module's part for the viewer, then the lifecycle's verdict for it; a refusal becomes the error of its kind. */
export function permitted(viewer: Viewer, job: JobView, name: MaintenanceTransition) {
  const part = maintenancePart(viewer, factsOf(job));
  const verdict = maintenanceTransition(name, job.job.status, part);
  if (!verdict.ok) throw verdict.code === 403 ? new ForbiddenError(verdict.reason) : new ConflictError(verdict.reason);
  return { part, to: verdict.to };
}

/** The job, if the viewer runs it (its owner, manager or an admin); else the access module's 404 or a 403. */
export function runs(viewer: Viewer, job: JobView): JobView {
  if (!isCoordinator(maintenancePart(viewer, factsOf(job)))) throw new ForbiddenError(NOT_YOUR_PART_OF_THE_JOB);
  return job;
}

/** What the access module needs to know about a job. */
export function factsOf(row: JobView): JobFacts {
  return {
    ownerId: row.property.ownerId,
    managerId: row.managerId,
    reporterId: row.job.reportedBy,
    contractorIds: row.contractorIds,
  };
}
