import { addDays, addMonths, daysInMonth, londonToday, mondayOf } from "../../common/domain/calendar-dates";
import { propertyStatus } from "../../common/domain/property-status";
import type { TListingFigures } from "../../common/schemas/admin-properties";
import type {
  TLandlordAnalytics,
  TMonthlyRevenueAnalytics,
  TOccupancyAnalytics,
  TRevenueAnalytics,
} from "../../common/schemas/analytics";
import type { TMyProperty, TShortLetCount } from "../../common/schemas/landlord-properties";
import { type Actor, listScope } from "../access/records";
import type { Database } from "../db/client";
import { average, growthPercent, percentOf, pounds } from "../lib/figures";
import {
  type AnalyticsScope,
  countNightsByProperty,
  countNightsByWeekAndWeekday,
  countStaysByProperty,
  findLatestRevenueBookings,
  findMyPropertyRows,
  findOccupancyProperties,
  findTotals,
  type MonthRevenueRow,
  type NightCount,
  sumRevenueByPropertyAndMonth,
} from "../repositories/landlord-analytics.repository";
import { shortLetCounts } from "../repositories/short-let-ledger.repository";
import { foldStayFigures } from "../repositories/stay-figures.repository";

/** How many revenue bookings Revenue Analytics lists. */
export const RECENT_TRANSACTIONS = 20;
/** The revenue trend covers this many months, the occupancy trend this many weeks. */
export const TREND_MONTHS = 8;
export const TREND_WEEKS = 8;
const MAX_PEAK_DAYS = 3;
const ISO_WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function sumCounts(rows: readonly NightCount[]) {
  return rows.reduce((sum, r) => ({ nights: sum.nights + r.nights, booked: sum.booked + r.booked }), {
    nights: 0,
    booked: 0,
  });
}

function settlementPounds(pence: { collected: number; expected: number; demo: number }) {
  return { collected: pounds(pence.collected), expected: pounds(pence.expected), demo: pounds(pence.demo) };
}

function revenueByMonth(rows: readonly MonthRevenueRow[]) {
  const months = new Map<string, { pence: number; bookings: number }>();
  for (const r of rows) {
    const m = months.get(r.month) ?? { pence: 0, bookings: 0 };
    months.set(r.month, { pence: m.pence + r.pence, bookings: m.bookings + r.bookings });
  }
  return (month: string) => months.get(month) ?? { pence: 0, bookings: 0 };
}

/**
 * The landlord's revenue and occupancy figures (the rules are in common/schemas/analytics.ts
 * and docs/analytics.md). A landlord sees their own properties; an admin sees every landlord's.
 * `now` is injectable so tests can fix "today" (a London calendar date).
 */
