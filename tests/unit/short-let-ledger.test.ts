import { describe, expect, it } from "vitest";
import {
  countedNightsByYear,
  nightsInYear,
  overTheLimit,
  shortLetLimitApplies,
  stayCounts,
} from "../../common/domain/short-let-ledger";

const london = { region: "London", propertyType: "flat", shortLetPermission: null };

describe("London's yearly short-let limit", () => {
  it("applies to whole homes in London without planning permission, not to rooms, other towns or permitted homes", () => {
    expect(shortLetLimitApplies(london)).toBe(true);
    expect(shortLetLimitApplies({ ...london, propertyType: "room" })).toBe(false);
    expect(shortLetLimitApplies({ ...london, region: "Bath" })).toBe(false);
    expect(shortLetLimitApplies({ ...london, shortLetPermission: "2024/0412/P" })).toBe(false);
    expect(shortLetLimitApplies({ ...london, shortLetPermission: "   " })).toBe(true);
  });

  it("counts stays shorter than 90 consecutive nights; a 90-night stay does not count", () => {
    expect(stayCounts("2027-01-01", "2027-03-31")).toBe(true); // 89 nights
    expect(stayCounts("2027-01-01", "2027-04-01")).toBe(false); // 90 nights
    expect(countedNightsByYear("2027-01-01", "2027-04-01")).toEqual(new Map());
  });

  it("splits a stay over New Year between the two years, by the date of each night", () => {
    expect(nightsInYear("2026-12-30", "2027-01-03", 2026)).toBe(2);
    expect(nightsInYear("2026-12-30", "2027-01-03", 2027)).toBe(2);
    expect(nightsInYear("2026-12-30", "2027-01-01", 2027)).toBe(0);
    expect(countedNightsByYear("2026-12-30", "2027-01-03")).toEqual(
      new Map([
        [2026, 2],
        [2027, 2],
      ]),
    );
  });

  it("refuses a stay that would pass 90 in any year it touches, saying how many nights are left", () => {
    expect(overTheLimit("2027-05-01", "2027-05-03", new Map([[2027, 88]]))).toBeNull();
    expect(overTheLimit("2027-05-01", "2027-05-04", new Map([[2027, 88]]))).toBe(
      "Short lets of a whole home in London are limited to 90 nights a year, and this home has 2 nights left in 2027.",
    );
    expect(overTheLimit("2026-12-31", "2027-01-02", new Map([[2026, 90]]))).toMatch(/no nights left in 2026/);
    expect(overTheLimit("2026-12-31", "2027-01-02", new Map([[2027, 89]]))).toBeNull();
    expect(overTheLimit("2026-12-31", "2027-01-03", new Map([[2027, 89]]))).toMatch(/1 night left in 2027/);
  });
});
