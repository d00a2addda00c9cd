import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITION_NAMES,
  OFFER_STATUSES,
  WORK_STAGES,
} from "../../../common/domain/maintenance";
import { MAX_MANAGEMENT_FEE_PERCENT } from "../../../common/domain/management-fee";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { properties } from "./properties";
import { users } from "./users";

/**
 * Who manages a property, and since when. A property has at most one current manager (the partial unique index);
 * an ended assignment stays as history, and its thread with the owner stays readable to the owner.
 */
export const propertyManagerAssignments = pgTable(
  "property_manager_assignments",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    managerId: requiredRef("manager_id", () => users.id, "restrict"),
    assignedBy: integer("assigned_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedBy: integer("ended_by").references(() => users.id, { onDelete: "set null" }),
    /** The manager's share of each stay's nights, in basis points (1% = 100), fixed for the assignment. */
    managementFeeBps: integer("management_fee_bps").notNull().default(0),
  },
  (t) => [
    check(
      "property_manager_assignments_fee_range",
      sql`${t.managementFeeBps} between 0 and ${sql.raw(String(MAX_MANAGEMENT_FEE_PERCENT * 100))}`,
    ),
    uniqueIndex("property_manager_assignments_current_key").on(t.propertyId).where(sql`${t.endedAt} is null`),
    index("property_manager_assignments_manager_idx").on(t.managerId).where(sql`${t.endedAt} is null`),
    check(
      "property_manager_assignments_ended_after_start",
      sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`,
    ),
  ],
);

/**
 * A maintenance work order. Its status moves only through the transitions in common/domain/maintenance.ts. Money
 * is in pounds as numeric(10,2); the checks repeat the API's bounds so no path can store a negative or absurd cost.
 */
export const maintenanceJobs = pgTable(
  "maintenance_jobs",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "restrict"),
    reportedBy: requiredRef("reported_by", () => users.id, "restrict"),
    /** The stay a guest reported it from. */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: MAINTENANCE_CATEGORIES }).notNull(),
    priority: text("priority", { enum: MAINTENANCE_PRIORITIES }).notNull().default("medium"),
    isUrgent: boolean("is_urgent").notNull().default(false),
    status: text("status", { enum: MAINTENANCE_STATUSES }).notNull().default("pending"),
    /** The contractor who accepted it. */
    contractorId: integer("contractor_id").references(() => users.id, { onDelete: "restrict" }),
    scheduledDate: date("scheduled_date"),
    estimatedHours: integer("estimated_hours"),
    /** Nights from the scheduled date the property must be empty; null when guests may stay during the work. */
    vacantNights: integer("vacant_nights"),
    agreedPayment: numeric("agreed_payment", { precision: 10, scale: 2 }),
    finalCost: numeric("final_cost", { precision: 10, scale: 2 }),
    /** Where the work stands once started, as the contractor last said. */
    workStage: text("work_stage", { enum: WORK_STAGES }),
    /** A date the contractor proposed instead of the scheduled one, waiting for the manager or owner. */
    proposedDate: date("proposed_date"),
    proposedNote: text("proposed_note"),
    /** Why it was declined or cancelled. */
    closingReason: text("closing_reason"),
    completionNote: text("completion_note"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: integer("paid_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("maintenance_jobs_property_status_idx").on(t.propertyId, t.status),
    index("maintenance_jobs_contractor_idx").on(t.contractorId, t.status).where(sql`${t.contractorId} is not null`),
    index("maintenance_jobs_reporter_idx").on(t.reportedBy),
    check(
      "maintenance_jobs_amounts",
      sql`(${t.agreedPayment} is null or ${t.agreedPayment} between 0 and 1000000) and (${t.finalCost} is null or ${t.finalCost} between 0 and 1000000)`,
    ),
    check("maintenance_jobs_vacant_nights", sql`${t.vacantNights} is null or ${t.vacantNights} between 1 and 30`),
    check(
      "maintenance_jobs_estimated_hours",
      sql`${t.estimatedHours} is null or ${t.estimatedHours} between 1 and 160`,
    ),
    check(
      "maintenance_jobs_taken_has_contractor",
      sql`${t.status} not in ('scheduled', 'in_progress', 'completed') or ${t.contractorId} is not null`,
    ),
    check("maintenance_jobs_completed_has_cost", sql`${t.status} <> 'completed' or ${t.finalCost} is not null`),
    check("maintenance_jobs_paid_when_completed", sql`${t.paidAt} is null or ${t.status} = 'completed'`),
  ],
);

/** A job offered to one contractor. At most one offer per contractor per job; only one offer of a job is accepted. */
export const maintenanceOffers = pgTable(
  "maintenance_offers",
  {
    id: idColumn(),
    jobId: requiredRef("job_id", () => maintenanceJobs.id, "cascade"),
    contractorId: requiredRef("contractor_id", () => users.id, "restrict"),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    declineReason: text("decline_reason"),
    offeredBy: integer("offered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("maintenance_offers_job_contractor_key").on(t.jobId, t.contractorId),
    uniqueIndex("maintenance_offers_one_accepted_key").on(t.jobId).where(sql`${t.status} = 'accepted'`),
    index("maintenance_offers_contractor_open_idx").on(t.contractorId).where(sql`${t.status} = 'open'`),
  ],
);

/** A job's timeline: every transition fired, by whom, with its note. */
export const maintenanceJobEvents = pgTable(
  "maintenance_job_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: requiredRef("job_id", () => maintenanceJobs.id, "cascade"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    transition: text("transition", {
      enum: ["report", ...MAINTENANCE_TRANSITION_NAMES] as [string, ...string[]],
    }).notNull(),
    note: text("note"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("maintenance_job_events_job_idx").on(t.jobId, t.id)],
);

/** Photos of the problem, stored by the photo store like listing photos (`photoKey` names its files). */
export const maintenanceJobPhotos = pgTable(
  "maintenance_job_photos",
  {
    id: idColumn(),
    jobId: requiredRef("job_id", () => maintenanceJobs.id, "cascade"),
    photoKey: text("photo_key").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [index("maintenance_job_photos_job_idx").on(t.jobId)],
);
