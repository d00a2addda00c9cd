import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { HOLD_STATUSES } from "../../../common/domain/security-deposits";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";

/**
 * A short let's security deposit held on the guest's card: one row per stay, written before Stripe is asked (so the
 * job asks once, with the row's id in its idempotency key) and moved on as the hold is placed, let go or taken. An
 * authorisation moves no money, so nothing is in the ledger until part of a hold is taken for an agreed claim.
 */
export const securityDepositHolds = pgTable(
  "security_deposit_holds",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: HOLD_STATUSES }).notNull().default("authorising"),
    /** Without Stripe keys: recorded as a demo hold, no card touched, and labelled so wherever shown. */
    demo: boolean("demo").notNull().default(false),
    /** The manual-capture PaymentIntent; null for a demo hold or a stay covered by a claim instead. */
    paymentIntentId: text("payment_intent_id"),
    /** The London date the hold was placed, and the date it is let go at the latest. */
    authorisedOn: date("authorised_on").notNull(),
    releaseOn: date("release_on"),
    capturedPence: integer("captured_pence"),
    /** Why no hold stands (a refused card, a stay longer than a hold lasts), in words the guest can read. */
    note: text("note"),
    createdAt: createdAtColumn(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    // One hold per stay: the job's insert claims it, so two instances never place two.
    uniqueIndex("security_deposit_holds_booking_key").on(t.bookingId),
    uniqueIndex("security_deposit_holds_payment_intent_key").on(t.paymentIntentId),
    index("security_deposit_holds_open_idx").on(t.releaseOn).where(sql`${t.status} in ('authorising', 'authorised')`),
    check("security_deposit_holds_amount_positive", sql`${t.amountPence} > 0`),
    check(
      "security_deposit_holds_captured_within",
      sql`${t.capturedPence} is null or ${t.capturedPence} between 1 and ${t.amountPence}`,
    ),
    check(
      "security_deposit_holds_status_known",
      sql`${t.status} in ('authorising', 'authorised', 'released', 'captured', 'failed', 'claim_only')`,
    ),
  ],
);
