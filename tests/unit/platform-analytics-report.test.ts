import { describe, expect, it } from "vitest";
import {
  formatPeriodRange,
  periodGrowth,
  platformReportCsv,
  reportFileName,
  revenueChartData,
  settlementAside,
  signUpChartData,
} from "../../client/features/admin-analytics/utils/platform-report";
import type { TPlatformAnalytics } from "../../common/schemas/platform-analytics";

const split = (collected: number, expected: number, demo: number) => ({ collected, expected, demo });

/** A 6-month report as the server might send it, small enough to write its CSV out by hand. */
const report: TPlatformAnalytics = {
  period: "6m",
  from: "2025-12-01",
  to: "2026-05-31",
  buckets: [
    {
      label: "December 2025",
      start: "2025-12-01",
      end: "2025-12-31",
      signUps: 2,
      revenue: 0,
      settlement: split(0, 0, 0),
      bookings: 0,
    },
    {
      label: "January 2026",
      start: "2026-01-01",
      end: "2026-01-31",
      signUps: 0,
      revenue: 1250.5,
      settlement: split(1000, 200.5, 50),
      bookings: 3,
    },
  ],
  totals: {
    signUps: 2,
    revenue: 1250.5,
    settlement: split(1000, 200.5, 50),
    platformFees: 125.05,
    platformFeeSettlement: split(100, 20.05, 5),
    bookings: 3,
    previousSignUps: 0,
    previousRevenue: 1000,
    previousSettlement: split(1000, 0, 0),
    signUpGrowth: null,
    revenueGrowth: 25.1,
  },
  topCities: [
    { city: "Camden", bookings: 2, revenue: 1000, settlement: split(800, 200, 0) },
    { city: '=HYPERLINK("http://evil.example")', bookings: 1, revenue: 250.5, settlement: split(200, 0.5, 50) },
  ],
  roles: [
    { role: "guest", label: "Guest/Tenant", count: 3, percent: 75 },
    { role: "landlord", label: "Landlord/Owner", count: 0, percent: 0 },
    { role: "property_manager", label: "Property Manager", count: 0, percent: 0 },
    { role: "contractor", label: "Contractor/Service Provider", count: 0, percent: 0 },
    { role: "admin", label: "Platform Administrator", count: 1, percent: 25 },
  ],
};

describe("the Analytics report as CSV", () => {
  it("holds exactly the figures shown, block by block, with formulas in listing text neutralised", () => {
    expect(platformReportCsv(report, "2026-05-20").split("\r\n")).toEqual([
      "Report,StayLondon platform analytics",
      "Period,6 Months",
      "From,2025-12-01",
      "To,2026-05-31",
      "Exported on,2026-05-20",
      "",
      "Figure,This period,Previous period,Growth (%),Collected (£),Expected (£),Demo (£)",
      "Sign-ups,2,0,,,,",
      "Revenue (£),1250.5,1000,25.1,1000,200.5,50",
      "Bookings,3,,,,,",
      "Platform fees (£),125.05,,,100,20.05,5",
      "Previous period's revenue (£),1000,,,1000,0,0",
      "",
      "Period,From,To,Sign-ups,Revenue (£),Bookings,Collected (£),Expected (£),Demo (£)",
      "December 2025,2025-12-01,2025-12-31,2,0,0,0,0,0",
      "January 2026,2026-01-01,2026-01-31,0,1250.5,3,1000,200.5,50",
      "",
      "Rank,City,Bookings,Revenue (£),Collected (£),Expected (£),Demo (£)",
      "1,Camden,2,1000,800,200,0",
      `2,"'=HYPERLINK(""http://evil.example"")",1,250.5,200,0.5,50`,
      "",
      "Role,Accounts,Share (%)",
      "Guest/Tenant,3,75",
      "Landlord/Owner,0,0",
      "Property Manager,0,0",
      "Contractor/Service Provider,0,0",
      "Platform Administrator,1,25",
      "All accounts,4,100",
      "",
    ]);
  });

  it("is named by its period and the day it was exported", () => {
    expect(reportFileName("3m", "2026-11-25")).toBe("staylondon-analytics-3m-2026-11-25.csv");
  });
});

describe("naming the period and its buckets", () => {
  it("writes the range once per year", () => {
    expect(formatPeriodRange("2026-05-12", "2026-06-10")).toBe("12 May – 10 Jun 2026");
    expect(formatPeriodRange("2025-12-15", "2026-03-15")).toBe("15 Dec 2025 – 15 Mar 2026");
  });

  it("labels days and weeks by date (short on phones) and months by name; the table reads the full label", () => {
    const days = signUpChartData("1m", [
      {
        label: "12 May 2026",
        start: "2026-05-12",
        end: "2026-05-12",
        signUps: 1234,
        revenue: 0,
        settlement: split(0, 0, 0),
        bookings: 0,
      },
    ]);
    expect(days).toEqual([
      {
        key: "2026-05-12",
        label: "12 May 2026",
        axisLabel: "12 May",
        compactAxisLabel: "12/5",
        value: 1234,
        valueText: "1,234",
      },
    ]);
    const months = revenueChartData("1y", report.buckets);
    expect(months.map((m) => [m.axisLabel, m.label, m.valueText, m.compactValueText])).toEqual([
      ["Dec", "December 2025", "£0", "£0"],
      ["Jan", "January 2026", "£1,250.50", "£1.25k"],
    ]);
  });
});

describe("saying what of an amount is not money in the bank", () => {
  it("names demo money and money not yet collected, and says nothing when all was collected", () => {
    expect(settlementAside(split(1000, 0, 0))).toBe("");
    expect(settlementAside(split(0, 0, 40))).toBe(", of which £40 demo money");
    expect(settlementAside(split(5, 10.5, 40))).toBe(
      ", of which £40 demo money and £10.50 expected, not yet collected",
    );
  });
});

describe("growth against the previous period", () => {
  it("says how it compares, or that there is nothing to compare with", () => {
    expect(periodGrowth(50, 3, "2", "1m")).toEqual({
      text: "+50.0%",
      tone: "up",
      explanation: "2 in the previous 30 days",
    });
    expect(periodGrowth(-12.5, 7, "£8", "3m")).toMatchObject({ text: "\u221212.5%", tone: "down" });
    expect(periodGrowth(null, 4, "0", "6m")).toEqual({
      text: "New",
      tone: "none",
      explanation: "None in the previous 6 months to compare with",
    });
    expect(periodGrowth(null, 0, "0", "1y")).toEqual({
      text: "—",
      tone: "none",
      explanation: "None in this period or the previous 12 months",
    });
  });
});
