import { formatDayMonthYear, formatMonthYear } from "../utils/dates";
import { addDays, addMonths, mondayOf } from "./calendar-dates";

/**
 * The admin's platform analytics: which periods it offers, how each is cut into buckets, and who may read it.
 * Pure calendar arithmetic on London dates ('YYYY-MM-DD'), shared by the server (which computes the figures)
 * and the browser (which offers the periods). The rules are written out in docs/analytics.md.
 */

export const PLATFORM_PERIODS = ["1m", "3m", "6m", "1y"] as const;
export type PlatformPeriod = (typeof PLATFORM_PERIODS)[number];
export const DEFAULT_PLATFORM_PERIOD: PlatformPeriod = "1m";

/** The period buttons' names. */
export const PLATFORM_PERIOD_LABELS: Record<PlatformPeriod, string> = {
  "1m": "1 Month",
  "3m": "3 Months",
  "6m": "6 Months",
  "1y": "1 Year",
};

export function isPlatformPeriod(value: unknown): value is PlatformPeriod {
  return typeof value === "string" && (PLATFORM_PERIODS as readonly string[]).includes(value);
}

export type BucketUnit = "day" | "week" | "month";

/**
 * How each period is cut. Every period ends with the bucket that holds today, so a week or month that is still
 * running counts from its first day to its last (stays already booked to check in later in it count as revenue).
 */
const PERIOD_SHAPES: Record<PlatformPeriod, { unit: BucketUnit; count: number }> = {
  // The 30 London days ending today.
  "1m": { unit: "day", count: 30 },
  // 13 Monday-to-Sunday weeks, the last being this week.
  "3m": { unit: "week", count: 13 },
  // Calendar months, the last being this month.
  "6m": { unit: "month", count: 6 },
  "1y": { unit: "month", count: 12 },
};

/** One bucket: its first and last London dates (both included) and how a reader names it. */
export type PeriodBucket = { start: string; end: string; label: string };

export type PeriodPlan = {
  period: PlatformPeriod;
  unit: BucketUnit;
  /** First and last day of the period, both included. */
  from: string;
  to: string;
  /** First day of the previous period: the same number of buckets just before `from` (it ends the day before). */
  previousFrom: string;
  buckets: PeriodBucket[];
};

/** "18 Mar 2026", "w/c 16 Mar 2026" (week commencing, as said in the UK), "March 2026". */
function bucketLabel(unit: BucketUnit, start: string): string {
  if (unit === "month") return formatMonthYear(start.slice(0, 7));
  const day = formatDayMonthYear(start);
  return unit === "week" ? `w/c ${day}` : day;
}

/** The start of the bucket `steps` buckets after the one starting on `start` (negative: before). */
function stepBucket(unit: BucketUnit, start: string, steps: number): string {
  if (unit === "day") return addDays(start, steps);
  if (unit === "week") return addDays(start, 7 * steps);
  return addMonths(start, steps);
}

/** The buckets of `period` when today (in London) is `today`, oldest first, and the previous period's start. */
export function periodPlan(period: PlatformPeriod, today: string): PeriodPlan {
  const { unit, count } = PERIOD_SHAPES[period];
  const current = unit === "day" ? today : unit === "week" ? mondayOf(today) : addMonths(today, 0);
  const buckets = Array.from({ length: count }, (_, i) => {
    const start = stepBucket(unit, current, i - (count - 1));
    return { start, end: addDays(stepBucket(unit, start, 1), -1), label: bucketLabel(unit, start) };
  });
  const first = buckets[0] as PeriodBucket;
  const last = buckets[count - 1] as PeriodBucket;
  return {
    period,
    unit,
    from: first.start,
    to: last.end,
    previousFrom: stepBucket(unit, first.start, -count),
    buckets,
  };
}
