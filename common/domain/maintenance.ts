import { addDays, formatDateGb } from "./calendar-dates";

/**
 * Maintenance work orders ("jobs"): a problem at a property is reported, triaged, offered to contractors,
 * scheduled, worked on, completed and paid. The lifecycle is data, like the booking one: every status change is
 * one of MAINTENANCE_TRANSITIONS, fired by one of the parts it lists. Which part a user plays in a job is decided
 * by the access module (server/access/records.ts) from the job itself, never by the caller.
 */

/**
 * Stored statuses. `pending`: reported and not yet taken by a contractor (offers may be open). `scheduled`: a
 * contractor accepted it for a date. `in_progress`: the contractor has started. `declined`: the manager or owner
 * turned the report down. `cancelled`: called off after it was taken on.
 */
export const MAINTENANCE_STATUSES = [
  "pending",
  "scheduled",
  "in_progress",
  "completed",
  "declined",
  "cancelled",
] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** Jobs someone still has to act on. */
export const OPEN_MAINTENANCE_STATUSES = [
  "pending",
  "scheduled",
  "in_progress",
] as const satisfies readonly MaintenanceStatus[];
/** Jobs that are over: nothing changes them any more, except marking a completed one paid. */
export const CLOSED_MAINTENANCE_STATUSES = [
  "completed",
  "declined",
  "cancelled",
] as const satisfies readonly MaintenanceStatus[];

/** What the dashboards display: an urgent job that nobody has taken yet shows as `urgent`. */
export const DISPLAYED_MAINTENANCE_STATUSES = [...MAINTENANCE_STATUSES, "urgent"] as const;
export type DisplayedMaintenanceStatus = (typeof DISPLAYED_MAINTENANCE_STATUSES)[number];

export function displayedStatus(job: { status: MaintenanceStatus; isUrgent: boolean }): DisplayedMaintenanceStatus {
  return job.status === "pending" && job.isUrgent ? "urgent" : job.status;
}

export const MAINTENANCE_STATUS_LABELS: Record<DisplayedMaintenanceStatus, string> = {
  pending: "Pending",
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  declined: "Declined",
  cancelled: "Cancelled",
  urgent: "Urgent",
};

export const MAINTENANCE_PRIORITIES = ["high", "medium", "low"] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
export const MAINTENANCE_PRIORITY_LABELS: Record<MaintenancePriority, string> = {
  high: "High",
  medium: "Medium",
  low: "Low",
};

export const MAINTENANCE_CATEGORIES = [
  "plumbing",
  "electrical",
  "heating",
  "appliances",
  "locks_and_security",
  "structural",
  "pest_control",
  "cleaning",
  "other",
] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: "Plumbing",
  electrical: "Electrical",
  heating: "Heating and hot water",
  appliances: "Appliances",
  locks_and_security: "Locks and security",
  structural: "Structural",
  pest_control: "Pest control",
  cleaning: "Cleaning",
  other: "Other",
};

/** Where an in-progress job stands, as the contractor reports it. */
export const WORK_STAGES = ["on_the_way", "in_progress", "waiting_for_parts"] as const;
export type WorkStage = (typeof WORK_STAGES)[number];
export const WORK_STAGE_LABELS: Record<WorkStage, string> = {
  on_the_way: "On the way",
  in_progress: "In progress",
  waiting_for_parts: "Waiting for parts",
};

