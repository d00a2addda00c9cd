import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { payoutTransfers } from "./payouts";
import { users } from "./users";

/**
 * Part of a transfer pulled back from a payee's Stripe balance because the guest was refunded after their share had
 * left: claimed here in the refund's transaction, before Stripe is asked, so a crash between Stripe's answer and our
 * record is finished later with the same claim (Stripe's idempotency key and the reversal's metadata name it), never
 * reversed twice. `sent` once the reversal exists at Stripe (or, demo, at once) and is in the ledger in the same
 * transaction.
 */
export const transferReversals = pgTable(
  "transfer_reversals",
  {
    id: idColumn(),
    /** Names the reversal at Stripe and in the ledger: one per refund and transfer. */
    claimKey: text("claim_key").notNull(),
    /** The sent transfer this takes money back from, of this stay and payee. */
    transferId: requiredRef("transfer_id", () => payoutTransfers.id, "restrict"),
    bookingId: requiredRef("booking_id", () => bookings.id, "restrict"),
    payeeId: requiredRef("payee_id", () => users.id, "restrict"),
    demo: boolean("demo").notNull(),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    createdAt: createdAtColumn(),
    /** When the reversal was made at Stripe (or, demo, recorded) and posted; null while it is still to send. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    stripeReversalId: text("stripe_reversal_id"),
    /** Why the last try failed (Stripe's words); the next run of the payout job tries again. */
    lastError: text("last_error"),
  },
  (t) => [
    index("transfer_reversals_unsent_idx").on(t.id).where(sql`${t.sentAt} is null`),
    index("transfer_reversals_transfer_idx").on(t.transferId),
    index("transfer_reversals_booking_idx").on(t.bookingId),
    uniqueIndex("transfer_reversals_claim_key").on(t.claimKey),
    uniqueIndex("transfer_reversals_stripe_key").on(t.stripeReversalId),
    check("transfer_reversals_positive", sql`${t.amountPence} > 0`),
    check("transfer_reversals_demo_not_at_stripe", sql`not (${t.demo} and ${t.stripeReversalId} is not null)`),
  ],
);
