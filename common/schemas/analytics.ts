import { z } from "zod";
import { BOOKING_STATUSES } from "../domain/property-options";

/**
 * Landlord analytics, computed in SQL over the landlord's own bookings. The rules, which the
 * pages repeat as a short hint and docs/analytics.md explains:
 * - Revenue: what the landlord earned, read from the ledger: each stay's charge less the platform's service fee,
 *   less what refunds took back (in pounds). A booking counts in the calendar month (London) of its check-in.
 *   Every revenue figure says how much of it was collected, is only expected, or is demo money.
 * - Occupancy: booked nights (of confirmed and completed stays) over available nights, where a property's
 *   available nights are the nights of the period from its listing date, minus the nights it blocked.
 *   Deactivated properties are left out.
 * - Growth: percent change from the previous month, one decimal; null when the previous month had none.
 * An admin sees the figures over every landlord's properties.
 */

/** Whether money was collected from guests, is owed but not yet collected, or is demo money (no card was charged). */
export const SETTLEMENTS = ["collected", "expected", "demo"] as const;

/** All-time revenue split by settlement, pounds; the three add up to the total revenue. */
export const ZRevenueSettlement = z.object({
  collected: z.number(),
  expected: z.number(),
  demo: z.number(),
});
export type TRevenueSettlement = z.infer<typeof ZRevenueSettlement>;

/** GET /api/analytics/landlord: the dashboard's four figures. */
export const ZLandlordAnalytics = z.object({
  /** All-time revenue, pounds. */
  totalRevenue: z.number(),
  settlement: ZRevenueSettlement,
  /** This calendar month's revenue, pounds. */
  monthlyRevenue: z.number(),
  /** This calendar month's occupancy, percent with one decimal. */
  occupancyRate: z.number(),
  /** Bookings in any status but cancelled. */
  totalBookings: z.number().int(),
  /** Properties, active or not. */
  totalProperties: z.number().int(),
});
export type TLandlordAnalytics = z.infer<typeof ZLandlordAnalytics>;

/** GET /api/analytics/revenue. */
export const ZRevenueAnalytics = z.object({
  totalRevenue: z.number(),
  settlement: ZRevenueSettlement,
  monthlyRevenue: z.number(),
  growth: z.number().nullable(),
  /** This month's revenue over the days of this month. */
  dailyAverage: z.number(),
  /** Number of revenue bookings, all time. */
  totalTransactions: z.number().int(),
  /** The latest 20 revenue bookings by check-in, newest first. */
  transactions: z.array(
    z.object({
      id: z.number().int(),
      propertyId: z.number().int(),
      propertyTitle: z.string(),
      status: z.enum(BOOKING_STATUSES),
      /** The check-in date, YYYY-MM-DD. */
      date: z.string(),
      nights: z.number().int(),
      amount: z.number(),
      settlement: z.enum(SETTLEMENTS),
    }),
  ),
});
export type TRevenueAnalytics = z.infer<typeof ZRevenueAnalytics>;

const ZMonthFigures = z.object({
  /** YYYY-MM. */
  month: z.string(),
  revenue: z.number(),
  growth: z.number().nullable(),
  bookings: z.number().int(),
  averagePerBooking: z.number(),
});

/** GET /api/analytics/monthly-revenue: the 8 months up to and including this one, oldest first. */
export const ZMonthlyRevenueAnalytics = z.object({
  currentMonth: ZMonthFigures.extend({ dailyAverage: z.number() }),
  monthlyBreakdown: z.array(
    ZMonthFigures.extend({
      properties: z.array(
        z.object({ id: z.number().int(), name: z.string(), revenue: z.number(), bookings: z.number().int() }),
      ),
    }),
  ),
});
export type TMonthlyRevenueAnalytics = z.infer<typeof ZMonthlyRevenueAnalytics>;

/** GET /api/analytics/occupancy: the 8 weeks (Monday to Sunday) ending with this week, and this calendar month. */
export const ZOccupancyAnalytics = z.object({
  /** Over the 8 weeks, percent with one decimal. */
  overallRate: z.number(),
  /** Over this calendar month. */
  monthlyRate: z.number(),
  /** Average nights of the stays that touch the 8 weeks, one decimal. */
  avgStayDuration: z.number(),
  bookedNights: z.number().int(),
  totalNights: z.number().int(),
  properties: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(["active", "maintenance"]),
      occupancyRate: z.number(),
      bookedNights: z.number().int(),
      totalNights: z.number().int(),
      avgStayDuration: z.number(),
      /** Weekday names with the most booked nights over the 8 weeks, e.g. ["Friday", "Saturday"]; empty if none. */
      peakDays: z.array(z.string()),
      /** The rate of each of the 8 weeks, oldest first (named monthlyTrend in the API, which clients already read). */
      monthlyTrend: z.array(z.number()).length(8),
    }),
  ),
  /** The 8 weeks, oldest first; `week` is the Monday, YYYY-MM-DD. */
  weeklyBreakdown: z.array(
    z.object({ week: z.string(), rate: z.number(), booked: z.number().int(), nights: z.number().int() }),
  ),
});
export type TOccupancyAnalytics = z.infer<typeof ZOccupancyAnalytics>;
