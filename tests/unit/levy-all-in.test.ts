import { describe, expect, it } from "vitest";
import { uniformAllInNightlyPence } from "../../common/domain/pricing";
import { EDINBURGH_LEVY_PERCENT, levyPercentOn } from "../../common/domain/uk-law";

describe("the levy inside a night's all-in figure", () => {
  it("is Edinburgh's 5% from the night of 24 July 2026, and nothing the night before or elsewhere", () => {
    expect(levyPercentOn("city_of_edinburgh", "2026-07-23")).toBe(0);
    expect(levyPercentOn("city_of_edinburgh", "2026-07-24")).toBe(5);
    expect(levyPercentOn(null, "2026-07-24")).toBe(0);
  });

  it("gives one figure only when every night carries the same levy", () => {
    const nights = ["2026-07-22", "2026-07-23", "2026-07-24"].map((date) => ({ date, pence: 20_000 }));
    const levy = { levyPercent: EDINBURGH_LEVY_PERCENT };
    // Every night levied: £200 + £20 fee + £10 levy.
    expect(uniformAllInNightlyPence(nights, { ...levy, leviedNights: nights.map((n) => n.date) })).toBe(23_000);
    // None levied (before the levy): the fee only.
    expect(uniformAllInNightlyPence(nights, { ...levy, leviedNights: [] })).toBe(22_000);
    // Across the first day: two nights without, one with; no single figure.
    expect(uniformAllInNightlyPence(nights, { ...levy, leviedNights: ["2026-07-24"] })).toBeNull();
  });
});
