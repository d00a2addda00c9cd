import { and, asc, desc, eq, isNotNull, isNull, like, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payoutTransfers, transferReversals } from "../db/schema";

/**
 * A payee's sent transfers of one stay's share, newest first, each with what is left of it to reverse: its amount
 * less every reversal claimed against it (sent or not), so two refunds never take the same pence back twice.
 */
export async function reversibleTransfersOf(tx: Tx, bookingId: number, payeeId: number, demo: boolean) {
  // Named in full: inside the subquery a bare "id" would be the reversal's own.
  const reversed = sql<string>`coalesce((select sum(r.amount_pence) from transfer_reversals r
                                         where r.transfer_id = payout_transfers.id), 0)`;
  const rows = await tx
    .select({
      id: payoutTransfers.id,
      amountPence: payoutTransfers.amountPence,
      reversedPence: reversed,
    })
    .from(payoutTransfers)
    .where(
      and(
        eq(payoutTransfers.bookingId, bookingId),
        eq(payoutTransfers.payeeId, payeeId),
        eq(payoutTransfers.demo, demo),
        isNotNull(payoutTransfers.sentAt),
      ),
    )
    .orderBy(desc(payoutTransfers.id));
  return rows.map((row) => ({ id: row.id, reversiblePence: row.amountPence - Number(row.reversedPence) }));
}

/**
 * Whether money of this stay is on its way and not yet recorded (a transfer or a reversal claimed and not sent):
 * a refund then waits, because what the payee holds is about to change.
 */
export async function bookingHasUnsentMoney(tx: Tx, bookingId: number): Promise<boolean> {
  const result = await tx.execute<{ unsent: boolean }>(sql`
    select exists (select 1 from payout_transfers where booking_id = ${bookingId} and sent_at is null)
        or exists (select 1 from transfer_reversals where booking_id = ${bookingId} and sent_at is null) as unsent`);
  return result.rows[0]?.unsent ?? false;
}

export type ReversalClaim = typeof transferReversals.$inferInsert;

/** Claims a reversal before anything is sent; a claim already made (a retried request) is kept. */
export async function claimReversal(tx: Tx, claim: ReversalClaim): Promise<void> {
  await tx.insert(transferReversals).values(claim).onConflictDoNothing({ target: transferReversals.claimKey });
}

/** The reversals claimed under keys starting with `prefix` (one refund's), oldest first. */
export async function findReversalsByPrefix(db: Db, prefix: string) {
  return db
    .select({
      id: transferReversals.id,
      payeeId: transferReversals.payeeId,
      amountPence: transferReversals.amountPence,
      sentAt: transferReversals.sentAt,
    })
    .from(transferReversals)
    .where(like(transferReversals.claimKey, `${prefix.replace(/[\\%_]/g, "\\$&")}%`))
    .orderBy(asc(transferReversals.id));
}

/** The reversals not yet sent, oldest first. */
export async function findUnsentReversalIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: transferReversals.id })
    .from(transferReversals)
    .where(isNull(transferReversals.sentAt))
    .orderBy(transferReversals.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * One unsent reversal with the Stripe id of the transfer it reverses, held until the transaction ends so a second
 * instance skips it; undefined when it was sent meanwhile or another instance holds it.
 */
export async function lockUnsentReversal(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: transferReversals.id,
      bookingId: transferReversals.bookingId,
      payeeId: transferReversals.payeeId,
      amountPence: transferReversals.amountPence,
      demo: transferReversals.demo,
      claimKey: transferReversals.claimKey,
      stripeTransferId: payoutTransfers.stripeTransferId,
    })
    .from(transferReversals)
    .innerJoin(payoutTransfers, eq(payoutTransfers.id, transferReversals.transferId))
    .where(and(eq(transferReversals.id, id), isNull(transferReversals.sentAt)))
    .for("update", { of: transferReversals, skipLocked: true });
  return row;
}

export async function markReversalSent(tx: Tx, id: number, stripeReversalId: string | null): Promise<void> {
  await tx
    .update(transferReversals)
    .set({ sentAt: sql`now()`, stripeReversalId, lastError: null })
    .where(eq(transferReversals.id, id));
}

export async function recordReversalFailure(db: Db, id: number, message: string): Promise<void> {
  await db
    .update(transferReversals)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(transferReversals.id, id));
}
