import { formatMonthYear } from "@common/utils/dates";
import { describe, expect, it } from "vitest";
import { formatGrowth, weekLabel } from "@/features/properties/admin/utils/analytics-format";
import { isStatusFilter, statusReason } from "@/features/properties/admin/utils/property-status";

describe("a listing's figures in words", () => {
  it("names the month and the week it starts on, whatever the reader's time zone", () => {
    expect(formatMonthYear("2026-03")).toBe("March 2026");
    expect(weekLabel("2026-01-26")).toBe("w/c 26 Jan");
  });

  it("says growth with its sign, and says when there is nothing to compare with", () => {
    expect(formatGrowth(250)).toBe("+250% on last month");
    expect(formatGrowth(-12.5)).toBe("−12.5% on last month");
    expect(formatGrowth(0)).toBe("Same as last month");
    expect(formatGrowth(null)).toBe("No revenue last month to compare");
  });
});

describe("a listing's status in words", () => {
  it("explains every status but plainly bookable", () => {
    expect(statusReason({ statusDetail: "bookable", availableFrom: null })).toBeNull();
    expect(statusReason({ statusDetail: "under_maintenance", availableFrom: null })).toBe(
      "Listed, but under maintenance: closed to new bookings",
    );
    expect(statusReason({ statusDetail: "available_later", availableFrom: "2026-04-01" })).toBe(
      "Listed, taking bookings from 1 April 2026",
    );
    expect(statusReason({ statusDetail: "deactivated_by_owner", availableFrom: null })).toBe("Unlisted by its owner");
    expect(statusReason({ statusDetail: "removed", availableFrom: null })).toBe("Removed by StayLondon");
  });

  it("takes only the filter's own values from an address", () => {
    expect(isStatusFilter("pending")).toBe(true);
    expect(isStatusFilter("archived")).toBe(false);
  });
});
