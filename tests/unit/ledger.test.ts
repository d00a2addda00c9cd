import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LARGEST_LINE_PENCE, splitPence, unbalancedReason } from "../../common/domain/ledger";

describe("splitting pence in proportion", () => {
  const weights = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 6 });
  const total = fc.integer({ min: -LARGEST_LINE_PENCE, max: LARGEST_LINE_PENCE });

  it("always gives parts that add up to the total, each within a penny of its exact share", () => {
    fc.assert(
      fc.property(
        total,
        weights.filter((w) => w.some((x) => x > 0)),
        (amount, ws) => {
          const parts = splitPence(amount, ws);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          const weightSum = ws.reduce((a, b) => a + b, 0);
          parts.forEach((part, i) => {
            const exact = (amount * (ws[i] ?? 0)) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
            if (ws[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });

  it("gives the odd penny to the part that lost the most to rounding, the earlier one on a tie", () => {
    expect(splitPence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitPence(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitPence(1, [2, 3])).toEqual([0, 1]);
    expect(splitPence(10, [0, 5])).toEqual([0, 10]);
  });

  it("refuses weights that cannot share anything", () => {
    expect(() => splitPence(10, [])).toThrow(RangeError);
    expect(() => splitPence(10, [0, 0])).toThrow(RangeError);
    expect(() => splitPence(10, [1.5, 1])).toThrow(RangeError);
    expect(() => splitPence(10.5, [1])).toThrow(RangeError);
  });
});

describe("what makes a set of lines a transaction", () => {
  const cash = { kind: "platform_cash" as const };
  const owed = (partyId: number) => ({ kind: "earnings_held" as const, partyId });

  it("accepts lines of whole pence that sum to zero, with a party on a person's account only", () => {
    expect(
      unbalancedReason([
        { account: cash, amountPence: 1050 },
        { account: owed(7), amountPence: -1050 },
      ]),
    ).toBeNull();
  });

  it.each([
    ["one line", [{ account: cash, amountPence: 5 }], "at least two lines"],
    [
      "a fraction of a penny",
      [
        { account: cash, amountPence: 0.5 },
        { account: owed(1), amountPence: -0.5 },
      ],
      "whole number",
    ],
    [
      "a zero line",
      [
        { account: cash, amountPence: 0 },
        { account: owed(1), amountPence: 0 },
      ],
      "zero pence",
    ],
    [
      "lines that do not sum to zero",
      [
        { account: cash, amountPence: 101 },
        { account: owed(1), amountPence: -100 },
      ],
      "sum to 1",
    ],
    [
      "an absurd amount",
      [
        { account: cash, amountPence: 2e9 },
        { account: owed(1), amountPence: -2e9 },
      ],
      "more than any",
    ],
    [
      "a person's account with no person",
      [
        { account: cash, amountPence: 1 },
        { account: { kind: "earnings_held" as const }, amountPence: -1 },
      ],
      "name them",
    ],
    [
      "a platform account with a person",
      [
        { account: { kind: "platform_fees" as const, partyId: 3 }, amountPence: 1 },
        { account: owed(1), amountPence: -1 },
      ],
      "platform's own",
    ],
  ])("refuses %s", (_, lines, words) => {
    expect(unbalancedReason(lines)).toContain(words);
  });
});
