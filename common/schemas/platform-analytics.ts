import { z } from "zod";
import { DEFAULT_PLATFORM_PERIOD, PLATFORM_PERIODS } from "../domain/platform-analytics";
import { ROLES } from "../domain/roles";
import { ZRevenueSettlement } from "./analytics";

/**
 * GET /api/admin/analytics: the whole platform's figures for one period, computed in SQL on every request
 * (docs/analytics.md, "Platform analytics (admin)").
 * - Periods: 1m = the 30 London days ending today, by day; 3m = the 13 Monday-to-Sunday weeks ending with this
 *   week, by week; 6m and 1y = the 6 or 12 calendar months ending with this month, by month. The previous period
 *   is the same number of buckets just before.
 * - Sign-ups: accounts by the London date of their creation.
 * - Revenue (gross booking value), read from the ledger: what guests were charged for stays checking in, less what
 *   refunds took back (a cancelled stay counts what it kept), in pounds, added up exactly in pence. Platform fees: the
 *   part of it the platform kept as its service fee (the ledger's platform_fees account). Each says how much was
 *   collected, is only expected (owed, not yet paid) or is demo money (no card was charged).
 * - Bookings: confirmed and completed bookings by their check-in date.
 * - Growth: percent change from the previous period, one decimal; null when the previous period had none.
 */

const ZPlatformPeriod = z.enum(PLATFORM_PERIODS, { error: `Period must be one of ${PLATFORM_PERIODS.join(", ")}` });

export const ZPlatformAnalyticsQuery = z.strictObject({ period: ZPlatformPeriod.default(DEFAULT_PLATFORM_PERIOD) });
export type TPlatformAnalyticsQuery = z.infer<typeof ZPlatformAnalyticsQuery>;

/** A London date, YYYY-MM-DD. */
const ZLondonDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ZPeriodFigures = z.object({
  signUps: z.number().int(),
  /** Gross booking value from the ledger, pounds. */
  revenue: z.number(),
  /** How much of `revenue` was collected, is expected or is demo money; the three add up to it. */
  settlement: ZRevenueSettlement,
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
    /** The platform's income from the period's stays: service fees less refunds, pounds. */
    platformFees: z.number(),
    platformFeeSettlement: ZRevenueSettlement,
    previousSignUps: z.number().int(),
    previousRevenue: z.number(),
    previousSettlement: ZRevenueSettlement,
    /** Percent, one decimal; null when the previous period had no sign-ups. */
    signUpGrowth: z.number().nullable(),
    /** Percent, one decimal; null when the previous period had no revenue. */
    revenueGrowth: z.number().nullable(),
  }),
  /** The 10 cities with the most revenue in the period (then the most bookings, then by name). */
  topCities: z.array(
    ZPeriodFigures.pick({ bookings: true, revenue: true, settlement: true }).extend({ city: z.string() }),
  ),
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
