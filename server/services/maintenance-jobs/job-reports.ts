import { isCoordinator, type MaintenancePart, stayReportRefusal } from "../../../common/domain/maintenance";
import { jobReference, type TMaintenanceJobDetail, type TReportJob } from "../../../common/schemas/maintenance";
import { maintenancePart, mayActOn } from "../../access/records";
import type { Database } from "../../db/client";
import { AppError, ConflictError, notFound } from "../../lib/errors";
import { auditLabel, sentenceName } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { findBookingView } from "../../repositories/bookings.repository";
import { findPropertyRunners, insertJob, insertJobEvent } from "../../repositories/maintenance-jobs.repository";
import type { Viewer } from "./job-access";
import type { MaintenanceJobReads } from "./job-reads";

/** How a job begins: who may report one, on which property or stay, and at what starting priority. */
export class JobReports {
  constructor(
    private readonly db: Database,
    private readonly reads: MaintenanceJobReads,
    private readonly today: () => string,
  ) {}

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
    return this.reads.getJob(viewer, jobId);
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
      if (refusal) throw new ConflictError(refusal);
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
}
