import { addDays, londonToday } from "@common/domain/calendar-dates";
import {
  type DisplayedMaintenanceStatus,
  isCoordinator,
  MAINTENANCE_STATUS_LABELS,
  MAX_SCHEDULE_DAYS_AHEAD,
  type MaintenancePriority,
  type MaintenanceTransition,
  OPEN_MAINTENANCE_STATUSES,
  stayReportRefusal,
} from "@common/domain/maintenance";
import type { TContractorEarnings, TMaintenanceJob } from "@common/schemas/maintenance";
import type { JobActionName } from "../api/maintenance-api";

/**
 * The pure rules of the maintenance screens: how a status and a priority look, what each action is called for the
 * viewer, which of a contractor's jobs go in which tab, and when a guest may report a problem from a stay.
 */

/** Urgent and nobody on it red, waiting amber, booked in blue, being worked on brass, done green, closed grey. */
export const JOB_STATUS_CLASSES: Record<DisplayedMaintenanceStatus, string> = {
  urgent: "border-transparent bg-destructive text-destructive-foreground",
  pending: "border-warning/25 bg-warning-soft text-warning",
  scheduled: "border-sky-200 bg-sky-50 text-sky-800",
  in_progress: "border-brass-300 bg-brass-100 text-ink-800",
  completed: "border-transparent bg-success-soft text-success",
  declined: "border-border bg-secondary text-secondary-foreground",
  cancelled: "border-border bg-secondary text-secondary-foreground",
};

export const JOB_PRIORITY_CLASSES: Record<MaintenancePriority, string> = {
  high: "border-destructive/25 bg-destructive-soft text-destructive",
  medium: "border-warning/25 bg-warning-soft text-warning",
  low: "border-border bg-card text-muted-foreground",
};

export function jobStatusLabel(status: DisplayedMaintenanceStatus): string {
  return MAINTENANCE_STATUS_LABELS[status];
}

/**
 * The buttons' words. A contractor's Reschedule proposes a date (the coordinator accepts it); a coordinator's sets it.
 * The order is the order the details dialog shows them in: the step that moves the job on first, closing it last.
 */
export const JOB_ACTION_LABELS: Record<JobActionName, string> = {
  accept: "Accept Job",
  decline_offer: "Decline",
  update_progress: "Update Status",
  complete: "Mark Complete",
  propose_date: "Reschedule",
  offer: "Offer to contractors",
  accept_proposed_date: "Accept proposed date",
  reschedule: "Reschedule",
  triage: "Triage",
  mark_paid: "Mark paid",
  property_maintenance: "Take property offline",
  withdraw_report: "Withdraw report",
  decline_report: "Decline report",
  cancel: "Cancel job",
};
export const JOB_ACTION_ORDER = Object.keys(JOB_ACTION_LABELS) as JobActionName[];

/** What a job's timeline says each step was. */
export const JOB_EVENT_LABELS: Record<"report" | MaintenanceTransition, string> = {
  report: "Reported",
  triage: "Details updated",
  offer: "Offered to contractors",
  accept: "Accepted by the contractor",
  decline_offer: "Offer declined",
  reschedule: "Rescheduled",
  propose_date: "New date proposed",
  accept_proposed_date: "Proposed date accepted",
  update_progress: "Progress update",
  complete: "Completed",
  decline_report: "Report declined",
  withdraw_report: "Report withdrawn",
  cancel: "Cancelled",
  mark_paid: "Payment made",
};

export function jobEventLabel(transition: string): string {
  return JOB_EVENT_LABELS[transition as keyof typeof JOB_EVENT_LABELS] ?? transition;
}

/**
 * The actions this viewer has on the job, in the dialog's order: the server's `actions`, plus taking the property
 * off the market while an urgent job is open (the server checks that again).
 */
export function jobActionsFor(
  job: Pick<TMaintenanceJob, "actions" | "viewerPart" | "status" | "isUrgent">,
): JobActionName[] {
  const available = new Set<string>(job.actions);
  if (isCoordinator(job.viewerPart) && job.isUrgent && isOpenJob(job)) {
    available.add("property_maintenance");
  }
  return JOB_ACTION_ORDER.filter((name) => available.has(name));
}

/** Pending, scheduled or in progress: someone still has to act on it. */
function isOpenJob(job: Pick<TMaintenanceJob, "status">): boolean {
  return (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(job.status);
}

/** The reporter or whoever runs the job may add and remove its photos while it is open, up to MAX_JOB_PHOTOS. */
export function mayEditPhotos(job: Pick<TMaintenanceJob, "viewerPart" | "status">): boolean {
  return isOpenJob(job) && (job.viewerPart === "reporter" || isCoordinator(job.viewerPart));
}

/** The contractor's Active Jobs (work under way, then offers waiting for an answer) and Scheduled tabs. */
export function splitContractorJobs(jobs: readonly TMaintenanceJob[]) {
  const inProgress = jobs.filter((job) => job.status === "in_progress");
  const offers = jobs.filter((job) => job.status === "pending" && job.myOffer?.status === "open");
  const scheduled = jobs
    .filter((job) => job.status === "scheduled")
    .sort((a, b) => (a.scheduledDate ?? "").localeCompare(b.scheduledDate ?? ""));
  return { inProgress, offers, active: [...inProgress, ...offers], scheduled };
}

/** The contractor's four figures; zeros until there is work, never sample numbers. */
export function contractorFigures(
  jobs: readonly TMaintenanceJob[] | undefined,
  earnings: TContractorEarnings | undefined,
) {
  const split = splitContractorJobs(jobs ?? []);
  return {
    active: split.inProgress.length,
    scheduled: split.scheduled.length,
    pendingOffers: split.offers.length,
    completed: earnings?.totals.completedJobs ?? 0,
    earned: earnings?.totals.earned ?? 0,
    awaitingPayment: earnings?.totals.awaitingPayment ?? 0,
  };
}

/** The stay a guest reports from: its status and dates. */
type Stay = { id: number; status: string; checkIn: string; checkOut: string; propertyId: number };

/** A guest may report a problem from this stay today (the server decides again, by the same rule). */
export function mayReportFromStay(stay: Omit<Stay, "id" | "propertyId">, today: string): boolean {
  return stayReportRefusal(stay, today) === null;
}

/** The guest's reports that came from this stay. */
export function reportsFromStay<J extends Pick<TMaintenanceJob, "bookingId">>(
  jobs: readonly J[],
  stay: { id: number },
): J[] {
  return jobs.filter((job) => job.bookingId === stay.id);
}

/** The dates a job may be set for: today (London) to MAX_SCHEDULE_DAYS_AHEAD ahead, as the date inputs offer them. */
export function workDateBounds(today: string = londonToday()): { min: string; max: string } {
  return { min: today, max: addDays(today, MAX_SCHEDULE_DAYS_AHEAD) };
}

/** A date to start a form from: the job's own if it is still ahead, else nothing. */
export function upcomingDateOr(date: string | null, today: string = londonToday()): string {
  return date && date >= today ? date : "";
}

/** An empty number box means no value (null), not 0. */
export function nullableNumber(value: unknown): number | null {
  if (value === "" || value === null || value === undefined) return null;
  return typeof value === "number" ? value : Number(value);
}
