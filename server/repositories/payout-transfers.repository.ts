import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payoutTransfers } from "../db/schema";

export type TransferDue = {
  /** The stay whose share this is, or the maintenance job whose cost it pays. */
  bookingId: number | null;
  maintenanceJobId: number | null;
  payeeId: number;
  heldPence: number;
  /**
   * What the payee can be sent in all, of this kind of money: everything held for them less what is claimed and not
   * yet sent. Less than `heldPence` when a job cost was paid from their earnings: a stay's share is then sent only up
   * to it, and the rest stays with the platform, already spent on the job.
   */
  availablePence: number;
  /** Transfers already claimed for this stay or job and payee (a share partly sent is claimed again for the rest). */
  claimsMade: number;
  /** The money is demo money: its transfer is a demo transfer. */
  demo: boolean;
  stripeAccountId: string | null;
};

/**
 * What is due and not yet claimed, for payees who can be paid (payouts enabled), read from the ledger:
 * - each payee's share of each stay whose check-in day is at least a day past (`today` is London's date) and still
 *   held (the charge less refunds: a stay cancelled under a policy that kept part of the nights keeps that part for
 *   them too);
 * - each contractor's pay for a job the owner marked paid, at once.
 * A stay or job with a claim not yet sent is left to that claim.
 */
export async function findTransfersDue(
  db: Db,
  today: string,
  limit: number,
  bookingId: number | null = null,
): Promise<TransferDue[]> {
  const result = await db.execute<{
    booking_id: number | null;
    maintenance_job_id: number | null;
    payee_id: number;
    held_pence: string;
    available_pence: string;
    claims_made: number;
    demo: boolean;
    stripe_account_id: string | null;
  }>(sql`
    with held as (
      select t.booking_id, null::integer as maintenance_job_id, a.party_id as payee_id,
             -sum(e.amount_pence) as held_pence, bool_or(t.demo) as demo
      from bookings b
      join ledger_transactions t on t.booking_id = b.id
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
      where b.status in ('confirmed', 'completed', 'cancelled') and b.check_in + 1 <= ${today}::date
        and (${bookingId}::int is null or b.id = ${bookingId}::int)
      group by t.booking_id, a.party_id
      union all
      select null, t.maintenance_job_id, a.party_id, -sum(e.amount_pence), bool_or(t.demo)
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
      where t.maintenance_job_id is not null and ${bookingId}::int is null
      group by t.maintenance_job_id, a.party_id
    ),
    available as (
      select a.party_id as payee_id, t.demo, -sum(e.amount_pence) as pence
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transactions t on t.id = e.transaction_id
      where a.kind = 'earnings_held' and a.party_id in (select payee_id from held where held_pence > 0)
      group by a.party_id, t.demo
    )
    select h.booking_id, h.maintenance_job_id, h.payee_id, h.held_pence::text, h.demo, pa.stripe_account_id,
           (av.pence - coalesce((select sum(u.amount_pence) from payout_transfers u
                                  where u.payee_id = h.payee_id and u.demo = h.demo and u.sent_at is null), 0))::text
             as available_pence,
           (select count(*) from payout_transfers pt
             where pt.payee_id = h.payee_id
               and (pt.booking_id = h.booking_id or pt.maintenance_job_id = h.maintenance_job_id))::int as claims_made
    from held h
    join payout_accounts pa on pa.user_id = h.payee_id and pa.payouts_enabled
    join available av on av.payee_id = h.payee_id and av.demo = h.demo
    where h.held_pence > 0 and av.pence > 0
      and not exists (
        select 1 from payout_transfers pt
        where pt.payee_id = h.payee_id and pt.sent_at is null
          and (pt.booking_id = h.booking_id or pt.maintenance_job_id = h.maintenance_job_id))
    order by h.booking_id nulls first, h.maintenance_job_id, h.payee_id
    limit ${limit}`);
  return result.rows.map((row) => ({
    bookingId: row.booking_id,
    maintenanceJobId: row.maintenance_job_id,
    payeeId: row.payee_id,
    heldPence: Number(row.held_pence),
    availablePence: Number(row.available_pence),
    claimsMade: row.claims_made,
    demo: row.demo,
    stripeAccountId: row.stripe_account_id,
  }));
}

