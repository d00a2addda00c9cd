import { isCoordinator } from "../../../common/domain/maintenance";
import type { TJobListQuery, TMaintenanceJob, TMaintenanceJobDetail } from "../../../common/schemas/maintenance";
import { pageOffset, type TPageQuery } from "../../../common/schemas/paging";
import { jobListScope, maintenancePart } from "../../access/records";
import type { Database } from "../../db/client";
import { fullName, sentenceName } from "../../lib/person-names";
import {
  findContractorChoices,
  findContractorHistory,
  findContractorJobViews,
  findJobEvents,
  findJobOffers,
  findJobViews,
  type JobScope,
} from "../../repositories/maintenance-jobs.repository";
import { factsOf, jobOr404, type Viewer } from "./job-access";
import { asSeenBy, toJob } from "./job-view";

export type Page<T> = { items: T[]; total: number };

/**
 * Reading maintenance jobs: the lists each part sees (those who run a property, its manager, the contractor), one
 * job in full with its offers and timeline, and who a job can be offered to. Nothing here changes a job.
 */
export class MaintenanceJobReads {
  constructor(private readonly db: Database) {}

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
    return { items: asSeenBy(viewer, rows), total };
  }

  /** GET /api/maintenance/contractor-jobs: open offers, then taken jobs not yet done, soonest first. */
  async findContractorJobs(viewer: Viewer): Promise<TMaintenanceJob[]> {
    return asSeenBy(viewer, await findContractorJobViews(this.db, viewer.id));
  }

  /** GET /api/maintenance/history: the jobs the contractor took that are completed or cancelled, newest first. */
  async findContractorHistory(viewer: Viewer, query: TPageQuery): Promise<Page<TMaintenanceJob>> {
    const { rows, total } = await findContractorHistory(this.db, viewer.id, {
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return { items: asSeenBy(viewer, rows), total };
  }

  /** GET /api/maintenance/jobs/{id}: the job, its offers (for those who run it) and its timeline. */
  async getJob(viewer: Viewer, jobId: number): Promise<TMaintenanceJobDetail> {
    const row = await jobOr404(this.db, viewer, jobId);
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
}
