import type { TCalendarNight } from "@common/schemas/landlord-properties";
import { formatMonthYear, formatWeekdayFullDate } from "@common/utils/dates";
import { describe, expect, it } from "vitest";
import {
  inRange,
  isMonth,
  nightsInRange,
  orderedRange,
  rangeLabel,
  shiftMonth,
  summariseSelection,
} from "@/features/properties/landlord/utils/calendar-grid";

describe("months", () => {
  it("steps across years both ways", () => {
    expect(shiftMonth("2027-12", 1)).toBe("2028-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2027-05", -17)).toBe("2025-12");
  });

  it("names months and nights in en-GB", () => {
    expect(formatMonthYear("2027-03")).toBe("March 2027");
    expect(formatWeekdayFullDate("2027-03-01")).toBe("Monday 1 March 2027");
  });

  it("accepts only YYYY-MM in the server's range", () => {
    expect(isMonth("2027-03")).toBe(true);
    expect(isMonth("2027-13")).toBe(false);
    expect(isMonth("1999-12")).toBe(false);
    expect(isMonth("2027-3")).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});

describe("ranges", () => {
  it("orders two clicks and counts both ends", () => {
    const range = orderedRange("2027-03-05", "2027-03-03");
    expect(range).toEqual({ from: "2027-03-03", to: "2027-03-05" });
    expect(nightsInRange(range)).toBe(3);
    expect(inRange("2027-03-05", range)).toBe(true);
    expect(inRange("2027-03-06", range)).toBe(false);
    expect(inRange("2027-03-04", null)).toBe(false);
    expect(rangeLabel(range)).toBe("Wed 3 Mar 2027 to Fri 5 Mar 2027");
    expect(rangeLabel(orderedRange("2027-03-03", "2027-03-03"))).toBe("Wed 3 Mar 2027");
  });

  it("summarises what a selection allows", () => {
    const night = (date: string, state: TCalendarNight["state"]): TCalendarNight => ({
      date,
      state,
      price: 100,
      ruleName: null,
      note: null,
      booking: null,
      imported: null,
      conflict: false,
    });
    const nights = [
      night("2027-03-01", "free"),
      night("2027-03-02", "blocked"),
      night("2027-03-03", "booked"),
      night("2027-03-04", "requested"),
      night("2027-03-05", "free"),
    ];
    expect(summariseSelection(nights, { from: "2027-03-02", to: "2027-03-05" })).toEqual({
      total: 4,
      free: 1,
      blocked: 1,
      held: 2,
      past: 0,
    });
  });
});
