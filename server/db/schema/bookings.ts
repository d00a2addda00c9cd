import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { STAY_PURPOSES } from "../../../common/domain/mid-lets";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { bookingStatus, cancellationPolicy, paymentStatus, stayMode } from "./enums";
import { properties } from "./properties";
import { users } from "./users";

/**
 * A stay. Two bookings of one property that are not cancelled can never cover the same night: the
 * exclusion constraint `bookings_no_overlapping_stays` (migration 0001) enforces it on
 * `daterange(check_in, check_out, '[)')`, so back-to-back stays are allowed.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "restrict"),
    guestId: requiredRef("guest_id", () => users.id, "restrict"),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    totalPrice: numeric("total_price", { precision: 10, scale: 2 }).notNull(),
    status: bookingStatus("status").notNull().default("pending"),
    guestCount: integer("guest_count").notNull().default(1),
    /**
     * Who comes: guest_count is adults plus children (the count against capacity); infants and pets come on top.
     * Bookings made before these were asked for hold their guest count as adults.
     */
    adults: integer("adults").notNull().default(1),
    children: integer("children").notNull().default(0),
    infants: integer("infants").notNull().default(0),
    pets: integer("pets").notNull().default(0),
    paymentIntentId: text("payment_intent_id"),
    /** The guest fee inside totalPrice, kept so refunds and receipts need no recomputation. */
    serviceFee: numeric("service_fee", { precision: 10, scale: 2 }),
    /** The visitor levy inside totalPrice (Edinburgh), owed to the council on the host's behalf; 0 where none. */
    visitorLevy: numeric("visitor_levy", { precision: 10, scale: 2 }).notNull().default("0"),
    /** The nights the levy was charged on and their accommodation price, as the host's levy return declares them. */
    leviedNights: integer("levied_nights").notNull().default(0),
    leviedPrice: numeric("levied_price", { precision: 10, scale: 2 }).notNull().default("0"),
    /** Who will stay (the wizard's step 2); may differ from the account holder. */
    guestFirstName: text("guest_first_name"),
    guestLastName: text("guest_last_name"),
    guestEmail: text("guest_email"),
    guestPhone: text("guest_phone"),
    /** A pending booking's nights are released at this instant unless it is paid or accepted. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** The client's Idempotency-Key, and a hash of the request it came with. */
    idempotencyKey: text("idempotency_key"),
    requestFingerprint: text("request_fingerprint"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** guest, landlord, admin or system (an expired hold). */
    cancelledBy: text("cancelled_by"),
    cancellationReason: text("cancellation_reason"),
    /** Pounds returned to the guest on cancelling, by the booking's policy (0 for an unpaid request). */
    refundAmount: numeric("refund_amount", { precision: 10, scale: 2 }),
    /**
     * The property's cancellation policy when the guest booked; refunds follow it, not the property's
     * current one. An insert that leaves it out gets the property's from the trigger
     * `bookings_copy_cancellation_policy` (migration 0010); the $defaultFn only lets drizzle leave it out.
     */
    cancellationPolicy: cancellationPolicy("cancellation_policy")
      .notNull()
      .$defaultFn(() => sql`default`),
    /** Short let, mid let or tenancy, as the server decided when the guest booked; null for bookings made before. */
    stayMode: stayMode("stay_mode"),
    /** A tenancy's deposit as the listing asked it when booked: what the landlord must protect. */
    depositAmount: numeric("deposit_amount", { precision: 10, scale: 2 }),
    /** A mid let's purpose as the guest declared it (holiday, work, study, other) and their words for "other". */
    stayPurpose: text("stay_purpose", { enum: STAY_PURPOSES }),
    stayPurposeOther: text("stay_purpose_other"),
    /** Where a mid let's guest lives: the stay is not their main home. */
    mainHomeAddress: text("main_home_address"),
    /** A short let's refundable security deposit as the listing asked it when booked, in pence: what the hold takes. */
    securityDepositPence: integer("security_deposit_pence"),
    /** When the guest was reminded that their stay is near (only guests who asked for reminders are). */
    arrivalReminderSentAt: timestamp("arrival_reminder_sent_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check(
      "bookings_cancelled_by_actor",
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'landlord', 'admin', 'system')`,
    ),
    check(
      "bookings_stay_purpose_known",
      sql`${t.stayPurpose} is null or ${t.stayPurpose} in ('holiday', 'work', 'study', 'other')`,
    ),
    check("bookings_refund_non_negative", sql`${t.refundAmount} is null or ${t.refundAmount} >= 0`),
    index("bookings_confirmed_check_out_idx").on(t.checkOut).where(sql`${t.status} = 'confirmed'`),
    index("bookings_property_dates_idx").on(t.propertyId, t.checkIn),
    uniqueIndex("bookings_guest_idempotency_key")
      .on(t.guestId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("bookings_hold_expiry_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    check("bookings_service_fee_non_negative", sql`${t.serviceFee} is null or ${t.serviceFee} >= 0`),
    check(
      "bookings_security_deposit_positive",
      sql`${t.securityDepositPence} is null or ${t.securityDepositPence} > 0`,
    ),
    check("bookings_deposit_non_negative", sql`${t.depositAmount} is null or ${t.depositAmount} >= 0`),
    index("bookings_guest_idx").on(t.guestId, t.createdAt),
    // Booking Oversight: every booking newest first, and searched by the name on the booking. The status list, its
    // figures and the revenue by check-in use covering indexes written in migration 0012 (Drizzle has no INCLUDE).
    index("bookings_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("bookings_guest_name_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.guestFirstName}, '') || ' ' || coalesce(${t.guestLastName}, '')) gin_trgm_ops`,
    ),
    check("bookings_check_out_after_check_in", sql`${t.checkOut} > ${t.checkIn}`),
    check("bookings_total_price_non_negative", sql`${t.totalPrice} >= 0`),
    check("bookings_guest_count_positive", sql`${t.guestCount} >= 1`),
    check(
      "bookings_party_range",
      sql`${t.adults} >= 1 and ${t.children} >= 0 and ${t.infants} between 0 and 5 and ${t.pets} between 0 and 5`,
    ),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("gbp"),
    status: paymentStatus("status").notNull().default("pending"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Pounds refunded so far (a partial refund keeps status succeeded until all is returned). */
    refundedAmount: numeric("refunded_amount", { precision: 10, scale: 2 }).notNull().default("0"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("payments_booking_idx").on(t.bookingId),
    uniqueIndex("payments_stripe_payment_intent_key")
      .on(t.stripePaymentIntentId)
      .where(sql`${t.stripePaymentIntentId} is not null`),
    check("payments_amount_non_negative", sql`${t.amount} >= 0`),
    check("payments_currency_iso", sql`${t.currency} ~ '^[a-z]{3}$'`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    bookingId: integer("booking_id").references(() => bookings.id, {
      onDelete: "set null",
    }),
    guestId: requiredRef("guest_id", () => users.id, "cascade"),
    rating: integer("rating").notNull(),
    cleanliness: integer("cleanliness"),
    accuracy: integer("accuracy"),
    communication: integer("communication"),
    location: integer("location"),
    value: integer("value"),
    title: text("title"),
    comment: text("comment"),
    hostResponse: text("host_response"),
    hostResponseDate: timestamp("host_response_date", { withTimezone: true }),
    isPublic: boolean("is_public").notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("reviews_property_idx").on(t.propertyId, t.createdAt),
    // One review per stay.
    uniqueIndex("reviews_booking_key").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check(
      "reviews_sub_ratings_range",
      sql`coalesce(${t.cleanliness}, 1) between 1 and 5 and coalesce(${t.accuracy}, 1) between 1 and 5
        and coalesce(${t.communication}, 1) between 1 and 5 and coalesce(${t.location}, 1) between 1 and 5
        and coalesce(${t.value}, 1) between 1 and 5`,
    ),
  ],
);

export const savedProperties = pgTable(
  "saved_properties",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("saved_properties_user_property_key").on(t.userId, t.propertyId),
    index("saved_properties_property_idx").on(t.propertyId),
  ],
);

/**
 * Every status change of a booking, in order: who fired which transition (common/domain/booking-status.ts)
 * and when. Support and landlords read the history; nothing is ever updated or deleted here.
 */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "cascade"),
    transition: text("transition").notNull(),
    fromStatus: bookingStatus("from_status").notNull(),
    toStatus: bookingStatus("to_status").notNull(),
    actor: text("actor").notNull(),
    /** The signed-in user who fired it; null for the system's jobs and webhooks. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.createdAt)],
);

/** Stripe webhook events already handled: Stripe may deliver one event several times. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many bookings there are in each status, and what they are worth, without counting a million rows: triggers on
 * `bookings` (migration 0013) append one row per status a statement changed (+1 / -1 and the totals), so the sum of
 * this table always equals the bookings themselves; a job folds the rows into one per status now and then
 * (repositories/booking-tallies.repository.ts). Appending, not updating, means no two bookings ever wait for
 * each other here.
 */
export const bookingTallies = pgTable("booking_tallies", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  status: bookingStatus("status").notNull(),
  bookings: bigint("bookings", { mode: "number" }).notNull(),
  totalPrice: numeric("total_price", { precision: 16, scale: 2 }).notNull(),
});
