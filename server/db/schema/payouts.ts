import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BANK_PAYOUT_STATUSES } from "../../../common/entities/payout-account";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { maintenanceJobs } from "./maintenance";
import { users } from "./users";

/**
 * Where a payee's money goes: their Stripe Connect Express account and what Stripe last told us about it. One per
 * person. Kept when an account is closed (the row is anonymised, never deleted), because transfers already made name
 * it. A demo account (no Stripe keys configured) has no Stripe id and never moves real money.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "restrict"),
    stripeAccountId: text("stripe_account_id"),
    demo: boolean("demo").notNull(),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    /** Stripe's names of what it still needs before it pays out (`individual.dob.day`, `external_account`…). */
    requirementsDue: text("requirements_due").array().notNull().default(sql`'{}'::text[]`),
    /** Stripe's reason the account cannot take payouts (`requirements.past_due`…), null while nothing is wrong. */
    disabledReason: text("disabled_reason"),
    /**
     * When Stripe's event behind the stored state was created: Stripe does not deliver events in order, so an older
     * event arriving late must not undo what a newer one said.
     */
    statusAt: timestamp("status_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payout_accounts_user_key").on(t.userId),
    uniqueIndex("payout_accounts_stripe_account_key").on(t.stripeAccountId),
    check("payout_accounts_demo_has_no_stripe_account", sql`${t.demo} = (${t.stripeAccountId} is null)`),
  ],
);

/**
 * A payee's share of one stay, or a contractor's pay for one job, sent to their Stripe balance: claimed here before Stripe is asked, so a crash between
 * Stripe's answer and our record is finished on the next run with the same claim (Stripe's idempotency key and the
 * transfer's metadata name it), never paid twice. `sent` once the transfer exists at Stripe (or, demo, at once) and
 * is in the ledger in the same transaction.
 */
export const payoutTransfers = pgTable(
  "payout_transfers",
  {
    id: idColumn(),
    /** The stay whose share this is, or the maintenance job whose cost it pays (exactly one of the two). */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    maintenanceJobId: integer("maintenance_job_id").references(() => maintenanceJobs.id, { onDelete: "restrict" }),
    payeeId: requiredRef("payee_id", () => users.id, "restrict"),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    demo: boolean("demo").notNull(),
    /** Names the claim at Stripe and in the ledger: one transfer per stay and payee. */
    claimKey: text("claim_key").notNull(),
    stripeTransferId: text("stripe_transfer_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Why the last try failed (Stripe's words); the next run tries again. */
    lastError: text("last_error"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("payout_transfers_claim_key").on(t.claimKey),
    uniqueIndex("payout_transfers_stripe_key").on(t.stripeTransferId),
    index("payout_transfers_payee_idx").on(t.payeeId, t.createdAt),
    index("payout_transfers_unsent_idx").on(t.id).where(sql`${t.sentAt} is null`),
    check("payout_transfers_positive", sql`${t.amountPence} > 0`),
    check("payout_transfers_one_source", sql`(${t.bookingId} is null) <> (${t.maintenanceJobId} is null)`),
    check("payout_transfers_demo_not_at_stripe", sql`not (${t.demo} and ${t.stripeTransferId} is not null)`),
  ],
);

/**
 * Stripe paying a payee's Connect balance into their bank, on the account's own schedule: one row per Stripe payout,
 * kept as its `payout.paid` / `payout.failed` events say, so Payout Settings can list them. Real money only: demo
 * accounts have no bank and no payouts. `status_at` is the time of the event behind the status, because Stripe does not
 * deliver in order and an older event must not undo a newer one.
 */
export const bankPayouts = pgTable(
  "bank_payouts",
  {
    id: idColumn(),
    stripePayoutId: text("stripe_payout_id").notNull(),
    payeeId: requiredRef("payee_id", () => users.id, "restrict"),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    /** The day Stripe expects the money in the bank (Stripe's arrival date, as a calendar day). */
    arrivalDate: date("arrival_date", { mode: "string" }).notNull(),
    status: text("status", { enum: BANK_PAYOUT_STATUSES }).notNull(),
    /** Stripe's reason a payout failed (`account_closed`…), null otherwise. */
    failureCode: text("failure_code"),
    statusAt: timestamp("status_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("bank_payouts_stripe_key").on(t.stripePayoutId),
    index("bank_payouts_payee_idx").on(t.payeeId, t.arrivalDate),
    check("bank_payouts_positive", sql`${t.amountPence} > 0`),
    check("bank_payouts_status", sql`${t.status} in ('paid', 'failed')`),
  ],
);
