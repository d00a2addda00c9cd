import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { createdAtColumn } from "./columns";
import { ledgerAccountKind, ledgerTransactionKind } from "./enums";
import { maintenanceJobs } from "./maintenance";
import { users } from "./users";

/**
 * One account of the marketplace's books (common/domain/ledger.ts says what each kind holds). A person's accounts name
 * them; the platform's own do not. Accounts are never deleted: a closed user's lines stay with their anonymised row.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: serial("id").primaryKey(),
    kind: ledgerAccountKind("kind").notNull(),
    partyId: integer("party_id").references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_party_kind_key").on(t.kind, t.partyId).where(sql`${t.partyId} is not null`),
    uniqueIndex("ledger_accounts_platform_kind_key").on(t.kind).where(sql`${t.partyId} is null`),
    check(
      "ledger_accounts_party_named",
      // Compared as text: a kind added to the enum cannot be named as an enum value in the migration that adds it.
      sql`(${t.kind}::text in ('guest_receivable', 'earnings_held', 'earnings_transferred', 'levy_payable')) = (${t.partyId} is not null)`,
    ),
  ],
);

/**
 * One movement of money. The idempotency key names the event that caused it (a booking confirmed, a Stripe transfer
 * created), so a retried job or a replayed webhook finds the transaction already there instead of posting it twice.
 * Demo transactions are what the ledger records when no Stripe account is configured: the same lines, never real money.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: ledgerTransactionKind("kind").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    maintenanceJobId: integer("maintenance_job_id").references(() => maintenanceJobs.id, { onDelete: "restrict" }),
    /** The Stripe object behind it (a charge, refund, transfer, reversal or payout); null in demo mode. */
    stripeObjectId: text("stripe_object_id"),
    demo: boolean("demo").notNull(),
    /** Why, in words a statement can print; required for an administrator's adjustment. */
    memo: text("memo"),
    /** The quarter ("2026-Q3") a levy payment settles; only levy payments have one. */
    levyQuarter: text("levy_quarter"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("ledger_transactions_idempotency_key").on(t.idempotencyKey),
    index("ledger_transactions_booking_idx").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index("ledger_transactions_job_idx").on(t.maintenanceJobId).where(sql`${t.maintenanceJobId} is not null`),
    check("ledger_transactions_adjustment_has_memo", sql`${t.kind} <> 'adjustment' or length(trim(${t.memo})) > 0`),
    check("ledger_transactions_key_length", sql`length(${t.idempotencyKey}) between 1 and 200`),
    // Compared as text: the kind is added to the enum by the same migration.
    check(
      "ledger_transactions_levy_quarter",
      sql`(${t.kind}::text = 'levy_payment') = (${t.levyQuarter} is not null) and (${t.levyQuarter} is null or ${t.levyQuarter} ~ '^[0-9]{4}-Q[1-4]$')`,
    ),
  ],
);

/**
 * One line of a transaction, in pence (a debit when positive, a credit when negative). That every transaction sums
 * to zero, and that lines are never changed or removed, is enforced by triggers in the migration that made this table,
 * so no code path, script or hand-written statement can unbalance the books.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("GBP"),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transactionId),
    index("ledger_entries_account_idx").on(t.accountId, t.transactionId),
    check("ledger_entries_not_zero", sql`${t.amountPence} <> 0`),
    check("ledger_entries_within_limit", sql`abs(${t.amountPence}) <= 1000000000`),
    check("ledger_entries_gbp", sql`${t.currency} = 'GBP'`),
  ],
);
