import { formatMonthYear, formatShortMonth, formatShortMonthYear } from "@common/utils/dates";

/**
 * Formatting shared by the pages that chart figures (the landlord's analytics, the admin's platform analytics).
 * Never prints NaN: a missing or non-finite number reads as 0 (or, for growth, as nothing to compare with).
 */

const oneDecimal = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export type GrowthTone = "up" | "down" | "none";

/**
 * Growth over the previous month or period as a badge: green above 0, red otherwise (so 0% is red).
 * Growth is null when the previous one had nothing; then there is nothing to compare with and the badge reads 'New'.
 */
export function describeGrowth(growth: number | null | undefined): { text: string; tone: GrowthTone } {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) return { text: "New", tone: "none" };
  if (growth > 0) return { text: `+${oneDecimal.format(growth)}%`, tone: "up" };
  // U+2212 minus reads better than a hyphen beside digits; screen readers say "minus".
  if (growth < 0) return { text: `\u2212${oneDecimal.format(Math.abs(growth))}%`, tone: "down" };
  return { text: `${oneDecimal.format(0)}%`, tone: "down" };
}

const poundsCompact = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  notation: "compact",
  maximumSignificantDigits: 3,
});

/** "£1.24k", "£105k", "£840": short enough to sit above a column on a phone. */
export function formatPoundsCompact(value: number | null | undefined): string {
  const amount = typeof value === "number" && Number.isFinite(value) ? value : 0;
  // Under £1,000 pence would only crowd the axis.
  return poundsCompact.format(Math.abs(amount) < 1000 ? Math.round(amount) : amount);
}

/** "2026-10" → "October 2026"; a chart shows what it was given rather than nothing. */
export const formatMonthLong = (month: string): string => formatMonthYear(month) || month;

/** "2026-10" → "Oct" (chart axis). */
export const formatMonthShort = (month: string): string => formatShortMonth(month) || month;

/** "2026-10" → "Oct 2026" (a table on a phone). */
export const formatMonthShortYear = (month: string): string => formatShortMonthYear(month) || month;

/** The total of listed amounts, added in pence so 0.1 + 0.2 stays 0.3. */
export function sumAmounts(amounts: readonly number[]): number {
  let pence = 0;
  for (const amount of amounts) pence += Math.round((Number.isFinite(amount) ? amount : 0) * 100);
  return pence / 100;
}
