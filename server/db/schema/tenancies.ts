import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { RIGHT_TO_RENT_METHODS } from "../../../common/domain/right-to-rent";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { users } from "./users";

/**
 * A periodic tenancy (England, from 1 May 2026): the booking it was asked for, its agreed monthly rent, the card saved
 * for the rent, and the notice that ends it. The tenancy has no end until notice is given: `ends_on` (its last day)
 * is null until then. The booking's check-out holds the calendar ahead of the tenancy and is moved to the day after
 * `ends_on` once notice is given (decision 033).
 */
export const tenancies = pgTable(
  "tenancies",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    /** The first day of the tenancy: rent periods start on this day of each month. */
    startsOn: date("starts_on").notNull(),
    monthlyRentPence: integer("monthly_rent_pence").notNull(),
    /** Its last day, set only when notice is given; null while the tenancy runs on. */
    endsOn: date("ends_on"),
    noticeGivenOn: date("notice_given_on"),
    noticeGivenAt: timestamp("notice_given_at", { withTimezone: true }),
    /** Where a fixed-term tenancy was converted by migration, its old last check-out, kept for the record. */
    formerFixedTermCheckOut: date("former_fixed_term_check_out"),
    /** The Stripe customer, SetupIntent and saved card the rent is collected with; null in demo mode. */
    stripeCustomerId: text("stripe_customer_id"),
    setupIntentId: text("setup_intent_id"),
    paymentMethodId: text("payment_method_id"),
    /**
     * A SetupIntent the tenant opened to replace the saved card; the saved card keeps being charged until it succeeds,
     * when its card becomes the saved one and this is cleared.
     */
    replacementSetupIntentId: text("replacement_setup_intent_id"),
    /** Without Stripe keys the rent is demo money, posted as such. */
    demo: boolean("demo").notNull().default(false),
    agreedAt: timestamp("agreed_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("tenancies_booking_key").on(t.bookingId),
    check("tenancies_rent_positive", sql`${t.monthlyRentPence} > 0`),
    check("tenancies_ends_after_start", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

export const RENT_PAYMENT_STATUSES = ["due", "paid", "failed"] as const;

/**
 * One month's rent of a tenancy: due on its period's first day, collected once (the unique period and the idempotency
 * keys built from it), retried on failure on `next_attempt_on`, and given up after the last retry.
 */
export const rentPayments = pgTable(
  "rent_payments",
  {
    id: idColumn(),
    tenancyId: requiredRef("tenancy_id", () => tenancies.id, "restrict"),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: RENT_PAYMENT_STATUSES }).notNull().default("due"),
    attempts: integer("attempts").notNull().default(0),
    /** The day the next try is made; null once paid, or once the tries are used up. */
    nextAttemptOn: date("next_attempt_on"),
    paymentIntentId: text("payment_intent_id"),
    lastError: text("last_error"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("rent_payments_period_key").on(t.tenancyId, t.periodStart),
    index("rent_payments_next_attempt_idx").on(t.nextAttemptOn).where(sql`${t.status} <> 'paid'`),
    check("rent_payments_amount_positive", sql`${t.amountPence} > 0`),
    check("rent_payments_status_known", sql`${t.status} in ('due', 'paid', 'failed')`),
    check("rent_payments_period_order", sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * A tenancy's Right to Rent check as its landlord recorded it: the day and the way it was made. One row per booking;
 * recording again corrects it, and each recording is in System Logs. The documents seen stay with the landlord.
 */
export const rightToRentChecks = pgTable(
  "right_to_rent_checks",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    checkedOn: date("checked_on").notNull(),
    method: text("method", { enum: RIGHT_TO_RENT_METHODS }).notNull(),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "right_to_rent_checks_method_known",
      sql`${t.method} in ('original_documents', 'home_office_online', 'idsp')`,
    ),
  ],
);
