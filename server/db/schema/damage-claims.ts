import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DAMAGE_CLAIM_STATUSES, DAMAGE_DECISIONS } from "../../../common/domain/damage-claims";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { users } from "./users";

/**
 * A host's claim for damage found after a short let, the guest's answer, an administrator's decision and the card
 * payment of what was agreed. The money itself is in the ledger (`damage_charge`, keyed by the claim), so this row
 * says where the claim stands, not what anyone is owed.
 */
export const damageClaims = pgTable(
  "damage_claims",
  {
    id: idColumn(),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    raisedBy: integer("raised_by").references(() => users.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: DAMAGE_CLAIM_STATUSES }).notNull().default("open"),
    disputeReason: text("dispute_reason"),
    decision: text("decision", { enum: DAMAGE_DECISIONS }),
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** What the guest owes once agreed; null until then and for a rejected claim. */
    agreedPence: integer("agreed_pence"),
    /** The Stripe PaymentIntent the guest pays an agreed claim with; null in demo mode. */
    paymentIntentId: text("payment_intent_id"),
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAtColumn(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    // One claim per stay: the host says everything the stay left behind in it.
    uniqueIndex("damage_claims_booking_key").on(t.bookingId),
    index("damage_claims_disputed_idx").on(t.createdAt).where(sql`${t.status} = 'disputed'`),
    uniqueIndex("damage_claims_payment_intent_key").on(t.paymentIntentId),
    check("damage_claims_amount_positive", sql`${t.amountPence} > 0`),
    check(
      "damage_claims_agreed_within",
      sql`${t.agreedPence} is null or ${t.agreedPence} between 1 and ${t.amountPence}`,
    ),
    check(
      "damage_claims_status_known",
      sql`${t.status} in ('open', 'disputed', 'awaiting_payment', 'paid', 'rejected')`,
    ),
  ],
);

/** Photos of the damage, stored by the photo store like maintenance job photos (`photoKey` names its files). */
export const damageClaimPhotos = pgTable(
  "damage_claim_photos",
  {
    id: idColumn(),
    claimId: requiredRef("claim_id", () => damageClaims.id, "cascade"),
    photoKey: text("photo_key").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("damage_claim_photos_claim_idx").on(t.claimId)],
);
