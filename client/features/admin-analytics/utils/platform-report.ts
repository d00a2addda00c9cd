import { PLATFORM_PERIOD_LABELS, type PlatformPeriod } from "@common/domain/platform-analytics";
import type { TRevenueSettlement } from "@common/schemas/analytics";
import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { toCsv } from "@common/utils/csv";
import { formatDayMonth, formatDayMonthNumeric, formatDayMonthYear, formatShortMonth } from "@common/utils/dates";
import type { ChartDatum } from "@/components/charts/chart-data-table";
import { describeGrowth, formatPoundsCompact, type GrowthTone } from "@/components/charts/figure-format";
import { formatInteger, formatPounds } from "@/lib/format";

/**
 * Pure rules of the admin's Analytics page: how the server's figures are named, charted and exported. Dates are
 * London calendar dates ('YYYY-MM-DD'), formatted as such whatever the reader's time zone.
 */

type Bucket = TPlatformAnalytics["buckets"][number];

/** "12 May 2026". */
export function formatLondonDate(iso: string): string {
  return formatDayMonthYear(iso);
}

/** "12 May – 10 Jun 2026", or "15 Dec 2025 – 14 Mar 2026" across a new year. */
export function formatPeriodRange(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? formatDayMonth(from) : formatLondonDate(from)} – ${formatLondonDate(to)}`;
}

/** How each period's chart is cut, as said under the period buttons. */
export const BUCKET_NAMES: Record<PlatformPeriod, string> = {
  "1m": "by day",
  "3m": "by week (Monday to Sunday)",
  "6m": "by month",
  "1y": "by month",
};

/** What the growth figures compare with. */
export const PREVIOUS_PERIOD_NAMES: Record<PlatformPeriod, string> = {
  "1m": "the previous 30 days",
  "3m": "the previous 13 weeks",
  "6m": "the previous 6 months",
  "1y": "the previous 12 months",
};

/** Dense charts label every few columns only: every 5th day, every other week, every month. */
export const AXIS_LABEL_EVERY: Record<PlatformPeriod, number> = { "1m": 5, "3m": 2, "6m": 1, "1y": 1 };

/** A bucket's axis labels: "12 May" and "12/5" for days and weeks, "May" for months. */
function axisLabels(period: PlatformPeriod, start: string) {
  if (period === "6m" || period === "1y") {
    const month = formatShortMonth(start.slice(0, 7));
    return { axisLabel: month, compactAxisLabel: month };
  }
  return { axisLabel: formatDayMonth(start), compactAxisLabel: formatDayMonthNumeric(start) };
}

/** The sign-ups chart: one point per bucket, read out as "12 May 2026: 3". */
export function signUpChartData(period: PlatformPeriod, buckets: readonly Bucket[]): ChartDatum[] {
  return buckets.map((bucket) => ({
    key: bucket.start,
    label: bucket.label,
    ...axisLabels(period, bucket.start),
    value: bucket.signUps,
    valueText: formatInteger(bucket.signUps),
  }));
}

/** The revenue chart: one column per bucket, in pounds. */
export function revenueChartData(period: PlatformPeriod, buckets: readonly Bucket[]): ChartDatum[] {
  return buckets.map((bucket) => ({
    key: bucket.start,
    label: bucket.label,
    ...axisLabels(period, bucket.start),
    value: bucket.revenue,
    valueText: formatPounds(bucket.revenue),
    compactValueText: formatPoundsCompact(bucket.revenue),
  }));
}

/**
 * A growth badge and the line under a figure. Null growth means the previous period had none: with something
 * now that is new ('New'); with nothing either, there is no change to show ('—').
 */
export function periodGrowth(
  growth: number | null,
  current: number,
  previousText: string,
  period: PlatformPeriod,
): { text: string; tone: GrowthTone; explanation: string } {
  const previous = PREVIOUS_PERIOD_NAMES[period];
  if (growth === null) {
    return current > 0
      ? { text: "New", tone: "none", explanation: `None in ${previous} to compare with` }
      : { text: "—", tone: "none", explanation: `None in this period or ${previous}` };
  }
  return { ...describeGrowth(growth), explanation: `${previousText} in ${previous}` };
}

/**
 * What of an amount is not money in the bank, said after it: ", of which £40 demo money and £10 expected, not yet collected";
 * empty when all of it was collected.
 */
export function settlementAside(settlement: TRevenueSettlement): string {
  const parts = [
    settlement.demo > 0 ? `${formatPounds(settlement.demo)} demo money` : null,
    settlement.expected > 0 ? `${formatPounds(settlement.expected)} expected, not yet collected` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? "" : `, of which ${parts.join(" and ")}`;
}

/** Every account today, whatever its role. */
export function accountCount(report: Pick<TPlatformAnalytics, "roles">): number {
  return report.roles.reduce((sum, role) => sum + role.count, 0);
}

/** "staylondon-analytics-3m-2026-11-25.csv": the period and the day of the export. */
export function reportFileName(period: PlatformPeriod, exportedOn: string): string {
  return `staylondon-analytics-${period}-${exportedOn}.csv`;
}

/** The columns that split an amount by settlement, in pounds. */
const SETTLEMENT_COLUMNS = [
  ["Collected (£)", "collected"],
  ["Expected (£)", "expected"],
  ["Demo (£)", "demo"],
] as const;

/**
 * The report as CSV: exactly the figures the page shows for the period, in blocks separated by a blank line (the
 * period, the summary, each bucket, the top cities, the roles and all accounts). Amounts are numbers in pounds, each
 * split into what was collected, is expected and is demo money; a growth with nothing to compare with is left empty. Text from listings (city names) goes through toCsv, which neutralises
 * anything a spreadsheet would run as a formula.
 */
export function platformReportCsv(report: TPlatformAnalytics, exportedOn: string): string {
  const { totals } = report;
  const settled = <T>(settlement: (row: T) => TRevenueSettlement | null) =>
    SETTLEMENT_COLUMNS.map(([header, key]) => ({
      header,
      value: (row: T) => settlement(row)?.[key] ?? null,
    }));
  const blocks = [
    toCsv(
      [
        ["Period", PLATFORM_PERIOD_LABELS[report.period]],
        ["From", report.from],
        ["To", report.to],
        ["Exported on", exportedOn],
      ] as const,
      [
        { header: "Report", value: (row) => row[0] },
        { header: "StayLondon platform analytics", value: (row) => row[1] },
      ],
    ),
    toCsv(
      [
        { figure: "Sign-ups", now: totals.signUps, before: totals.previousSignUps, growth: totals.signUpGrowth },
        {
          figure: "Revenue (£)",
          now: totals.revenue,
          before: totals.previousRevenue,
          growth: totals.revenueGrowth,
          settlement: totals.settlement,
        },
        { figure: "Bookings", now: totals.bookings, before: null, growth: null },
        {
          figure: "Platform fees (£)",
          now: totals.platformFees,
          before: null,
          growth: null,
          settlement: totals.platformFeeSettlement,
        },
        {
          figure: "Previous period's revenue (£)",
          now: totals.previousRevenue,
          before: null,
          growth: null,
          settlement: totals.previousSettlement,
        },
      ],
      [
        { header: "Figure", value: (row) => row.figure },
        { header: "This period", value: (row) => row.now },
        { header: "Previous period", value: (row) => row.before },
        { header: "Growth (%)", value: (row) => row.growth },
        ...settled((row: { settlement?: TRevenueSettlement }) => row.settlement ?? null),
      ],
    ),
    toCsv(report.buckets, [
      { header: "Period", value: (bucket) => bucket.label },
      { header: "From", value: (bucket) => bucket.start },
      { header: "To", value: (bucket) => bucket.end },
      { header: "Sign-ups", value: (bucket) => bucket.signUps },
      { header: "Revenue (£)", value: (bucket) => bucket.revenue },
      { header: "Bookings", value: (bucket) => bucket.bookings },
      ...settled((bucket: Bucket) => bucket.settlement),
    ]),
    toCsv(
      report.topCities.map((city, index) => ({ rank: index + 1, ...city })),
      [
        { header: "Rank", value: (city) => city.rank },
        { header: "City", value: (city) => city.city },
        { header: "Bookings", value: (city) => city.bookings },
        { header: "Revenue (£)", value: (city) => city.revenue },
        ...settled((city: TPlatformAnalytics["topCities"][number]) => city.settlement),
      ],
    ),
    toCsv(
      [...report.roles, { label: "All accounts", count: accountCount(report), percent: 100 }],
      [
        { header: "Role", value: (role) => role.label },
        { header: "Accounts", value: (role) => role.count },
        { header: "Share (%)", value: (role) => role.percent },
      ],
    ),
  ];
  return blocks.join("\r\n");
}
