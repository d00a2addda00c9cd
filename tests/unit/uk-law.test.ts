import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { depositAboveCapReason } from "../../common/domain/tenancy-deposits";
import { edinburghLevyPence, inForce, leviedNights, UK_RULES, type UkRuleName } from "../../common/domain/uk-law";

describe("UK rules with their dates of effect", () => {
  /**
   * Each rule's first day as its source gives it, written out here rather than read back from UK_RULES, so a mistyped
   * date there fails. Every rule in UK_RULES is checked: one added without a day here fails until it is given one.
   */
  const IN_FORCE_FROM: Record<UkRuleName, string> = {
    allInPrices: "2025-04-06",
    periodicTenancies: "2026-05-01",
    tenancyDepositCap: "2019-06-01",
    depositProtection: "2012-04-06",
    rentIncreaseOncePerYear: "2026-05-01",
    petRequests: "2026-05-01",
    noBanOnChildrenOrBenefits: "2026-05-01",
    writtenStatementOfTerms: "2026-05-01",
    scottishShortLetLicence: "2023-10-01",
    edinburghVisitorLevy: "2026-07-24",
    welshVisitorRegistration: "2026-10-01",
  };
  const rules = Object.keys(UK_RULES) as UkRuleName[];

  it.each(rules.map((rule) => [rule, IN_FORCE_FROM[rule]] as const))(
    "%s applies from %s and not the day before",
    (rule, day) => {
      expect(day, `no first day written out for ${rule}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(UK_RULES[rule].inForceFrom).toBe(day);
      expect(inForce(rule, day)).toBe(true);
      expect(inForce(rule, addDays(day, -1))).toBe(false);
    },
  );

  it("writes out a day only for rules that exist", () => {
    expect(Object.keys(IN_FORCE_FROM).sort()).toEqual(rules.slice().sort());
  });
});

describe("the tenancy deposit cap on both sides of 1 June 2019", () => {
  // £3,600 a month: five weeks' rent is £4,153.84.
  it("lets a deposit above five weeks' rent received the day before stand, and refuses one received on the day", () => {
    expect(depositAboveCapReason(450_000, 360_000, "2019-05-31")).toBeNull();
    expect(depositAboveCapReason(450_000, 360_000, "2019-06-01")).toBe(
      "The deposit can be at most £4,153.84: five weeks' rent at £3,600 a month (Tenant Fees Act 2019, Schedule 1, paragraph 2).",
    );
    expect(depositAboveCapReason(415_384, 360_000, "2019-06-01")).toBeNull();
  });
});

describe("Edinburgh's visitor levy", () => {
  const nights = (first: string, count: number, pence = 20_000) =>
    Array.from({ length: count }, (_, i) => ({ date: addDays(first, i), pence }));

  it("is 5% of the first five nights, however long the stay", () => {
    expect(edinburghLevyPence(nights("2026-08-01", 3), { inEdinburgh: true })).toBe(3_000);
    expect(edinburghLevyPence(nights("2026-08-01", 5), { inEdinburgh: true })).toBe(5_000);
    expect(edinburghLevyPence(nights("2026-08-01", 9), { inEdinburgh: true })).toBe(5_000);
  });

  it("counts only nights from 24 July 2026, still among the stay's first five", () => {
    // 22 and 23 July are not levied; 24, 25 and 26 are; the sixth night onwards never is.
    expect(edinburghLevyPence(nights("2026-07-22", 7), { inEdinburgh: true })).toBe(3_000);
    expect(leviedNights("2026-07-22", "2026-07-29", { inEdinburgh: true })).toEqual([
      "2026-07-24",
      "2026-07-25",
      "2026-07-26",
    ]);
    expect(edinburghLevyPence(nights("2026-07-19", 5), { inEdinburgh: true })).toBe(0);
  });

  it("uses each night's own price and rounds once on the total", () => {
    const priced = [
      { date: "2026-09-01", pence: 12_345 },
      { date: "2026-09-02", pence: 10_001 },
    ];
    expect(edinburghLevyPence(priced, { inEdinburgh: true })).toBe(Math.round(22_346 * 0.05));
  });

  it("is nothing outside Edinburgh", () => {
    expect(edinburghLevyPence(nights("2026-08-01", 3), { inEdinburgh: false })).toBe(0);
    expect(leviedNights("2026-08-01", "2026-08-04", { inEdinburgh: false })).toEqual([]);
  });
});
