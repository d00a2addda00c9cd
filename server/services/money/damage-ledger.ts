import type { LedgerLine } from "../../../common/domain/ledger";
import type { Tx } from "../../db/client";
import { postLedgerTransaction } from "../../repositories/ledger.repository";
import { paymentLines } from "./booking-postings";

/** What a demo damage charge's lines say: no card was charged. */
export const DEMO_DAMAGE_MEMO = "Demo damage charge: no card was charged";

/** The ledger keys of a claim's money: its charge (the guest owes, the host earns) and its payment. */
export const damageLedgerKey = (claimId: number, part: "charge" | "payment") => `damage-claim:${claimId}:${part}`;

/**
 * An agreed damage claim: the guest owes the amount and the host earns all of it (no service fee is taken from
 * damage). Posted against the stay, so the host's share leaves with the stay's next transfer.
 */
export function damageChargeLines(guestId: number, hostId: number, amountPence: number): LedgerLine[] {
  return [
    { account: { kind: "guest_receivable", partyId: guestId }, amountPence },
    { account: { kind: "earnings_held", partyId: hostId }, amountPence: -amountPence },
  ];
}

/** A claim's parties and stay, as its money is posted: from a claim row with the stay's guest and host. */
export function claimMoney(
  row: { claim: { id: number; bookingId: number }; guestId: number; ownerId: number },
  amountPence: number,
) {
  return { id: row.claim.id, bookingId: row.claim.bookingId, guestId: row.guestId, hostId: row.ownerId, amountPence };
}

/**
 * The agreed amount collected from the guest: the charge and the payment are posted together, so the host is owed
 * damage money only once it is in the platform's balance and no transfer ever sends money not yet collected.
 */
export async function postDamageCollected(
  tx: Tx,
  claim: { id: number; bookingId: number; guestId: number; hostId: number; amountPence: number },
  money: { demo: boolean; stripeObjectId: string | null },
): Promise<void> {
  const memo = money.demo ? DEMO_DAMAGE_MEMO : `Damage claim ${claim.id}`;
  await postLedgerTransaction(tx, {
    kind: "damage_charge",
    idempotencyKey: damageLedgerKey(claim.id, "charge"),
    demo: money.demo,
    bookingId: claim.bookingId,
    stripeObjectId: money.stripeObjectId,
    memo,
    lines: damageChargeLines(claim.guestId, claim.hostId, claim.amountPence),
  });
  await postLedgerTransaction(tx, {
    kind: "payment_collected",
    idempotencyKey: damageLedgerKey(claim.id, "payment"),
    demo: money.demo,
    bookingId: claim.bookingId,
    stripeObjectId: money.stripeObjectId,
    memo,
    lines: paymentLines(claim.guestId, claim.amountPence),
  });
}
