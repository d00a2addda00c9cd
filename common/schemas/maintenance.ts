import { z } from "zod";
import { addDays, isCalendarDate, londonToday } from "../domain/calendar-dates";
import {
  DISPLAYED_MAINTENANCE_STATUSES,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITION_NAMES,
  MAX_CONTRACTORS_PER_OFFER,
  MAX_ESTIMATED_HOURS,
  MAX_JOB_AMOUNT,
  MAX_SCHEDULE_DAYS_AHEAD,
  MAX_VACANT_NIGHTS,
  OFFER_STATUSES,
  WORK_STAGES,
} from "../domain/maintenance";
import { hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE } from "../entities/field-kinds";
import { ZRevenueSettlement } from "./analytics";
import { ZBodyId, ZUrlId } from "./ids";
import { ZPageQuery } from "./paging";
import { ZOptionalPlainText, ZPlainText } from "./plain-text";

/**
 * Maintenance jobs across the layers: one definition of a job's fields (ZMaintenanceJobFields), and every request
 * and answer derived from it. Routes: /api/maintenance/* and /api/contractor/earnings.
 */

/** The reference people quote for a job: MJ-000042. */
export function jobReference(id: number): string {
  return `MJ-${String(id).padStart(6, "0")}`;
}

/** The note on nights blocked for a job, as the owner's calendar shows it. */
export function jobNightNote(job: { id: number; title: string }): string {
  return `Maintenance ${jobReference(job.id)}: ${job.title}`;
}

/** Pounds: 0 to £1,000,000, at most two decimals. */
const ZAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_JOB_AMOUNT, `${label} must be at most £1,000,000`)
    .refine(hasAtMostTwoDecimals, `${label}: ${TWO_DECIMALS_MESSAGE.toLowerCase()}`);

