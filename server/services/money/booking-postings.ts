import { type LedgerLine, splitPence } from "../../../common/domain/ledger";

/**
 * The ledger lines of a stay's money, as pure functions of its figures: what a confirmed stay owes and to whom, the
 * guest's payment, and a refund taken back from the shares. The services post them (ledger.repository.ts) in the
 * transaction that changes the booking. Amounts are whole pence.
 */

/** Who shares a stay's money: the guest who pays, the owner who lets, and the manager if one is assigned. */
export type StayParties = { guestId: number; landlordId: number; managerId?: number | null };

/**
 * A stay's total split into the platform's service fee, the manager's fee, the visitor levy the host owes the council
 * (none outside a levy area) and the landlord's rest.
 */
export type StayShares = { totalPence: number; serviceFeePence: number; managerFeePence: number; levyPence?: number };

/** The landlord's share: what is left of the total once the service fee, the manager's fee and the levy are taken. */
export function landlordSharePence(shares: StayShares): number {
  return shares.totalPence - shares.serviceFeePence - shares.managerFeePence - (shares.levyPence ?? 0);
}

function checkedShares(shares: StayShares, parties: StayParties): void {
  const { totalPence, serviceFeePence, managerFeePence, levyPence = 0 } = shares;
  if (![totalPence, serviceFeePence, managerFeePence, levyPence].every((p) => Number.isSafeInteger(p) && p >= 0)) {
    throw new RangeError("A stay's figures must be whole pence and not negative");
  }
  if (landlordSharePence(shares) < 0) throw new RangeError("The fees cannot exceed the stay's total");
  if (managerFeePence > 0 && parties.managerId == null) throw new RangeError("A manager's fee needs a manager");
}

/** Drops the zero lines a share of nothing would leave (the ledger records only movements). */
const moving = (lines: LedgerLine[]): LedgerLine[] => lines.filter((line) => line.amountPence !== 0);

/**
 * A stay confirmed: the guest owes its total, and each share is credited to the one who earns it. Nothing is cash
 * yet; the payment is its own transaction, so "expected" and "collected" stay apart.
 */
export function stayChargeLines(parties: StayParties, shares: StayShares): LedgerLine[] {
  checkedShares(shares, parties);
  return moving([
    { account: { kind: "guest_receivable", partyId: parties.guestId }, amountPence: shares.totalPence },
    { account: { kind: "platform_fees" }, amountPence: -shares.serviceFeePence },
    { account: { kind: "earnings_held", partyId: parties.landlordId }, amountPence: -landlordSharePence(shares) },
    { account: { kind: "levy_payable", partyId: parties.landlordId }, amountPence: -(shares.levyPence ?? 0) },
    ...(parties.managerId == null
      ? []
      : [
          {
            account: { kind: "earnings_held" as const, partyId: parties.managerId },
            amountPence: -shares.managerFeePence,
          },
        ]),
  ]);
}

/** The guest's payment arrived in the platform's balance and settles what they owed. */
export function paymentLines(guestId: number, amountPence: number): LedgerLine[] {
  return [
    { account: { kind: "platform_cash" }, amountPence },
    { account: { kind: "guest_receivable", partyId: guestId }, amountPence: -amountPence },
  ];
}

/**
 * Money given back to the guest, taken from the shares: first from the nights (the landlord's and the manager's
 * shares, in proportion), and only beyond the nights from the service fee, because a partial refund under a
 * cancellation policy returns a share of the nights and keeps the fee, while a full refund returns both. Money already
 * collected leaves the platform's balance; money never collected only cancels what the guest owed.
 */
