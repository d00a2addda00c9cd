import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { type PlatformPeriod, periodPlan } from "../../common/domain/platform-analytics";
import { ROLE_LABELS, ROLES } from "../../common/domain/roles";
import type { TPlatformAnalytics } from "../../common/schemas/platform-analytics";
import type { Database } from "../db/client";
import { growthPercent, percentOf, pounds } from "../lib/figures";
import {
  countSignUpsByBucket,
  countUsersByRole,
  findTopCities,
  sumRevenueByBucket,
} from "../repositories/platform-analytics.repository";

/** How many cities Top Cities lists. */
export const TOP_CITIES = 10;

/**
 * The admin's figures over the whole platform (docs/analytics.md, "Platform analytics (admin)"): sign-ups, revenue
 * and bookings per bucket of a period with growth over the previous period, the top cities and the accounts by
 * role. `now` is injectable so tests can fix "today" (a London calendar date).
 */
export class PlatformAnalyticsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /api/admin/analytics?period=… */
  async getAnalytics(period: PlatformPeriod): Promise<TPlatformAnalytics> {
    const plan = periodPlan(period, londonToday(this.now()));
    const end = addDays(plan.to, 1);
    // The previous period's buckets come back with the current ones: one statement each covers both.
    const [signUps, revenue, cities, roles] = await Promise.all([
      countSignUpsByBucket(this.db, plan.unit, plan.previousFrom, end),
      sumRevenueByBucket(this.db, plan.unit, plan.previousFrom, end),
      findTopCities(this.db, plan.from, end, TOP_CITIES),
      countUsersByRole(this.db),
    ]);

    const signUpsIn = new Map(signUps.map((r) => [r.bucket, r.count]));
    const revenueIn = new Map(revenue.map((r) => [r.bucket, r]));
    const buckets = plan.buckets.map((bucket) => {
      const earned = revenueIn.get(bucket.start);
      return {
        ...bucket,
        signUps: signUpsIn.get(bucket.start) ?? 0,
        pence: earned?.pence ?? 0,
        bookings: earned?.bookings ?? 0,
      };
    });
    // Buckets are named by their first day, so the previous period's are exactly those before `from`.
    const before = (bucket: string) => bucket < plan.from;
    const previousSignUps = sum(signUps.filter((r) => before(r.bucket)).map((r) => r.count));
    const previousPence = sum(revenue.filter((r) => before(r.bucket)).map((r) => r.pence));
    const totalSignUps = sum(buckets.map((b) => b.signUps));
    const totalPence = sum(buckets.map((b) => b.pence));

    const accounts = new Map(roles.map((r) => [r.role, r.count]));
    const allAccounts = sum(roles.map((r) => r.count));

    return {
      period,
      from: plan.from,
      to: plan.to,
      buckets: buckets.map(({ pence, ...bucket }) => ({ ...bucket, revenue: pounds(pence) })),
      totals: {
        signUps: totalSignUps,
        revenue: pounds(totalPence),
        bookings: sum(buckets.map((b) => b.bookings)),
        previousSignUps,
        previousRevenue: pounds(previousPence),
        signUpGrowth: growthPercent(totalSignUps, previousSignUps),
        revenueGrowth: growthPercent(totalPence, previousPence),
      },
      topCities: cities.map((c) => ({ city: c.city, bookings: c.bookings, revenue: pounds(c.pence) })),
      roles: ROLES.map((role) => {
        const count = accounts.get(role) ?? 0;
        return { role, label: ROLE_LABELS[role], count, percent: percentOf(count, allAccounts) };
      }),
    };
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
