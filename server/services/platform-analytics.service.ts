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
  type SettlementPence,
  sumRevenueByBucket,
} from "../repositories/platform-analytics.repository";
import { foldStayFigures } from "../repositories/stay-figures.repository";

/** How many cities Top Cities lists. */
export const TOP_CITIES = 10;

/**
 * The admin's figures over the whole platform (docs/analytics.md, "Platform analytics (admin)"): sign-ups, revenue
 * (from the ledger, with what was collected, is expected or is demo money), the platform's fees and bookings per bucket of a period with growth over the previous period, the top cities and the accounts by
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
    // Stays changed since the last fold are counted in before anything is read.
    await foldStayFigures(this.db);
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
        gross: earned?.gross ?? NONE,
        fees: earned?.fees ?? NONE,
        bookings: earned?.bookings ?? 0,
      };
    });
    // Buckets are named by their first day, so the previous period's are exactly those before `from`.
    const before = (bucket: string) => bucket < plan.from;
    const previousSignUps = sum(signUps.filter((r) => before(r.bucket)).map((r) => r.count));
    const previousGross = addSplits(revenue.filter((r) => before(r.bucket)).map((r) => r.gross));
    const totalSignUps = sum(buckets.map((b) => b.signUps));
    const totalGross = addSplits(buckets.map((b) => b.gross));
    const totalPence = penceOf(totalGross);
    const totalFees = addSplits(buckets.map((b) => b.fees));
    const previousPence = penceOf(previousGross);

    const accounts = new Map(roles.map((r) => [r.role, r.count]));
    const allAccounts = sum(roles.map((r) => r.count));

    return {
      period,
      from: plan.from,
      to: plan.to,
      buckets: buckets.map(({ gross, fees: _fees, ...bucket }) => ({
        ...bucket,
        revenue: pounds(penceOf(gross)),
        settlement: poundsOf(gross),
      })),
      totals: {
        signUps: totalSignUps,
        revenue: pounds(totalPence),
        settlement: poundsOf(totalGross),
        platformFees: pounds(penceOf(totalFees)),
        platformFeeSettlement: poundsOf(totalFees),
        bookings: sum(buckets.map((b) => b.bookings)),
        previousSignUps,
        previousRevenue: pounds(previousPence),
        previousSettlement: poundsOf(previousGross),
        signUpGrowth: growthPercent(totalSignUps, previousSignUps),
        revenueGrowth: growthPercent(totalPence, previousPence),
      },
      topCities: cities.map((c) => ({
        city: c.city,
        bookings: c.bookings,
        revenue: pounds(penceOf(c.gross)),
        settlement: poundsOf(c.gross),
      })),
      roles: ROLES.map((role) => {
        const count = accounts.get(role) ?? 0;
        return { role, label: ROLE_LABELS[role], count, percent: percentOf(count, allAccounts) };
      }),
    };
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const NONE: SettlementPence = { collected: 0, expected: 0, demo: 0 };
const addSplits = (splits: readonly SettlementPence[]): SettlementPence => ({
  collected: sum(splits.map((s) => s.collected)),
  expected: sum(splits.map((s) => s.expected)),
  demo: sum(splits.map((s) => s.demo)),
});
/** All of a figure's money, whatever its settlement. */
const penceOf = (split: SettlementPence) => split.collected + split.expected + split.demo;
const poundsOf = (split: SettlementPence) => ({
  collected: pounds(split.collected),
  expected: pounds(split.expected),
  demo: pounds(split.demo),
});
