import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payoutAccounts } from "../db/schema";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** What the app keeps of a Stripe Connect account: whether Stripe pays it out, and what Stripe still needs. */
export type PayoutAccountStatus = {
  stripeAccountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
};

/** Advisory lock space (the first key of pg_advisory_xact_lock's pair) for setting up one person's payouts. */
const PAYOUT_SET_UP_LOCK = 26_001;

/** Makes starts of one person's payout set-up wait for each other until the transaction ends. */
export async function serialisePayoutSetUp(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_SET_UP_LOCK}, ${userId})`);
}

export async function findPayoutAccount(db: Db, userId: number): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/**
 * Whether Stripe (or, in demo mode, the demo account) pays this person out: what holding back a booking's
 * confirmation until the landlord can be paid asks.
 */
export async function payoutsReady(db: Db, userId: number): Promise<boolean> {
  const row = await findPayoutAccount(db, userId);
  return row?.payoutsEnabled === true;
}

/** A demo account, ready at once; the one already there is kept. */
export async function insertDemoPayoutAccount(db: Db, userId: number): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values({ userId, demo: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true })
    .onConflictDoNothing({ target: payoutAccounts.userId });
}

/**
 * The person's Stripe account as Stripe answered its creation. A demo account made before Stripe was configured
 * becomes this one; a Stripe account already recorded is kept (creation is idempotent, so it is the same one).
 */
export async function saveStripePayoutAccount(db: Db, userId: number, status: PayoutAccountStatus): Promise<void> {
  const { stripeAccountId, ...state } = status;
  await db
    .insert(payoutAccounts)
    .values({ userId, stripeAccountId, demo: false, ...state })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { stripeAccountId, demo: false, ...state, statusAt: null, updatedAt: sql`now()` },
      where: eq(payoutAccounts.demo, true),
    });
}

/** The account Stripe names, locked until the transaction ends, so two of its events are applied one after the other. */
export async function lockPayoutAccountByStripeId(
  db: Db,
  stripeAccountId: string,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .for("update");
  return row;
}

/**
 * Stores what Stripe said at `at`, unless what is stored came from a later event. Answers whether it was stored.
 */
export async function applyPayoutStatus(db: Db, status: PayoutAccountStatus, at: Date): Promise<boolean> {
  const { stripeAccountId, ...state } = status;
  const rows = await db
    .update(payoutAccounts)
    .set({ ...state, statusAt: at, updatedAt: sql`now()` })
    .where(
      and(
        eq(payoutAccounts.stripeAccountId, stripeAccountId),
        or(isNull(payoutAccounts.statusAt), lte(payoutAccounts.statusAt, at)),
      ),
    )
    .returning({ id: payoutAccounts.id });
  return rows.length > 0;
}
