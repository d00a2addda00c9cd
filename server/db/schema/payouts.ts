import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
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
