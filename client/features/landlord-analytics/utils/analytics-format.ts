import type { BookingStatus } from "@common/domain/property-options";
import {
  formatDayMonth as dayMonth,
  formatDayMonthNumeric as dayMonthNumeric,
  formatDayMonthYear,
} from "@common/utils/dates";
import type { ChartDatum } from "@/components/charts/chart-data-table";
import {
  describeGrowth,
  formatMonthLong,
  formatMonthShort,
  formatPoundsCompact,
  type GrowthTone,
} from "@/components/charts/figure-format";
import { formatPounds } from "@/lib/format";

/**
 * Pure rules and formatting for the landlord analytics pages. Every formatter takes the
 * figures of common/schemas/analytics.ts and never prints NaN: a missing or non-finite number reads as 0.
 */

const finite = (value: number | null | undefined): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

const percentFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/** "3.2 days", "1 day", "0 days" for an average stay. */
export function formatStayLength(days: number | null | undefined): string {
  const value = finite(days);
  return `${percentFormat.format(value)} ${value === 1 ? "day" : "days"}`;
}

/**
 * The This Month card's growth line. Null growth means last month earned nothing: with revenue this month that is
 * a first month ('New'); with none either, there is no change to show ('—').
 */
export function thisMonthGrowth(
  growth: number | null | undefined,
  monthRevenue: number,
): {
  text: string;
  tone: GrowthTone;
  explanation: string;
} {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) {
    return finite(monthRevenue) > 0
      ? { text: "New", tone: "none", explanation: "No revenue last month to compare with" }
      : { text: "—", tone: "none", explanation: "No revenue this month or last" };
  }
  return { ...describeGrowth(growth), explanation: "Compared with last month" };
}

/** A chart day as the page prints it, or the text given when the server sent something that is not a day. */
function asDay(iso: string, format: (day: string) => string): string {
  return (/^\d{4}-\d{2}-\d{2}$/.test(iso) && format(iso)) || iso;
}

/** A week by its Monday: "2026-10-05" → "w/c 5 Oct 2026" (week commencing, as said in the UK). */
export function formatWeekCommencing(monday: string): string {
  return asDay(monday, (day) => {
    const date = formatDayMonthYear(day);
    return date && `w/c ${date}`;
  });
}

/** "2026-10-05" → "5/10" (chart axis on a phone). */
export function formatDayMonthNumeric(iso: string): string {
  return asDay(iso, dayMonthNumeric);
}

/** "2026-10-05" → "5 Oct" (chart axis). */
export function formatDayMonth(iso: string): string {
  return asDay(iso, dayMonth);
}

/** A revenue transaction that is confirmed displays as 'Completed', as does a completed one. */
export function transactionStatusLabel(status: BookingStatus): string {
  switch (status) {
    case "confirmed":
    case "completed":
      return "Completed";
    case "pending":
      return "Pending";
    case "cancelled":
      return "Cancelled";
  }
}

/** Amount per night, or null for a stay without nights (never a division by zero). */
export function amountPerNight(amount: number, nights: number): number | null {
  return nights > 0 && Number.isFinite(amount) ? Math.round((amount / nights) * 100) / 100 : null;
}

/** A property's share of a month's revenue, 0 to 100; 0 when the month earned nothing. */
export function revenueShare(propertyRevenue: number, monthRevenue: number): number {
  const total = finite(monthRevenue);
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, (finite(propertyRevenue) / total) * 100));
}

/** "4 / 56" style booked-over-available nights, with thousands separators. */
export function formatNightsRatio(booked: number, total: number): string {
  const format = new Intl.NumberFormat("en-GB");
  return `${format.format(finite(booked))} / ${format.format(finite(total))}`;
}

/** Months' revenue as chart columns: the month in full for a screen reader, short under its bar, pounds above it. */
export function monthlyRevenueBars(months: readonly { month: string; revenue: number }[]): ChartDatum[] {
  return months.map((month) => ({
    key: month.month,
    label: formatMonthLong(month.month),
    axisLabel: formatMonthShort(month.month),
    value: month.revenue,
    valueText: formatPounds(month.revenue),
    compactValueText: formatPoundsCompact(month.revenue),
  }));
}
