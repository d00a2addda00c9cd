import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PET_REQUEST_STATUSES } from "../../../common/domain/tenant-rights";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { users } from "./users";

/** A PDF as given to someone, kept byte for byte so it prints the same however the listing changes later. */
const pdfBytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A Section 13 rent increase on a tenancy: the new monthly rent, the day it starts and the notice served. At most one
 * in any 52 weeks per tenancy (the service checks it with the booking row locked). Never updated.
 */
export const rentIncreases = pgTable(
  "rent_increases",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    proposedBy: integer("proposed_by").references(() => users.id, { onDelete: "set null" }),
    previousMonthlyRentPence: integer("previous_monthly_rent_pence").notNull(),
    monthlyRentPence: integer("monthly_rent_pence").notNull(),
    startsOn: date("starts_on").notNull(),
    servedOn: date("served_on").notNull(),
    noticePdf: pdfBytes("notice_pdf").notNull(),
    noticeSha256: text("notice_sha256").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("rent_increases_booking_start_key").on(t.bookingId, t.startsOn),
    check("rent_increases_rent_positive", sql`${t.monthlyRentPence} > 0 and ${t.previousMonthlyRentPence} >= 0`),
    check("rent_increases_notice_before_start", sql`${t.servedOn} < ${t.startsOn}`),
  ],
);

/** A tenant's request to keep a pet, and the landlord's answer (a refusal always with its reason). */
export const petRequests = pgTable(
  "pet_requests",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    askedBy: integer("asked_by").references(() => users.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    status: text("status", { enum: PET_REQUEST_STATUSES }).notNull().default("pending"),
    askedOn: date("asked_on").notNull(),
    answerDueOn: date("answer_due_on").notNull(),
    refusalReason: text("refusal_reason"),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** When the landlord was reminded that the answer is nearly due (once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** When the job found it unanswered past its last day and told both sides (once). */
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("pet_requests_booking_idx").on(t.bookingId, t.createdAt),
    index("pet_requests_pending_due_idx").on(t.answerDueOn).where(sql`${t.status} = 'pending'`),
    // One open request at a time per tenancy: the landlord answers it before another is asked.
    uniqueIndex("pet_requests_one_pending_key").on(t.bookingId).where(sql`${t.status} = 'pending'`),
    check("pet_requests_status_known", sql`${t.status} in ('pending', 'approved', 'refused')`),
    check(
      "pet_requests_refusal_has_reason",
      sql`${t.status} <> 'refused' or length(trim(coalesce(${t.refusalReason}, ''))) > 0`,
    ),
  ],
);

/**
 * The tenant's acceptance of a tenancy's written statement of terms: the PDF they accepted, its hash and wording
 * version, and when. One per tenancy; the landlord cannot agree the tenancy before it exists.
 */
export const tenancyStatements = pgTable(
  "tenancy_statements",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    version: text("version").notNull(),
    sha256: text("sha256").notNull(),
    pdf: pdfBytes("pdf").notNull(),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tenancy_statements_booking_key").on(t.bookingId)],
);