export function refundLines(
  parties: StayParties,
  shares: StayShares,
  refund: { amountPence: number; collected: boolean },
): LedgerLine[] {
  checkedShares(shares, parties);
  const { amountPence } = refund;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
    throw new RangeError("A refund is whole pence above zero");
  if (amountPence > shares.totalPence) throw new RangeError("A refund cannot exceed what the stay cost");
  const nightsPence = shares.totalPence - shares.serviceFeePence;
  const fromNights = Math.min(amountPence, nightsPence);
  // The levy is owed only on nights paid for, so it is given back with them, in the same proportion.
  const [fromLandlord = 0, fromManager = 0, fromLevy = 0] =
    fromNights === 0
      ? [0, 0, 0]
      : splitPence(fromNights, [landlordSharePence(shares), shares.managerFeePence, shares.levyPence ?? 0]);
  return moving([
    { account: { kind: "platform_fees" }, amountPence: amountPence - fromNights },
    { account: { kind: "earnings_held", partyId: parties.landlordId }, amountPence: fromLandlord },
    { account: { kind: "levy_payable", partyId: parties.landlordId }, amountPence: fromLevy },
    ...(parties.managerId == null
      ? []
      : [{ account: { kind: "earnings_held" as const, partyId: parties.managerId }, amountPence: fromManager }]),
    refund.collected
      ? { account: { kind: "platform_cash" }, amountPence: -amountPence }
      : { account: { kind: "guest_receivable", partyId: parties.guestId }, amountPence: -amountPence },
  ]);
}

/**
 * A payment the platform gives straight back without touching any share: one that arrived for a booking that was
 * never confirmed (its hold had lapsed), so nobody earned anything from it.
 */
export function returnedPaymentLines(guestId: number, amountPence: number): LedgerLine[] {
  return [
    { account: { kind: "guest_receivable", partyId: guestId }, amountPence },
    { account: { kind: "platform_cash" }, amountPence: -amountPence },
  ];
}

/**
 * The parties and shares a posted charge recorded, so a later refund is taken from what was actually charged (a fee
 * changed since, or a manager who left, does not alter an old stay's split).
 */
export function sharesOfCharge(
  lines: readonly LedgerLine[],
  landlordId: number,
): { parties: StayParties; shares: StayShares } {
  const fee = lines.find((l) => l.account.kind === "platform_fees");
  const guest = lines.find((l) => l.account.kind === "guest_receivable");
  const manager = lines.find((l) => l.account.kind === "earnings_held" && l.account.partyId !== landlordId);
  const levy = lines.find((l) => l.account.kind === "levy_payable");
  if (!guest?.account.partyId) throw new Error("a charge without its guest");
  return {
    parties: { guestId: guest.account.partyId, landlordId, managerId: manager?.account.partyId ?? null },
    shares: {
      totalPence: guest.amountPence,
      serviceFeePence: fee ? -fee.amountPence : 0,
      managerFeePence: manager ? -manager.amountPence : 0,
      levyPence: levy ? -levy.amountPence : 0,
    },
  };
}

/**
 * A maintenance job's cost, paid from the property owner's held earnings to the contractor who did the work: the
 * owner is owed that much less, the contractor that much more. Nothing leaves the platform until the contractor's
 * transfer.
 */
export function jobCostLines(ownerId: number, contractorId: number, amountPence: number): LedgerLine[] {
  return [
    { account: { kind: "earnings_held", partyId: ownerId }, amountPence },
    { account: { kind: "earnings_held", partyId: contractorId }, amountPence: -amountPence },
  ];
}

/**
 * A payee's share sent to their Stripe balance: the money moves from the platform's balance to the connected ones,
 * and their claim moves from "held by the platform" to "transferred". A reversal is the same with the signs turned.
 */
export function transferLines(payeeId: number, amountPence: number, direction: "out" | "back" = "out"): LedgerLine[] {
  const sign = direction === "out" ? 1 : -1;
  return [
    { account: { kind: "earnings_held", partyId: payeeId }, amountPence: sign * amountPence },
    { account: { kind: "earnings_transferred", partyId: payeeId }, amountPence: -sign * amountPence },
    { account: { kind: "platform_cash" }, amountPence: -sign * amountPence },
    { account: { kind: "connected_cash" }, amountPence: sign * amountPence },
  ];
}

/**
 * Stripe paid a payee's balance out to their bank: it leaves the marketplace's books. A payout the bank then refused
 * comes back to the payee's Stripe balance: the same lines with the signs turned.
 */
export function payoutLines(payeeId: number, amountPence: number, direction: "out" | "back" = "out"): LedgerLine[] {
  const sign = direction === "out" ? 1 : -1;
  return [
    { account: { kind: "earnings_transferred", partyId: payeeId }, amountPence: sign * amountPence },
    { account: { kind: "connected_cash" }, amountPence: -sign * amountPence },
  ];
}
