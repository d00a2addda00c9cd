import { describe, expect, it } from "vitest";
import { addMonths, daysInMonth, mondayOf } from "../../common/domain/calendar-dates";
import { isPlatformPeriod, periodPlan } from "../../common/domain/platform-analytics";

describe("calendar helpers", () => {
  it("finds the Monday of a week, across months and years", () => {
    expect(mondayOf("2026-06-10")).toBe("2026-06-08"); // Wednesday
    expect(mondayOf("2026-06-08")).toBe("2026-06-08"); // Monday itself
    expect(mondayOf("2026-06-14")).toBe("2026-06-08"); // Sunday ends the week
    expect(mondayOf("2026-01-01")).toBe("2025-12-29"); // Thursday
  });

  it("steps whole months from any day of a month, across years", () => {
    expect(addMonths("2026-03-31", 0)).toBe("2026-03-01");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-01");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-01");
    expect(addMonths("2025-12-01", 1)).toBe("2026-01-01");
    expect(addMonths("2026-06-10", -23)).toBe("2024-07-01");
  });

  it("knows each month's length, leap Februaries included", () => {
    expect([daysInMonth("2026-02-10"), daysInMonth("2028-02-01"), daysInMonth("2026-04-30")]).toEqual([28, 29, 30]);
    expect(daysInMonth("2026-12-31")).toBe(31);
  });
});

describe("period plans", () => {
  it("1 Month: the 30 days ending today, each its own bucket; the previous 30 days before", () => {
    const plan = periodPlan("1m", "2028-03-01");
    expect(plan.unit).toBe("day");
    expect(plan.buckets).toHaveLength(30);
    // 2028 is a leap year: February's 29 days and 1 March are the 30 days; the 30 before start on 2 January.
    expect([plan.from, plan.to, plan.previousFrom]).toEqual(["2028-02-01", "2028-03-01", "2028-01-02"]);
    expect(plan.buckets[0]).toEqual({ start: "2028-02-01", end: "2028-02-01", label: "1 Feb 2028" });
    expect(plan.buckets[29]).toEqual({ start: "2028-03-01", end: "2028-03-01", label: "1 Mar 2028" });
    expect(plan.buckets[28]?.label).toBe("29 Feb 2028");
  });

  it("3 Months: 13 Monday-to-Sunday weeks ending with this week, across a new year", () => {
    const plan = periodPlan("3m", "2026-01-01");
    expect(plan.unit).toBe("week");
    expect(plan.buckets).toHaveLength(13);
    expect(plan.buckets[12]).toEqual({ start: "2025-12-29", end: "2026-01-04", label: "w/c 29 Dec 2025" });
    expect(plan.buckets[0]).toEqual({ start: "2025-10-06", end: "2025-10-12", label: "w/c 6 Oct 2025" });
    expect([plan.from, plan.to, plan.previousFrom]).toEqual(["2025-10-06", "2026-01-04", "2025-07-07"]);
    // Each week follows the one before without a gap.
    for (let i = 1; i < 13; i++) {
      const previousEnd = new Date(`${plan.buckets[i - 1]?.end}T00:00:00Z`).getTime();
      expect(new Date(`${plan.buckets[i]?.start}T00:00:00Z`).getTime() - previousEnd).toBe(86_400_000);
    }
  });

  it("6 Months: calendar months ending with this month, whole months even on its last day", () => {
    const plan = periodPlan("6m", "2026-03-31");
    expect(plan.unit).toBe("month");
    expect(plan.buckets.map((b) => b.label)).toEqual([
      "October 2025",
      "November 2025",
      "December 2025",
      "January 2026",
      "February 2026",
      "March 2026",
    ]);
    expect(plan.buckets[4]).toEqual({ start: "2026-02-01", end: "2026-02-28", label: "February 2026" });
    expect([plan.from, plan.to, plan.previousFrom]).toEqual(["2025-10-01", "2026-03-31", "2025-04-01"]);
  });

  it("1 Year: the 12 months ending with this month; the 12 before are the previous year", () => {
    const plan = periodPlan("1y", "2026-01-01");
    expect(plan.buckets).toHaveLength(12);
    expect([plan.from, plan.to, plan.previousFrom]).toEqual(["2025-02-01", "2026-01-31", "2024-02-01"]);
    expect(plan.buckets[0]?.label).toBe("February 2025");
    expect(plan.buckets[11]?.label).toBe("January 2026");
  });

  it("accepts only the four periods", () => {
    expect(["1m", "3m", "6m", "1y"].every(isPlatformPeriod)).toBe(true);
    for (const other of ["2y", "1M", "", " 1m", null, 1, ["1m"]]) expect(isPlatformPeriod(other)).toBe(false);
  });
});
