import { z } from "zod";
import { DEFAULT_PLATFORM_PERIOD, PLATFORM_PERIODS } from "../domain/platform-analytics";
import { ROLES } from "../domain/roles";

/**
 * GET /api/admin/analytics: the whole platform's figures for one period, computed in SQL on every request
 * (docs/analytics.md, "Platform analytics (admin)").
 * - Periods: 1m = the 30 London days ending today, by day; 3m = the 13 Monday-to-Sunday weeks ending with this
 *   week, by week; 6m and 1y = the 6 or 12 calendar months ending with this month, by month. The previous period
 *   is the same number of buckets just before.
 * - Sign-ups: accounts by the London date of their creation.
 * - Revenue and bookings: confirmed and completed bookings by their check-in date (the landlord's rules): what
 *   guests pay, in pounds, added up exactly in pence.
 * - Growth: percent change from the previous period, one decimal; null when the previous period had none.
 */

const ZPlatformPeriod = z.enum(PLATFORM_PERIODS, { error: `Period must be one of ${PLATFORM_PERIODS.join(", ")}` });

export const ZPlatformAnalyticsQuery = z.strictObject({ period: ZPlatformPeriod.default(DEFAULT_PLATFORM_PERIOD) });
export type TPlatformAnalyticsQuery = z.infer<typeof ZPlatformAnalyticsQuery>;

/** A London date, YYYY-MM-DD. */
const ZLondonDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ZPeriodFigures = z.object({
  signUps: z.number().int(),
  /** Pounds. */
  revenue: z.number(),
  /** Confirmed and completed bookings checking in. */
  bookings: z.number().int(),
});

export const ZPlatformAnalytics = z.object({
  period: ZPlatformPeriod,
  /** First and last day of the period, both included. */
  from: ZLondonDate,
  to: ZLondonDate,
  /** Oldest first: 30 days, 13 weeks, 6 or 12 months. */
  buckets: z.array(
    ZPeriodFigures.extend({
      /** "18 Mar 2026", "w/c 16 Mar 2026" or "March 2026". */
      label: z.string(),
      /** First and last day of the bucket, both included. */
      start: ZLondonDate,
      end: ZLondonDate,
    }),
  ),
  totals: ZPeriodFigures.extend({
    previousSignUps: z.number().int(),
    previousRevenue: z.number(),
    /** Percent, one decimal; null when the previous period had no sign-ups. */
    signUpGrowth: z.number().nullable(),
    /** Percent, one decimal; null when the previous period had no revenue. */
    revenueGrowth: z.number().nullable(),
  }),
  /** The 10 cities with the most revenue in the period (then the most bookings, then by name). */
  topCities: z.array(ZPeriodFigures.pick({ bookings: true, revenue: true }).extend({ city: z.string() })),
  /** Every account today, by role (all five roles, in their usual order). */
  roles: z.array(
    z.object({
      role: z.enum(ROLES),
      label: z.string(),
      count: z.number().int(),
      /** Share of all accounts, percent with one decimal; 0 when there are none. */
      percent: z.number(),
    }),
  ),
});
export type TPlatformAnalytics = z.infer<typeof ZPlatformAnalytics>;
