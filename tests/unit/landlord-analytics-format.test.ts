import { describe, expect, it } from "vitest";
import { chartMax, heightPercent } from "../../client/components/charts/chart-data-table";
import {
  describeGrowth,
  formatMonthLong,
  formatMonthShort,
  formatMonthShortYear,
  formatPoundsCompact,
  sumAmounts,
} from "../../client/components/charts/figure-format";
import {
  amountPerNight,
  formatDayMonth,
  formatDayMonthNumeric,
  formatNightsRatio,
  formatStayLength,
  formatWeekCommencing,
  monthlyRevenueBars,
  revenueShare,
  thisMonthGrowth,
  transactionStatusLabel,
} from "../../client/features/landlord-analytics/utils/analytics-format";
import {
  canOptimize,
  occupancyColourBand,
  occupancyLabel,
  occupancyStyle,
} from "../../client/features/landlord-analytics/utils/occupancy-bands";
import { formatPercent } from "../../client/lib/format";

describe("occupancy bands (spec 2 §4)", () => {
  it("labels 90 or more Excellent, 80 Good, 70 Average, lower Needs Attention", () => {
    expect(occupancyLabel(100)).toBe("Excellent");
    expect(occupancyLabel(90)).toBe("Excellent");
    expect(occupancyLabel(89.9)).toBe("Good");
    expect(occupancyLabel(80)).toBe("Good");
    expect(occupancyLabel(79.9)).toBe("Average");
    expect(occupancyLabel(70)).toBe("Average");
    expect(occupancyLabel(69.9)).toBe("Needs Attention");
    expect(occupancyLabel(0)).toBe("Needs Attention");
  });

  it("lets maintenance override any rate", () => {
    expect(occupancyLabel(95, "maintenance")).toBe("Under Maintenance");
    expect(occupancyLabel(10, "maintenance")).toBe("Under Maintenance");
  });

  it("colours in five bands cut at 90, 80, 70 and 60", () => {
    expect([95, 90, 85, 80, 75, 70, 65, 60, 59.9, 0].map(occupancyColourBand)).toEqual([4, 4, 3, 3, 2, 2, 1, 1, 0, 0]);
    const badges = new Set([95, 85, 75, 65, 30].map((rate) => occupancyStyle(rate).badge));
    expect(badges.size).toBe(5);
    expect(occupancyStyle(95, "maintenance").badge).not.toBe(occupancyStyle(95).badge);
  });

  it("offers Optimize only under 80 and never in maintenance", () => {
    expect(canOptimize(79.9, "active")).toBe(true);
    expect(canOptimize(0, "active")).toBe(true);
    expect(canOptimize(80, "active")).toBe(false);
    expect(canOptimize(95, "active")).toBe(false);
    expect(canOptimize(10, "maintenance")).toBe(false);
  });
});

describe("growth", () => {
  it("is green above 0 and red otherwise, 0 included; null is a neutral 'New'", () => {
    expect(describeGrowth(12.5)).toEqual({ text: "+12.5%", tone: "up" });
    expect(describeGrowth(-3)).toEqual({ text: "\u22123.0%", tone: "down" });
    expect(describeGrowth(0)).toEqual({ text: "0.0%", tone: "down" });
    expect(describeGrowth(null)).toEqual({ text: "New", tone: "none" });
    expect(describeGrowth(Number.NaN)).toEqual({ text: "New", tone: "none" });
    expect(describeGrowth(1234.5).text).toBe("+1,234.5%");
  });

  it("on This Month, tells a first month ('New') from a month with nothing either side ('—')", () => {
    expect(thisMonthGrowth(null, 450)).toMatchObject({ text: "New", tone: "none" });
    expect(thisMonthGrowth(null, 0)).toMatchObject({ text: "—", tone: "none" });
    expect(thisMonthGrowth(-100, 0)).toMatchObject({ text: "\u2212100.0%", tone: "down" });
  });
});

describe("figures without NaN", () => {
  it("formats percentages, stays and nights in en-GB", () => {
    expect(formatPercent(72.5)).toBe("72.5%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(Number.NaN)).toBe("0%");
    expect(formatStayLength(3.25)).toBe("3.3 days");
    expect(formatStayLength(1)).toBe("1 day");
    expect(formatStayLength(0)).toBe("0 days");
    expect(formatNightsRatio(1234, 5678)).toBe("1,234 / 5,678");
    expect(formatNightsRatio(0, 0)).toBe("0 / 0");
  });

  it("divides by nights only when there are nights", () => {
    expect(amountPerNight(735, 3)).toBe(245);
    expect(amountPerNight(100, 3)).toBe(33.33);
    expect(amountPerNight(100, 0)).toBeNull();
  });

  it("adds amounts in pence", () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([])).toBe(0);
    expect(sumAmounts([245.5, 1000, Number.NaN])).toBe(1245.5);
  });

  it("gives a property's share of a month, 0 when the month earned nothing", () => {
    expect(revenueShare(250, 1000)).toBe(25);
    expect(revenueShare(0, 0)).toBe(0);
    expect(revenueShare(10, 0)).toBe(0);
  });

  it("scales charts without dividing by zero", () => {
    const zeros = [0, 0].map((value, i) => ({ key: String(i), label: "", axisLabel: "", value, valueText: "" }));
    expect(chartMax(zeros)).toBe(1);
    expect(heightPercent(0, chartMax(zeros))).toBe(0);
    expect(chartMax(zeros, 100)).toBe(100);
    expect(heightPercent(150, 100)).toBe(100);
    expect(heightPercent(Number.NaN, 100)).toBe(0);
  });

  it("writes pounds short for a phone's chart axis", () => {
    expect(formatPoundsCompact(1240)).toBe("£1.24k");
    expect(formatPoundsCompact(840)).toBe("£840");
    expect(formatPoundsCompact(Number.NaN)).toBe("£0");
  });
});

describe("dates in en-GB", () => {
  it("names months and weeks", () => {
    expect(formatMonthLong("2026-10")).toBe("October 2026");
    expect(formatMonthShort("2026-03")).toBe("Mar");
    expect(formatMonthShortYear("2026-03")).toBe("Mar 2026");
    expect(formatWeekCommencing("2026-10-05")).toBe("w/c 5 Oct 2026");
    expect(formatDayMonth("2026-10-05")).toBe("5 Oct");
    expect(formatDayMonthNumeric("2026-09-28")).toBe("28/9");
    expect(formatMonthLong("nonsense")).toBe("nonsense");
  });
});

describe("transaction status labels (spec 2: confirmed displays as 'Completed')", () => {
  it("shows confirmed and completed alike", () => {
    expect(transactionStatusLabel("confirmed")).toBe("Completed");
    expect(transactionStatusLabel("completed")).toBe("Completed");
  });
});

describe("monthlyRevenueBars", () => {
  it("draws each month as a column: full month for listeners, short under the bar, pounds above it", () => {
    expect(
      monthlyRevenueBars([
        { month: "2026-10", revenue: 1240 },
        { month: "2026-11", revenue: 0 },
      ]),
    ).toEqual([
      {
        key: "2026-10",
        label: "October 2026",
        axisLabel: "Oct",
        value: 1240,
        valueText: "£1,240",
        compactValueText: "£1.24k",
      },
      { key: "2026-11", label: "November 2026", axisLabel: "Nov", value: 0, valueText: "£0", compactValueText: "£0" },
    ]);
  });
});
