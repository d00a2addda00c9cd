import { londonToday } from "../../../common/domain/calendar-dates";
import {
  availableMaintenanceTransitions,
  displayedStatus,
  formatEstimatedDuration,
  type MaintenancePart,
  type MaintenanceTransition,
} from "../../../common/domain/maintenance";
import { uploadedPhotoUrl } from "../../../common/domain/photo-sizes";
import { jobReference, type TMaintenanceJob } from "../../../common/schemas/maintenance";
import { maintenancePart } from "../../access/records";
import { AppError } from "../../lib/errors";
import { fullName, publicGuestName } from "../../lib/person-names";
import type { JobView } from "../../repositories/maintenance-jobs.repository";
import { factsOf, type Viewer } from "./job-access";

/**
 * Each row as the viewer sees it. A list only selects jobs the viewer is related to; a row the access module
 * still refuses (a landlord whose features closed, seeing a job they reported) is left out rather than failing
 * the whole list.
 */
export function asSeenBy(viewer: Viewer, rows: JobView[]): TMaintenanceJob[] {
  return rows.flatMap((row) => {
    try {
      return [toJob(row, viewer, maintenancePart(viewer, factsOf(row)))];
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    }
  });
}

/**
 * A job as one viewer sees it: a contractor sees where and whom to ask only once they have taken it; the guest who
 * reported it does not see what it costs.
 */
export function toJob(row: JobView, viewer: Viewer, part: MaintenancePart): TMaintenanceJob {
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
