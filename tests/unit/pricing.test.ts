import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, isCalendarDate, nightsBetween, nightsOf } from "../../common/domain/calendar-dates";
import {
  allInNightlyPence,
  allInNightlyText,
  maxNightlyForAllInPence,
  nightServiceFeePence,
  type PricingRule,
  priceStay,
  serviceFeePence,
  uniformAllInNightlyPence,
  winningRule,
} from "../../common/domain/pricing";

const rule = (fields: Partial<PricingRule> & { id: number }): PricingRule => ({
  startDate: null,
  endDate: null,
  daysOfWeek: null,
  minStayLength: null,
  maxStayLength: null,
  priceModifierPercent: null,
  fixedPricePence: null,
  isActive: true,
  priority: 0,
  ...fields,
});

// Generators: stays of up to 60 nights starting within a few years, base prices up to £5,000 a night.
const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays("2026-01-01", n));
const stay = fc.record({ checkIn: day, nights: fc.integer({ min: 1, max: 60 }) }).map(({ checkIn, nights }) => ({
  checkIn,
  checkOut: addDays(checkIn, nights),
  nights,
}));
const pence = fc.integer({ min: 0, max: 500_000 });
const arbitraryRule = (id: number) =>
  fc
    .record({
      start: fc.option(day, { nil: null }),
      span: fc.integer({ min: 0, max: 90 }),
      daysOfWeek: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }), { nil: null }),
      minStayLength: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      extra: fc.integer({ min: 0, max: 30 }),
      hasMax: fc.boolean(),
      priceModifierPercent: fc.option(fc.integer({ min: -99, max: 300 }), { nil: null }),
      fixedPricePence: fc.option(pence, { nil: null }),
      isActive: fc.boolean(),
      priority: fc.integer({ min: -5, max: 5 }),
    })
    .map((r) =>
      rule({
        id,
        startDate: r.start,
        endDate: r.start === null ? null : addDays(r.start, r.span),
        daysOfWeek: r.daysOfWeek,
        minStayLength: r.minStayLength,
        maxStayLength: r.hasMax ? (r.minStayLength ?? 1) + r.extra : null,
        priceModifierPercent: r.priceModifierPercent,
        fixedPricePence: r.fixedPricePence,
        isActive: r.isActive,
        priority: r.priority,
      }),
    );
const rules = fc
  .integer({ min: 0, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbitraryRule(i + 1))));

