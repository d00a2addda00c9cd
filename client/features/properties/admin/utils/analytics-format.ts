import { formatDayMonth } from "@common/utils/dates";
import { formatPercent } from "@/lib/format";

/** The Monday "2026-01-26" → "w/c 26 Jan" (week commencing). */
export function weekLabel(monday: string): string {
  return `w/c ${formatDayMonth(monday)}`;
}

/** Growth over last month in words; the server sends null when last month earned nothing to compare with. */
export function formatGrowth(growth: number | null): string {
  if (growth === null) return "No revenue last month to compare";
  if (growth === 0) return "Same as last month";
  return `${growth > 0 ? "+" : "−"}${formatPercent(Math.abs(growth))} on last month`;
}