/** Claims a transfer before anything is sent; a claim already made (another instance, an earlier run) is kept. */
export async function claimTransfer(
  db: Db,
  claim: {
    bookingId: number | null;
    maintenanceJobId: number | null;
    payeeId: number;
    amountPence: number;
    demo: boolean;
    claimKey: string;
  },
): Promise<void> {
  await db.insert(payoutTransfers).values(claim).onConflictDoNothing({ target: payoutTransfers.claimKey });
}

/** The claims not yet sent, oldest first. */
export async function findUnsentClaimIds(db: Db, limit: number, bookingId: number | null = null): Promise<number[]> {
  const rows = await db
    .select({ id: payoutTransfers.id })
    .from(payoutTransfers)
    .where(
      and(isNull(payoutTransfers.sentAt), bookingId === null ? undefined : eq(payoutTransfers.bookingId, bookingId)),
    )
    .orderBy(payoutTransfers.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * One unsent claim, held until the transaction ends so a second instance skips it rather than sending it again;
 * undefined when it was sent meanwhile or another instance holds it.
 */
export async function lockUnsentClaim(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.id, id), isNull(payoutTransfers.sentAt)))
    .for("update", { skipLocked: true });
  return row;
}

export async function markTransferSent(tx: Tx, id: number, stripeTransferId: string | null): Promise<void> {
  await tx
    .update(payoutTransfers)
    .set({ sentAt: sql`now()`, stripeTransferId, lastError: null })
    .where(eq(payoutTransfers.id, id));
}

export async function recordTransferFailure(db: Db, id: number, message: string): Promise<void> {
  await db
    .update(payoutTransfers)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(payoutTransfers.id, id));
}

/** A payee's sent transfers, newest first (at most `limit`). */
export async function findSentTransfers(db: Db, payeeId: number, limit: number) {
  return db
    .select({
      bookingId: payoutTransfers.bookingId,
      maintenanceJobId: payoutTransfers.maintenanceJobId,
      amountPence: payoutTransfers.amountPence,
      demo: payoutTransfers.demo,
      sentAt: payoutTransfers.sentAt,
    })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.payeeId, payeeId), sql`${payoutTransfers.sentAt} is not null`))
    .orderBy(sql`${payoutTransfers.sentAt} desc`, sql`${payoutTransfers.id} desc`)
    .limit(limit);
}

/**
 * A payee's shares of stays still held for them and not yet sent, soonest release first: each stay's share is released
 * the day after its check-in (a job's pay goes at once, so it is never waiting here for long).
 */
export async function findUpcomingShares(db: Db, payeeId: number, limit: number) {
  const result = await db.execute<{ booking_id: number; release_on: string; held_pence: string; demo: boolean }>(sql`
    select t.booking_id, to_char(b.check_in + 1, 'YYYY-MM-DD') as release_on,
           (-sum(e.amount_pence))::text as held_pence, bool_or(t.demo) as demo
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transactions t on t.id = e.transaction_id
    join bookings b on b.id = t.booking_id
    where a.kind = 'earnings_held' and a.party_id = ${payeeId}
      and not exists (select 1 from payout_transfers pt where pt.booking_id = t.booking_id and pt.payee_id = ${payeeId})
    group by t.booking_id, b.check_in
    having sum(e.amount_pence) < 0
    order by b.check_in, t.booking_id
    limit ${limit}`);
  return result.rows.map((row) => ({
    bookingId: row.booking_id,
    releaseOn: row.release_on,
    heldPence: Number(row.held_pence),
    demo: row.demo,
  }));
}
