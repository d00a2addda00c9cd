/**
 * The marketplace's books: every movement of money is one transaction of two or more lines in whole pence that sum to
 * zero. A line's amount is a debit when positive and a credit when negative: cash and what guests owe grow by debits;
 * what the platform owes a landlord, manager or contractor, and the fees it has earned, grow by credits. A balance is
 * the sum of an account's lines, so "what is owed to this landlord" is a query, never a stored figure.
 */

/**
 * The accounts. Those marked per party exist once for each user who earns or pays; the rest once for the platform.
 * - platform_cash: money in the platform's own Stripe balance.
 * - connected_cash: money in the payees' Stripe balances (transferred to them, not yet paid to their banks).
 * - guest_receivable (per guest): what a guest owes for confirmed stays and has not yet paid.
 * - platform_fees: the guests' service fees, the platform's income.
 * - earnings_held (per payee): earned by a landlord, manager or contractor and still held by the platform.
 * - earnings_transferred (per payee): sent to the payee's Stripe balance and not yet paid out to their bank.
 * - adjustments: the other side of a correction an administrator makes by hand.
 * - levy_payable (per host): a visitor levy collected from guests that the host, the accommodation provider liable
 *   under the Visitor Levy (Scotland) Act 2024, owes the council; the platform holds it for them and it is never
 *   part of their earnings (decision 031).
 */
export const LEDGER_ACCOUNT_KINDS = [
  "platform_cash",
  "connected_cash",
  "guest_receivable",
  "platform_fees",
  "earnings_held",
  "earnings_transferred",
  "adjustments",
  "levy_payable",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Accounts that belong to one person; the others are the platform's own and have no party. */
export const PARTY_ACCOUNT_KINDS: ReadonlySet<LedgerAccountKind> = new Set([
  "guest_receivable",
  "earnings_held",
  "earnings_transferred",
  "levy_payable",
]);

/**
 * What a transaction records.
 * - booking_charge: a stay is confirmed, so the guest owes its total, split into the landlord's share, the manager's
 *   fee and the platform's service fee.
 * - payment_collected: the guest's card payment arrived.
 * - refund: money returned to the guest, taken back from the shares in proportion.
 * - transfer / transfer_reversal: a payee's share sent to (or pulled back from) their Stripe balance.
 * - payout: Stripe paid a payee's balance out to their bank.
 * - job_cost: an approved maintenance job's cost moves from the owner's earnings to the contractor's.
 * - adjustment: a correction by an administrator, always with a reason.
 * - damage_charge: an agreed damage claim after a stay: the guest owes it and the host earns it.
 * - levy_payment: a quarter's visitor levy, held in the host's levy_payable, paid out of the platform's balance to
 *   the council the host owes it to (decision 037); it names its quarter.
 */
export const LEDGER_TRANSACTION_KINDS = [
  "booking_charge",
  "payment_collected",
  "refund",
  "transfer",
  "transfer_reversal",
  "payout",
  "job_cost",
  "adjustment",
  "damage_charge",
  "levy_payment",
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export type LedgerAccountRef = { kind: LedgerAccountKind; partyId?: number | null };
export type LedgerLine = { account: LedgerAccountRef; amountPence: number };

/**
 * No single movement in this marketplace comes near £10 million (a year's rent on the dearest home is a fraction of
 * it), so a larger line is a mistake to refuse, not money to record; it also keeps every sum exact in JavaScript.
 */
export const LARGEST_LINE_PENCE = 1_000_000_000;

/** Why a set of lines cannot be a transaction, or null when it can. */
export function unbalancedReason(lines: readonly LedgerLine[]): string | null {
  if (lines.length < 2) return "A transaction needs at least two lines.";
  let sum = 0;
  for (const { account, amountPence } of lines) {
    if (!Number.isSafeInteger(amountPence)) return `An amount must be a whole number of pence; ${amountPence} is not.`;
    if (Math.abs(amountPence) > LARGEST_LINE_PENCE) return `${amountPence} pence is more than any one movement can be.`;
    if (amountPence === 0) return "A line of zero pence records nothing.";
    const needsParty = PARTY_ACCOUNT_KINDS.has(account.kind);
    if (needsParty !== (account.partyId != null)) {
      return needsParty
        ? `The ${account.kind} account belongs to someone: name them.`
        : `${account.kind} is the platform's own.`;
    }
    sum += amountPence;
  }
  return sum === 0 ? null : `The lines must sum to zero pence; they sum to ${sum}.`;
}

/**
 * Splits a whole number of pence in proportion to whole-pence weights (the shares of the original charge), so the parts
 * add up to exactly the total: each part is rounded down, and the pence left over go one each to the parts that lost
 * the most to rounding (ties to the earlier part). A refund taken back from a landlord, a manager and the platform
 * therefore never creates or loses a penny. The arithmetic is exact (bigint) whatever the sizes.
 */
export function splitPence(totalPence: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalPence)) throw new RangeError("The total must be whole pence");
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError("Weights must be whole pence and not negative");
  }
  const big = weights.map(BigInt);
  const weightSum = big.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) throw new RangeError("At least one weight must be above zero");
  const total = BigInt(Math.abs(totalPence));
  const parts = big.map((w) => (total * w) / weightSum);
  const remainders = big.map((w, index) => ({ index, remainder: (total * w) % weightSum }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  const sign = totalPence < 0 ? -1 : 1;
  return parts.map((part) => (part === 0n ? 0 : sign * Number(part)));
}
