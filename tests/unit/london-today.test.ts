import { describe, expect, it } from "vitest";
import { londonToday } from "../../common/domain/calendar-dates";

describe("today in London", () => {
  it("turns at London's midnight in summer (BST) and winter (GMT), asked in any order", () => {
    const cases: [string, string][] = [
      ["2026-06-30T22:59:59.999Z", "2026-06-30"],
      ["2026-06-30T23:00:00.000Z", "2026-07-01"],
      ["2026-06-30T22:59:30.000Z", "2026-06-30"],
      ["2026-12-31T23:59:59.999Z", "2026-12-31"],
      ["2027-01-01T00:00:00.000Z", "2027-01-01"],
      ["2026-12-31T23:59:00.000Z", "2026-12-31"],
      // The night the clocks go back: 00:30 BST is 23:30 UTC the day before.
      ["2026-10-24T23:30:00.000Z", "2026-10-25"],
      ["2026-10-24T22:59:59.000Z", "2026-10-24"],
    ];
    for (const [instant, date] of cases) expect(londonToday(new Date(instant)), instant).toBe(date);
  });
});