/** An offer of a job to one contractor. */
export const OFFER_STATUSES = ["open", "accepted", "declined", "withdrawn"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * The parts a user can play in a job. `reporter`: the guest who reported it from their stay (they follow it, and
 * may withdraw it while nobody has taken it). `owner`: the property's landlord. `manager`: the property's current
 * manager. `contractor`: a contractor the job is offered to or who accepted it. `admin`: the platform.
 */
export type MaintenancePart = "reporter" | "owner" | "manager" | "contractor" | "admin";

/** Who runs the job: triage, offers, dates, cancelling, paying. */
const COORDINATORS = ["owner", "manager", "admin"] as const satisfies readonly MaintenancePart[];

/** Whether `part` runs the job (rather than working on it or following it). */
export function isCoordinator(part: MaintenancePart): boolean {
  return (COORDINATORS as readonly MaintenancePart[]).includes(part);
}

export const MAINTENANCE_TRANSITIONS = {
  /** Priority, urgency, category or wording corrected while the job is open. */
  triage: { from: ["pending", "scheduled", "in_progress"], to: "same", by: COORDINATORS },
  /** Offered to one or more contractors, with the date, duration and payment. */
  offer: { from: ["pending"], to: "pending", by: COORDINATORS },
  /** The first contractor to accept takes it; every other open offer is withdrawn. */
  accept: { from: ["pending"], to: "scheduled", by: ["contractor"] },
  /** A contractor turns an offer down, with a reason; the job stays pending for another offer. */
  decline_offer: { from: ["pending"], to: "pending", by: ["contractor"] },
  /** A new date set by whoever runs the job. */
  reschedule: { from: ["pending", "scheduled"], to: "same", by: COORDINATORS },
  /** The contractor asks for another date; the job keeps its date until a coordinator accepts. */
  propose_date: { from: ["scheduled"], to: "scheduled", by: ["contractor"] },
  accept_proposed_date: { from: ["scheduled"], to: "scheduled", by: COORDINATORS },
  /** On the way, working, waiting for parts: the first update starts the work. */
  update_progress: { from: ["scheduled", "in_progress"], to: "in_progress", by: ["contractor"] },
  /** With the final cost and a note. */
  complete: { from: ["in_progress"], to: "completed", by: ["contractor"] },
  /** The report is turned down at triage, with a reason. */
  decline_report: { from: ["pending"], to: "declined", by: COORDINATORS },
  /** The reporting guest withdraws it while nobody has taken it. */
  withdraw_report: { from: ["pending"], to: "cancelled", by: ["reporter"] },
  /** Called off, with a reason; nights blocked for it open again. */
  cancel: { from: ["pending", "scheduled", "in_progress"], to: "cancelled", by: COORDINATORS },
  /** The contractor's payment for a completed job is made. */
  mark_paid: { from: ["completed"], to: "completed", by: COORDINATORS },
} as const satisfies Record<
  string,
  { from: readonly MaintenanceStatus[]; to: MaintenanceStatus | "same"; by: readonly MaintenancePart[] }
>;

export type MaintenanceTransition = keyof typeof MAINTENANCE_TRANSITIONS;
export const MAINTENANCE_TRANSITION_NAMES = Object.keys(MAINTENANCE_TRANSITIONS) as MaintenanceTransition[];

/** The refusal of a change the user's part in the job may never make. */
export const NOT_YOUR_PART_OF_THE_JOB = "You are not allowed to make this change to the job.";

export type TransitionOutcome = { ok: true; to: MaintenanceStatus } | { ok: false; code: 403 | 409; reason: string };

/**
 * The status after `name`, or why it may not happen: a part that may never fire it is a 403, a job in the wrong
 * status a 409 (someone else moved it first, or the page is stale).
 */
export function maintenanceTransition(
  name: MaintenanceTransition,
  current: MaintenanceStatus,
  part: MaintenancePart,
): TransitionOutcome {
  const rule = MAINTENANCE_TRANSITIONS[name];
  if (!(rule.by as readonly MaintenancePart[]).includes(part)) {
    return { ok: false, code: 403, reason: NOT_YOUR_PART_OF_THE_JOB };
  }
  if (!(rule.from as readonly MaintenanceStatus[]).includes(current)) {
    return {
      ok: false,
      code: 409,
      reason: `This job is ${MAINTENANCE_STATUS_LABELS[current].toLowerCase()} and can no longer be changed this way.`,
    };
  }
  return { ok: true, to: rule.to === "same" ? current : rule.to };
}

/** The transitions `part` may fire on a job in `status` (for the buttons a page shows). */
export function availableMaintenanceTransitions(
  status: MaintenanceStatus,
  part: MaintenancePart,
): MaintenanceTransition[] {
  return MAINTENANCE_TRANSITION_NAMES.filter((name) => maintenanceTransition(name, status, part).ok);
}

/** A job's estimate as people say it: "1 hour", "3 hours". */
export function formatEstimatedDuration(hours: number): string {
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** A guest may report a problem from the day they check in until this many days after they check out. */
export const REPORT_DAYS_AFTER_STAY = 14;

/** The last day a guest may report a problem from a stay. */
export function lastReportDay(stay: { checkOut: string }): string {
  return addDays(stay.checkOut, REPORT_DAYS_AFTER_STAY);
}

/**
 * Why a guest may not report a problem from this stay today, or null when they may: only a confirmed or completed
 * stay, from check-in day until REPORT_DAYS_AFTER_STAY days after check-out (London dates).
 */
export function stayReportRefusal(
  stay: { status: string; checkIn: string; checkOut: string },
  today: string,
): string | null {
  if (stay.status !== "confirmed" && stay.status !== "completed") {
    return "Problems can be reported only from a confirmed stay.";
  }
  if (today < stay.checkIn) return `You can report a problem from your check-in day, ${formatDateGb(stay.checkIn)}.`;
  if (today > lastReportDay(stay)) {
    return `Problems with this stay could be reported until ${formatDateGb(lastReportDay(stay))}, ${REPORT_DAYS_AFTER_STAY} days after check-out.`;
  }
  return null;
}
/** The most a job may cost or pay, in pounds. */
export const MAX_JOB_AMOUNT = 1_000_000;
/** The most nights one job may keep a property empty. */
export const MAX_VACANT_NIGHTS = 30;
/** The longest estimate of a job's duration, in hours (four working weeks). */
export const MAX_ESTIMATED_HOURS = 160;
/** Photos one job may carry. */
export const MAX_JOB_PHOTOS = 6;
/** How far ahead a job may be scheduled, in days. */
export const MAX_SCHEDULE_DAYS_AHEAD = 365;
/** Contractors one offer may go to at once. */
export const MAX_CONTRACTORS_PER_OFFER = 5;