export class LandlordAnalyticsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A landlord's own properties, or every property for someone who reads all analytics (an admin). */
  private scopeFor(user: Actor): AnalyticsScope {
    return listScope(user, "read", "analytics");
  }

  /**
   * Money figures are read from each stay's copy of its ledger lines (stay_figures_per_stay): stays changed since
   * the last fold are counted in first, so a landlord never sees figures behind the ledger.
   */
  private async upToDate(): Promise<void> {
    await foldStayFigures(this.db);
  }

  /** Today in London and the bounds of its calendar month. */
  private calendar() {
    const today = londonToday(this.now());
    const monthStart = `${today.slice(0, 7)}-01`;
    return { today, monthStart, nextMonthStart: addMonths(monthStart, 1) };
  }

  /** GET /api/analytics/landlord. */
  async getSummary(user: Actor): Promise<TLandlordAnalytics> {
    const scope = this.scopeFor(user);
    await this.upToDate();
    const { today, monthStart, nextMonthStart } = this.calendar();
    const [totals, thisMonth, nights] = await Promise.all([
      findTotals(this.db, scope),
      sumRevenueByPropertyAndMonth(this.db, scope, monthStart, nextMonthStart),
      countNightsByProperty(this.db, scope, monthStart, nextMonthStart, today),
    ]);
    const monthNights = sumCounts(nights);
    return {
      totalRevenue: pounds(totals.pence),
      settlement: settlementPounds(totals.settlement),
      monthlyRevenue: pounds(thisMonth.reduce((sum, r) => sum + r.pence, 0)),
      occupancyRate: percentOf(monthNights.booked, monthNights.nights),
      totalBookings: totals.bookings,
      totalProperties: totals.properties,
    };
  }

  /** GET /api/analytics/revenue. */
  async getRevenue(user: Actor): Promise<TRevenueAnalytics> {
    const scope = this.scopeFor(user);
    await this.upToDate();
    const { today, monthStart, nextMonthStart } = this.calendar();
    const previousMonthStart = addMonths(monthStart, -1);
    const [totals, rows, latest] = await Promise.all([
      findTotals(this.db, scope),
      sumRevenueByPropertyAndMonth(this.db, scope, previousMonthStart, nextMonthStart),
      findLatestRevenueBookings(this.db, scope, RECENT_TRANSACTIONS, today),
    ]);
    const month = revenueByMonth(rows);
    const thisMonth = month(monthStart.slice(0, 7)).pence;
    return {
      totalRevenue: pounds(totals.pence),
      settlement: settlementPounds(totals.settlement),
      monthlyRevenue: pounds(thisMonth),
      growth: growthPercent(thisMonth, month(previousMonthStart.slice(0, 7)).pence),
      dailyAverage: pounds(thisMonth / daysInMonth(monthStart)),
      totalTransactions: totals.transactions,
      transactions: latest.map(({ pence, ...t }) => ({ ...t, amount: pounds(pence) })),
    };
  }

  /** GET /api/analytics/monthly-revenue: the 8 months up to this one, oldest first. */
  async getMonthlyRevenue(user: Actor): Promise<TMonthlyRevenueAnalytics> {
    const scope = this.scopeFor(user);
    await this.upToDate();
    const { monthStart, nextMonthStart } = this.calendar();
    // One month more than shown: the oldest month's growth compares with the month before it.
    const starts = Array.from({ length: TREND_MONTHS + 1 }, (_, i) => addMonths(monthStart, i - TREND_MONTHS));
    const rows = await sumRevenueByPropertyAndMonth(this.db, scope, starts[0] as string, nextMonthStart);
    const month = revenueByMonth(rows);

    const monthlyBreakdown = starts.slice(1).map((start, i) => {
      const key = start.slice(0, 7);
      const { pence, bookings } = month(key);
      const properties = rows
        .filter((r) => r.month === key)
        .sort((a, b) => b.pence - a.pence || a.title.localeCompare(b.title) || a.propertyId - b.propertyId)
        .map((r) => ({ id: r.propertyId, name: r.title, revenue: pounds(r.pence), bookings: r.bookings }));
      return {
        month: key,
        revenue: pounds(pence),
        growth: growthPercent(pence, month((starts[i] as string).slice(0, 7)).pence),
        bookings,
        averagePerBooking: bookings === 0 ? 0 : pounds(pence / bookings),
        properties,
      };
    });
    const { properties: _properties, ...current } = monthlyBreakdown[TREND_MONTHS - 1] as (typeof monthlyBreakdown)[0];
    return {
      currentMonth: { ...current, dailyAverage: pounds(month(current.month).pence / daysInMonth(monthStart)) },
      monthlyBreakdown,
    };
  }

  /** The 8 Monday-to-Sunday weeks ending with the week of `today`: [windowStart, windowEnd). */
  private trendWeeks(today: string) {
    const thisMonday = mondayOf(today);
    return { windowStart: addDays(thisMonday, -7 * (TREND_WEEKS - 1)), windowEnd: addDays(thisMonday, 7) };
  }

  /** GET /api/analytics/occupancy: the 8 Monday-to-Sunday weeks ending with this one, and this month. */
  async getOccupancy(user: Actor): Promise<TOccupancyAnalytics> {
    const scope = this.scopeFor(user);
    const { today, monthStart, nextMonthStart } = this.calendar();
    const { windowStart, windowEnd } = this.trendWeeks(today);

    const [listed, window, stays, month] = await Promise.all([
      findOccupancyProperties(this.db, scope),
      countNightsByWeekAndWeekday(this.db, scope, windowStart, windowEnd, today),
      countStaysByProperty(this.db, scope, windowStart, windowEnd, today),
      countNightsByProperty(this.db, scope, monthStart, nextMonthStart, today),
    ]);

    const emptyWeeks = () => Array.from({ length: TREND_WEEKS }, () => ({ nights: 0, booked: 0 }));
    const weeksOf = new Map<number, ReturnType<typeof emptyWeeks>>();
    for (const r of window.byWeek) {
      const weeks = weeksOf.get(r.propertyId) ?? emptyWeeks();
      weeks[r.week] = { nights: r.nights, booked: r.booked };
      weeksOf.set(r.propertyId, weeks);
    }
    const staysOf = new Map(stays.map((s) => [s.propertyId, s]));

    const properties = listed.map((p) => {
      const weeks = weeksOf.get(p.id) ?? emptyWeeks();
      const total = sumCounts(weeks.map((w) => ({ propertyId: p.id, ...w })));
      const ownStays = staysOf.get(p.id);
      return {
        id: p.id,
        name: p.title,
        status: p.underMaintenance ? ("maintenance" as const) : ("active" as const),
        occupancyRate: percentOf(total.booked, total.nights),
        bookedNights: total.booked,
        totalNights: total.nights,
        avgStayDuration: average(ownStays?.nights ?? 0, ownStays?.stays ?? 0),
        peakDays: this.peakDays(window.byWeekday.filter((r) => r.propertyId === p.id)),
        monthlyTrend: weeks.map((w) => percentOf(w.booked, w.nights)),
      };
    });

    const weeklyBreakdown = emptyWeeks().map((_, week) => {
      const { nights, booked } = sumCounts(window.byWeek.filter((r) => r.week === week));
      return { week: addDays(windowStart, 7 * week), rate: percentOf(booked, nights), booked, nights };
    });
    const overall = sumCounts(window.byWeek);
    const monthNights = sumCounts(month);
    const allStays = stays.reduce((sum, s) => ({ stays: sum.stays + s.stays, nights: sum.nights + s.nights }), {
      stays: 0,
      nights: 0,
    });
    return {
      overallRate: percentOf(overall.booked, overall.nights),
      monthlyRate: percentOf(monthNights.booked, monthNights.nights),
      avgStayDuration: average(allStays.nights, allStays.stays),
      bookedNights: overall.booked,
      totalNights: overall.nights,
      properties,
      weeklyBreakdown,
    };
  }

  /**
   * One listing's figures by the same rules (the admin's View Analytics): revenue all time, this month and last
   * month; occupancy this month and over the 8 weeks, or none for a listing that is not listed (deactivated
   * listings have no open nights). The caller has checked that the user may read them.
   */
  async getListingFigures(propertyId: number): Promise<TListingFigures> {
    const scope: AnalyticsScope = { propertyId };
    await this.upToDate();
    const { today, monthStart, nextMonthStart } = this.calendar();
    const previousMonthStart = addMonths(monthStart, -1);
    const { windowStart, windowEnd } = this.trendWeeks(today);
    const [totals, rows, listed, window, month] = await Promise.all([
      findTotals(this.db, scope),
      sumRevenueByPropertyAndMonth(this.db, scope, previousMonthStart, nextMonthStart),
      findOccupancyProperties(this.db, scope),
      countNightsByWeekAndWeekday(this.db, scope, windowStart, windowEnd, today),
      countNightsByProperty(this.db, scope, monthStart, nextMonthStart, today),
    ]);
    const revenue = revenueByMonth(rows);
    const thisMonth = revenue(monthStart.slice(0, 7)).pence;
    const lastMonth = revenue(previousMonthStart.slice(0, 7)).pence;
    const monthNights = sumCounts(month);
    return {
      month: monthStart.slice(0, 7),
      revenue: {
        total: pounds(totals.pence),
        thisMonth: pounds(thisMonth),
        lastMonth: pounds(lastMonth),
        growth: growthPercent(thisMonth, lastMonth),
        stays: totals.transactions,
      },
      occupancy:
        listed.length === 0
          ? null
          : {
              monthlyRate: percentOf(monthNights.booked, monthNights.nights),
              monthBookedNights: monthNights.booked,
              monthOpenNights: monthNights.nights,
              weeks: Array.from({ length: TREND_WEEKS }, (_, week) => {
                const { nights, booked } = sumCounts(window.byWeek.filter((r) => r.week === week));
                return { week: addDays(windowStart, 7 * week), rate: percentOf(booked, nights), booked, nights };
              }),
            },
    };
  }

  /** The weekday(s) with the most booked nights, Monday first, at most 3; none when nothing is booked. */
  private peakDays(byWeekday: readonly { isoWeekday: number; booked: number }[]): string[] {
    const most = Math.max(0, ...byWeekday.map((r) => r.booked));
    if (most === 0) return [];
    return byWeekday
      .filter((r) => r.booked === most)
      .map((r) => r.isoWeekday)
      .sort((a, b) => a - b)
      .slice(0, MAX_PEAK_DAYS)
      .map((day) => ISO_WEEKDAY_NAMES[day - 1] as string);
  }

  /** GET /api/properties/my-properties: every property of the landlord (an admin: all), newest first. */
  async findMyProperties(user: Actor): Promise<TMyProperty[]> {
    return this.propertyCards(listScope(user, "read", "property"));
  }

  /**
   * The properties of `scope`, newest first, with this month's revenue and occupancy: My Properties, and a
   * manager's Managed Properties (the caller has decided which properties the user may see).
   */
  async propertyCards(scope: AnalyticsScope): Promise<TMyProperty[]> {
    await this.upToDate();
    const { today, monthStart, nextMonthStart } = this.calendar();
    const [rows, revenue, nights] = await Promise.all([
      findMyPropertyRows(this.db, scope),
      sumRevenueByPropertyAndMonth(this.db, scope, monthStart, nextMonthStart),
      countNightsByProperty(this.db, scope, monthStart, nextMonthStart, today),
    ]);
    const shortLets = await shortLetCounts(
      this.db,
      rows.map((r) => ({
        id: r.id,
        region: r.region,
        propertyType: r.property_type,
        shortLetPermission: r.short_let_permission,
      })),
      Number(today.slice(0, 4)),
    );
    const revenueOf = new Map(revenue.map((r) => [r.propertyId, r.pence]));
    const nightsOf = new Map(nights.map((n) => [n.propertyId, n]));
    return rows.map((r) => {
      const own = nightsOf.get(r.id);
      return {
        id: r.id,
        slug: r.slug,
        title: r.title,
        address: r.address,
        city: r.city,
        pricePerNight: r.price_per_night,
        pricePerMonth: r.price_per_month,
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        maxGuests: r.max_guests,
        rating: r.rating,
        reviewCount: r.review_count,
        images: r.images,
        isActive: r.is_active,
        status: propertyStatus({ isActive: r.is_active, underMaintenance: r.under_maintenance }),
        bookingCount: r.booking_count,
        pendingCount: r.pending_count,
        monthlyRevenue: pounds(revenueOf.get(r.id) ?? 0),
        occupancyRate: own ? percentOf(own.booked, own.nights) : 0,
        shortLets: shortLets.get(r.id) as TShortLetCount,
        createdAt: r.created_at,
      };
    });
  }
}