describe("calendar dates", () => {
  it("counts nights as whole days and names each night by its date", () => {
    expect(nightsBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(nightsOf("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
    // Across the clocks going forward in London: still one night.
    expect(nightsBetween("2027-03-27", "2027-03-28")).toBe(1);
  });

  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of ["2027-02-29", "2026-13-01", "2026-1-01", "01/02/2026", "", "2026-01-01T00:00:00Z"]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});

describe("pricing invariants (property-based)", () => {
  it("prices exactly the stay's nights, and the parts always add up", () => {
    fc.assert(
      fc.property(stay, pence, rules, ({ checkIn, checkOut, nights }, base, ruleSet) => {
        const price = priceStay({ basePricePence: base, rules: ruleSet, checkIn, checkOut });
        expect(price.nights).toBe(nights);
        expect(price.nightly.map((n) => n.date)).toEqual(nightsOf(checkIn, checkOut));
        expect(price.subtotalPence).toBe(price.nightly.reduce((sum, n) => sum + n.pence, 0));
        expect(price.totalPence).toBe(price.subtotalPence + price.serviceFeePence);
        for (const night of price.nightly) expect(night.pence).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("charges a service fee of 10% rounded to whole pounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (subtotal) => {
        const fee = serviceFeePence(subtotal);
        expect(fee % 100).toBe(0);
        expect(Math.abs(fee - subtotal * 0.1)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it("charges a stay its nights plus the whole-pound fee, under 50p from nights × the per-night all-in figure", () => {
    fc.assert(
      fc.property(stay, pence, ({ checkIn, checkOut }, base) => {
        const price = priceStay({ basePricePence: base, rules: [], checkIn, checkOut });
        expect(price.totalPence).toBe(price.subtotalPence + serviceFeePence(price.subtotalPence));
        const perNight = uniformAllInNightlyPence(price.nightly);
        expect(perNight).toBe(allInNightlyPence(base));
        // Each night's share is within half a penny of 10%, the stay's fee within 50p of it.
        expect(Math.abs(price.totalPence - price.nights * (perNight ?? 0))).toBeLessThanOrEqual(50 + price.nights / 2);
      }),
    );
  });

  it("finds the dearest nightly price whose all-in price is within a limit, and no dearer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000_000 }), fc.constantFrom(0, 5), (max, levyPercent) => {
        const nightly = maxNightlyForAllInPence(max, { levyPercent });
        expect(allInNightlyPence(nightly, { levyPercent })).toBeLessThanOrEqual(max);
        expect(allInNightlyPence(nightly + 1, { levyPercent })).toBeGreaterThan(max);
      }),
    );
  });

  it("raises the all-in price with every penny of the nightly price, so ordering by either is the same", () => {
    fc.assert(
      fc.property(pence, (base) => {
        expect(allInNightlyPence(base + 1)).toBeGreaterThan(allInNightlyPence(base));
      }),
    );
  });

  it("uses the base price for every night when no rule applies", () => {
    fc.assert(
      fc.property(stay, pence, ({ checkIn, checkOut, nights }, base) => {
        const price = priceStay({ basePricePence: base, rules: [], checkIn, checkOut });
        expect(price.subtotalPence).toBe(base * nights);
      }),
    );
  });

  it("ignores inactive rules entirely", () => {
    fc.assert(
      fc.property(stay, pence, rules, ({ checkIn, checkOut }, base, ruleSet) => {
        const active = ruleSet.filter((r) => r.isActive);
        const withInactive = priceStay({ basePricePence: base, rules: ruleSet, checkIn, checkOut });
        const withoutInactive = priceStay({ basePricePence: base, rules: active, checkIn, checkOut });
        expect(withInactive).toEqual(withoutInactive);
      }),
    );
  });

  it("lets each night's winning rule be the highest-priority applicable one", () => {
    fc.assert(
      fc.property(stay, pence, rules, ({ checkIn, checkOut, nights }, base, ruleSet) => {
        const price = priceStay({ basePricePence: base, rules: ruleSet, checkIn, checkOut });
        for (const night of price.nightly) {
          const winner = ruleSet.find((r) => r.id === night.ruleId);
          for (const other of ruleSet) {
            if (other === winner || winningRule([other], night.date, nights) === null) continue;
            // Every other applicable rule ranks below the winner (lower priority, or equal and newer).
            expect(winner, `night ${night.date} has an applicable rule but no winner`).toBeDefined();
            if (!winner) continue;
            expect(
              other.priority < winner.priority || (other.priority === winner.priority && other.id > winner.id),
            ).toBe(true);
          }
        }
      }),
    );
  });

  it("never lowers the total when the base price rises (without fixed-price rules)", () => {
    fc.assert(
      fc.property(
        stay,
        pence,
        fc.integer({ min: 0, max: 10_000 }),
        rules,
        ({ checkIn, checkOut }, base, rise, ruleSet) => {
          const percentOnly = ruleSet.map((r) => ({ ...r, fixedPricePence: null }));
          const before = priceStay({ basePricePence: base, rules: percentOnly, checkIn, checkOut });
          const after = priceStay({ basePricePence: base + rise, rules: percentOnly, checkIn, checkOut });
          expect(after.totalPence).toBeGreaterThanOrEqual(before.totalPence);
        },
      ),
    );
  });
});

describe("pricing examples", () => {
  const base = 20_000; // £200 a night
  const weekend = rule({ id: 1, daysOfWeek: [5, 6], priceModifierPercent: 25, priority: 1 });
  const christmas = rule({
    id: 2,
    startDate: "2026-12-24",
    endDate: "2026-12-26",
    fixedPricePence: 45_000,
    priority: 5,
  });
  const longStay = rule({ id: 3, minStayLength: 7, priceModifierPercent: -15, priority: 0 });

  it("applies a weekend uplift only on Friday and Saturday nights", () => {
    // Thu 3 Dec to Mon 7 Dec 2026: Thu, Fri, Sat, Sun nights.
    const price = priceStay({ basePricePence: base, rules: [weekend], checkIn: "2026-12-03", checkOut: "2026-12-07" });
    expect(price.nightly.map((n) => n.pence)).toEqual([20_000, 25_000, 25_000, 20_000]);
    expect(price.subtotalPence).toBe(90_000);
    expect(price.serviceFeePence).toBe(9_000);
    expect(price.totalPence).toBe(99_000);
  });

  it("lets a fixed Christmas price beat the weekend uplift by priority", () => {
    // Thu 24 Dec to Sun 27 Dec 2026: Thu, Fri (Christmas Day), Sat (Boxing Day).
    const price = priceStay({
      basePricePence: base,
      rules: [weekend, christmas],
      checkIn: "2026-12-24",
      checkOut: "2026-12-27",
    });
    expect(price.nightly.map((n) => [n.pence, n.ruleId])).toEqual([
      [45_000, 2],
      [45_000, 2],
      [45_000, 2],
    ]);
  });

  it("gives the long-stay discount only to stays of seven nights or more", () => {
    const six = priceStay({ basePricePence: base, rules: [longStay], checkIn: "2027-01-11", checkOut: "2027-01-17" });
    const seven = priceStay({ basePricePence: base, rules: [longStay], checkIn: "2027-01-11", checkOut: "2027-01-18" });
    expect(six.subtotalPence).toBe(6 * 20_000);
    expect(seven.subtotalPence).toBe(7 * 17_000);
  });

  it("rounds the service fee to whole pounds: £245.50 a night for 3 nights", () => {
    const price = priceStay({ basePricePence: 24_550, rules: [], checkIn: "2027-02-01", checkOut: "2027-02-04" });
    expect(price.subtotalPence).toBe(73_650);
    expect(price.serviceFeePence).toBe(7_400); // 10% is £73.65, rounded to £74
    // The per-night all-in figure is £270.05; the stay's total is £810.50, 35p more than 3 × £270.05.
    expect(uniformAllInNightlyPence(price.nightly)).toBe(27_005);
    expect(price.totalPence).toBe(81_050);
  });
});

describe("all-in nightly price", () => {
  it("adds the 10% service fee to the night, to the penny", () => {
    expect(allInNightlyPence(24_550)).toBe(27_005);
    expect(allInNightlyText("245.50")).toBe("270.05");
    expect(allInNightlyText("180")).toBe("198.00");
    // Half a penny of fee rounds up: 10% of £123.45 is £12.345.
    expect(nightServiceFeePence(12_345)).toBe(1_235);
    expect(allInNightlyPence(12_345)).toBe(13_580);
  });

  it("adds a local levy as a share of the night when one is given", () => {
    // 5% of £200 is £10, on top of the £20 fee.
    expect(allInNightlyPence(20_000, { levyPercent: 5 })).toBe(23_000);
    expect(allInNightlyPence(20_000, { levyPercent: 0 })).toBe(22_000);
  });

  it("keeps a listing just under a limit before fees but over it after out of an all-in limit", () => {
    // £299 a night is £328.90 all-in: over a £300 limit. £272.72 is £299.99 all-in; £272.73 is £300.00.
    expect(maxNightlyForAllInPence(30_000)).toBe(27_273);
    expect(allInNightlyPence(27_273)).toBe(30_000);
    expect(allInNightlyPence(27_274)).toBe(30_001);
  });
});
