import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LedgerLine, unbalancedReason } from "../../common/domain/ledger";
import {
  landlordSharePence,
  paymentLines,
  payoutLines,
  refundLines,
  type StayShares,
  stayChargeLines,
  transferLines,
} from "../../server/services/money/booking-postings";

const GUEST = 1;
const LANDLORD = 2;
const MANAGER = 3;

/** Each account's balance after the transactions, keyed "kind/party". */
function balances(...transactions: LedgerLine[][]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const lines of transactions) {
    expect(unbalancedReason(lines)).toBeNull();
    for (const { account, amountPence } of lines) {
      const name = `${account.kind}/${account.partyId ?? "-"}`;
      sums.set(name, (sums.get(name) ?? 0) + amountPence);
    }
  }
  return sums;
}

/** A stay's figures as the pricing makes them: nights, a fee on top, and a manager's cut of the nights. */
const stay = fc
  .record({
    nights: fc.integer({ min: 1, max: 20_000_000 }),
    feeRate: fc.integer({ min: 0, max: 20 }),
    managerRate: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ nights, feeRate, managerRate }): StayShares => {
    const serviceFeePence = Math.round((nights * feeRate) / 100);
    return {
      totalPence: nights + serviceFeePence,
      serviceFeePence,
      managerFeePence: Math.floor((nights * managerRate) / 100),
    };
  });

const parties = { guestId: GUEST, landlordId: LANDLORD, managerId: MANAGER };

describe("a stay's money in the ledger", () => {
  it("credits each share to the one who earns it, and the guest owes the total", () => {
    const shares = { totalPence: 110_00, serviceFeePence: 10_00, managerFeePence: 15_00 };
    expect(Object.fromEntries(balances(stayChargeLines(parties, shares)))).toEqual({
      "guest_receivable/1": 110_00,
      "platform_fees/-": -10_00,
      "earnings_held/2": -85_00,
      "earnings_held/3": -15_00,
    });
  });

  it("keeps every transaction balanced, and a paid, fully refunded stay owes nobody anything", () => {
    fc.assert(
      fc.property(stay, (shares) => {
        const sums = balances(
          stayChargeLines(parties, shares),
          paymentLines(GUEST, shares.totalPence),
          refundLines(parties, shares, { amountPence: shares.totalPence, collected: true }),
        );
        for (const [name, value] of sums) expect([name, value]).toEqual([name, 0]);
      }),
    );
  });

  it("takes a refund no larger than the nights from the landlord and manager only, never below zero", () => {
    fc.assert(
      fc.property(stay, fc.double({ min: 0, max: 1, noNaN: true }), (shares, share) => {
        const nights = shares.totalPence - shares.serviceFeePence;
        const amountPence = Math.max(1, Math.floor(nights * share));
        const sums = balances(
          stayChargeLines(parties, shares),
          refundLines(parties, shares, { amountPence, collected: false }),
        );
        expect((sums.get("platform_fees/-") ?? 0) + shares.serviceFeePence).toBe(0);
        expect(sums.get("earnings_held/2") ?? 0).toBeLessThanOrEqual(0);
        expect(sums.get("earnings_held/3") ?? 0).toBeLessThanOrEqual(0);
        expect(sums.get("guest_receivable/1")).toBe(shares.totalPence - amountPence);
      }),
    );
  });

  it("leaves the landlord's held earnings at zero once their share is transferred, and the money in their bank once paid out", () => {
    fc.assert(
      fc.property(stay, (shares) => {
        const share = landlordSharePence(shares);
        fc.pre(share > 0);
        const sums = balances(
          stayChargeLines(parties, shares),
          paymentLines(GUEST, shares.totalPence),
          transferLines(LANDLORD, share),
          payoutLines(LANDLORD, share),
        );
        expect(sums.get("earnings_held/2")).toBe(0);
        expect(sums.get("earnings_transferred/2")).toBe(0);
        expect(sums.get("connected_cash/-")).toBe(0);
        expect(sums.get("platform_cash/-")).toBe(shares.totalPence - share);
      }),
    );
  });

  it("splits the odd penny of a refund so nothing is created or lost", () => {
    const shares = { totalPence: 1_001, serviceFeePence: 0, managerFeePence: 333 };
    const lines = refundLines(parties, shares, { amountPence: 1_000, collected: true });
    expect(lines.map((l) => l.amountPence)).toEqual([667, 333, -1_000]);
    expect(unbalancedReason(lines)).toBeNull();
  });

  it("refuses figures that cannot be a stay", () => {
    const shares = { totalPence: 100, serviceFeePence: 10, managerFeePence: 0 };
    expect(() => stayChargeLines(parties, { ...shares, serviceFeePence: 200 })).toThrow(RangeError);
    expect(() => stayChargeLines(parties, { ...shares, totalPence: 10.5 })).toThrow(RangeError);
    expect(() => stayChargeLines({ guestId: 1, landlordId: 2 }, { ...shares, managerFeePence: 5 })).toThrow(RangeError);
    expect(() => refundLines(parties, shares, { amountPence: 101, collected: true })).toThrow(RangeError);
    expect(() => refundLines(parties, shares, { amountPence: 0, collected: true })).toThrow(RangeError);
  });
});
