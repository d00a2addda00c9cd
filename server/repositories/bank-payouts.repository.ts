import { desc, eq } from "drizzle-orm";
import type { BankPayoutStatus } from "../../common/entities/payout-account";
import type { Db } from "../db/client";
import { bankPayouts } from "../db/schema";

export type BankPayoutRow = typeof bankPayouts.$inferSelect;

/** The payout Stripe names, locked until the transaction ends, so its events are applied one after the other. */
export async function lockBankPayout(db: Db, stripePayoutId: string): Promise<BankPayoutRow | undefined> {
  const [row] = await db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, stripePayoutId)).for("update");
  return row;
}

export type BankPayoutState = {
  stripePayoutId: string;
  payeeId: number;
  amountPence: number;
  arrivalDate: string;
  status: BankPayoutStatus;
  failureCode: string | null;
  statusAt: Date;
};

/** Records what an event said about the payout: a first event makes the row, a later one moves its status. */
export async function saveBankPayout(db: Db, state: BankPayoutState): Promise<void> {
  const { stripePayoutId, ...rest } = state;
  await db.insert(bankPayouts).values(state).onConflictDoUpdate({ target: bankPayouts.stripePayoutId, set: rest });
}

/** The payee's own bank payouts, the latest arrival first. */
export async function findBankPayouts(db: Db, payeeId: number, limit: number): Promise<BankPayoutRow[]> {
  return db
    .select()
    .from(bankPayouts)
    .where(eq(bankPayouts.payeeId, payeeId))
    .orderBy(desc(bankPayouts.arrivalDate), desc(bankPayouts.id))
    .limit(limit);
}