/** A work date: today (London) or later, within a year. */
const ZWorkDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`)
    .refine((date) => !isCalendarDate(date) || date >= londonToday(), `${label} cannot be in the past`)
    .refine(
      (date) => !isCalendarDate(date) || date <= addDays(londonToday(), MAX_SCHEDULE_DAYS_AHEAD),
      `${label} must be within ${MAX_SCHEDULE_DAYS_AHEAD} days`,
    );

/** The fields a person writes about a job; requests pick from these. */
export const ZMaintenanceJobFields = z.object({
  title: ZPlainText("Title", 5, 120),
  description: ZPlainText("Description", 10, 5000),
  category: z.enum(MAINTENANCE_CATEGORIES, { error: `Category must be one of ${MAINTENANCE_CATEGORIES.join(", ")}` }),
  priority: z.enum(MAINTENANCE_PRIORITIES, { error: `Priority must be one of ${MAINTENANCE_PRIORITIES.join(", ")}` }),
  isUrgent: z.boolean({ error: "Urgent must be true or false" }),
  scheduledDate: ZWorkDate("Scheduled date"),
  estimatedHours: z
    .number({ error: "Estimated duration must be a number of hours" })
    .int("Estimated duration must be whole hours")
    .min(1, "Estimated duration must be at least 1 hour")
    .max(MAX_ESTIMATED_HOURS, `Estimated duration must be at most ${MAX_ESTIMATED_HOURS} hours`),
  /** Nights from the scheduled date the property must be empty; null when guests can stay during the work. */
  vacantNights: z
    .number({ error: "Nights empty must be a number" })
    .int("Nights empty must be a whole number")
    .min(1, "Nights empty must be at least 1")
    .max(MAX_VACANT_NIGHTS, `Nights empty must be at most ${MAX_VACANT_NIGHTS}`)
    .nullable(),
  agreedPayment: ZAmount("Payment"),
  finalCost: ZAmount("Final cost"),
  note: ZOptionalPlainText("Note", 2000),
  reason: ZPlainText("Reason", 3, 500),
});

// ---------------------------------------------------------------- requests

/**
 * POST /api/maintenance/jobs. A guest names their stay (`bookingId`); a landlord, manager or admin names the
 * property. Priority is set at triage: a guest's report starts at medium, or high when they mark it urgent.
 */
export const ZReportJob = ZMaintenanceJobFields.pick({ title: true, description: true, category: true })
  .extend({
    propertyId: ZBodyId("Property id").optional(),
    bookingId: ZBodyId("Booking id").optional(),
    priority: ZMaintenanceJobFields.shape.priority.optional(),
    isUrgent: ZMaintenanceJobFields.shape.isUrgent.default(false),
  })
  .refine((body) => (body.propertyId === undefined) !== (body.bookingId === undefined), {
    message: "Name either the property (propertyId) or your stay (bookingId)",
    path: ["propertyId"],
  });
export type TReportJob = z.infer<typeof ZReportJob>;

/** PATCH /api/maintenance/jobs/{id}: triage; at least one field. */
export const ZTriageJob = ZMaintenanceJobFields.pick({
  title: true,
  description: true,
  category: true,
  priority: true,
  isUrgent: true,
})
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Change at least one field");
export type TTriageJob = z.infer<typeof ZTriageJob>;

/** POST /api/maintenance/jobs/{id}/offers: offer the job to contractors for a date, duration and payment. */
export const ZOfferJob = ZMaintenanceJobFields.pick({
  scheduledDate: true,
  estimatedHours: true,
  vacantNights: true,
  agreedPayment: true,
  note: true,
}).extend({
  contractorIds: z
    .array(ZBodyId("Contractor id"), { error: "Choose at least one contractor" })
    .min(1, "Choose at least one contractor")
    .max(MAX_CONTRACTORS_PER_OFFER, `Offer a job to at most ${MAX_CONTRACTORS_PER_OFFER} contractors at once`)
    .refine((ids) => new Set(ids).size === ids.length, "Each contractor only once"),
});
export type TOfferJob = z.infer<typeof ZOfferJob>;

/** POST …/reschedule (a coordinator sets the date). */
export const ZRescheduleJob = ZMaintenanceJobFields.pick({ scheduledDate: true, vacantNights: true, note: true });
export type TRescheduleJob = z.infer<typeof ZRescheduleJob>;

/** POST …/propose-date (the contractor asks for another date, with why). */
export const ZProposeDate = z.object({
  proposedDate: ZWorkDate("Proposed date"),
  note: ZPlainText("Note", 3, 500),
});
export type TProposeDate = z.infer<typeof ZProposeDate>;

/** POST …/progress. */
export const ZProgressUpdate = z.object({
  stage: z.enum(WORK_STAGES, { error: `Stage must be one of ${WORK_STAGES.join(", ")}` }),
  note: ZMaintenanceJobFields.shape.note,
});
export type TProgressUpdate = z.infer<typeof ZProgressUpdate>;

/** POST …/complete. */
export const ZCompleteJob = ZMaintenanceJobFields.pick({ finalCost: true }).extend({
  note: ZPlainText("Completion note", 3, 2000),
});
export type TCompleteJob = z.infer<typeof ZCompleteJob>;

/** POST …/decline (the contractor's offer), …/decline-report, …/cancel. */
export const ZReasonBody = ZMaintenanceJobFields.pick({ reason: true });
export type TReasonBody = z.infer<typeof ZReasonBody>;

/** PUT …/property-maintenance: take the property off the market for an urgent job, or put it back. */
export const ZPropertyMaintenanceBody = z.object({
  underMaintenance: z.boolean({ error: "underMaintenance must be true or false" }),
});

export const ZJobParams = z.object({ id: ZUrlId("Job id") });

/** Filters of a job list. `open` means pending, scheduled or in progress; `urgent` an urgent job nobody took. */
export const ZJobListQuery = ZPageQuery.extend({
  status: z
    .enum([...DISPLAYED_MAINTENANCE_STATUSES, "open"], {
      error: `Status must be one of ${[...DISPLAYED_MAINTENANCE_STATUSES, "open"].join(", ")}`,
    })
    .optional(),
  priority: z
    .enum(MAINTENANCE_PRIORITIES, { error: `Priority must be one of ${MAINTENANCE_PRIORITIES.join(", ")}` })
    .optional(),
  propertyId: ZUrlId("Property id").optional(),
});
export type TJobListQuery = z.infer<typeof ZJobListQuery>;

// ---------------------------------------------------------------- answers

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZJobOffer = z.object({
  contractor: ZPerson,
  status: z.enum(OFFER_STATUSES),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});

export const ZJobEvent = z.object({
  transition: z.enum(["report", ...MAINTENANCE_TRANSITION_NAMES] as [string, ...string[]]),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * A job as one viewer sees it. Field names follow the dashboards' job cards (propertyName, issue, priority,
 * status, requestedDate, scheduledDate, address, estimatedDuration, contact, phone, payment). A contractor sees the
 * address, contact and phone only once they have accepted the job; `actions` are the transitions this viewer may
 * fire now, so the page shows only buttons that work.
 */
export const ZMaintenanceJob = z.object({
  id: z.number().int(),
  reference: z.string(),
  propertyId: z.number().int(),
  propertySlug: z.string(),
  propertyName: z.string(),
  city: z.string(),
  /** The property is closed to bookings for maintenance now. */
  propertyUnderMaintenance: z.boolean(),
  /** The stay a guest reported it from; null for reports by those who run the property. */
  bookingId: z.number().int().nullable(),
  address: z.string().nullable(),
  issue: z.string(),
  description: z.string(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  isUrgent: z.boolean(),
  status: z.enum(MAINTENANCE_STATUSES),
  displayStatus: z.enum(DISPLAYED_MAINTENANCE_STATUSES),
  /** London date the job was reported. */
  requestedDate: z.string(),
  scheduledDate: z.string().nullable(),
  estimatedHours: z.number().int().nullable(),
  /** "3 hours", "2 days (16 hours)". */
  estimatedDuration: z.string().nullable(),
  vacantNights: z.number().int().nullable(),
  /** Who to ask for on site: the manager, else the owner. */
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  /** The agreed payment in pounds. */
  payment: z.number().nullable(),
  finalCost: z.number().nullable(),
  workStage: z.enum(WORK_STAGES).nullable(),
  proposedDate: z.string().nullable(),
  proposedNote: z.string().nullable(),
  closingReason: z.string().nullable(),
  completionNote: z.string().nullable(),
  completedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  contractor: ZPerson.nullable(),
  reportedBy: z.object({ name: z.string(), part: z.enum(["guest", "owner", "manager", "admin"]) }),
  photos: z.array(z.object({ id: z.number().int(), url: z.string() })),
  /** The viewer's part in the job. */
  viewerPart: z.enum(["reporter", "owner", "manager", "contractor", "admin"]),
  /** The viewer's offer, for a contractor. */
  myOffer: z.object({ status: z.enum(OFFER_STATUSES) }).nullable(),
  actions: z.array(z.enum(MAINTENANCE_TRANSITION_NAMES as [string, ...string[]])),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMaintenanceJob = z.infer<typeof ZMaintenanceJob>;
export const ZMaintenanceJobs = z.array(ZMaintenanceJob);

/** GET /api/maintenance/jobs/{id}: the job with its offers (for those who run it) and its timeline. */
export const ZMaintenanceJobDetail = ZMaintenanceJob.extend({
  offers: z.array(ZJobOffer),
  events: z.array(ZJobEvent),
});
export type TMaintenanceJobDetail = z.infer<typeof ZMaintenanceJobDetail>;

/** GET /api/maintenance/contractors: who a job can be offered to. */
export const ZContractorChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  completedJobs: z.number().int(),
});
export const ZContractorChoices = z.array(ZContractorChoice);

/**
 * GET /api/contractor/earnings: what the ledger says the contractor was paid for jobs (the job payments credited to
 * them, and any correction an administrator made to their earnings), by London month of the payment. Each amount says
 * how much is money sent to their Stripe account (collected), paid for but still held by StayLondon (expected), or
 * demo money. Completed jobs not yet marked paid are counted, never added to the money.
 */
export const ZContractorEarningsMonth = z.object({
  month: z.string(),
  earned: z.number(),
  settlement: ZRevenueSettlement,
  /** Jobs whose payment was recorded in the month. */
  jobs: z.number().int(),
});
export const ZContractorEarnings = z.object({
  totals: z.object({
    earned: z.number(),
    settlement: ZRevenueSettlement,
    thisMonth: z.number(),
    paidJobs: z.number().int(),
    completedJobs: z.number().int(),
    /** Completed jobs whose owner has not yet marked the payment made. */
    awaitingPayment: z.number().int(),
  }),
  /** The last 12 months, oldest first, months without payments included as zeros. */
  months: z.array(ZContractorEarningsMonth),
});
export type TContractorEarnings = z.infer<typeof ZContractorEarnings>;
