import { sql } from "drizzle-orm";
import type { BucketUnit } from "../../common/domain/platform-analytics";
import type { Role } from "../../common/domain/roles";
import type { Database } from "../db/client";
import { REVENUE_STATUSES } from "./landlord-analytics.repository";

/**
 * The SQL behind the admin's platform analytics (common/schemas/platform-analytics.ts, docs/analytics.md). Money is
 * what the double-entry ledger records, summed per day in the daily stay figures, never the bookings' totals. Each
 * function is one set-based statement over a half-open range of London dates [from, to), grouped in the database;
 * the service adds up and rounds. Buckets are named by their first day: date_trunc's day, its ISO week (Monday)
 * or its month.
 */

// Literals rather than parameters, so the planner can match partial indexes on booking status.
const revenueStatuses = sql.raw(REVENUE_STATUSES.map((s) => `'${s}'`).join(", "));
// From a fixed set, never from input: date_trunc's field as a literal lets the planner group on one expression.
const truncField = (unit: BucketUnit) => sql.raw(`'${unit}'`);

export type BucketCount = { bucket: string; count: number };

/**
 * Accounts created in [from, to) by the London date of `created_at`, per bucket. The range is turned into instants
 * (London midnights) so it walks `users_created_idx`.
 */
export async function countSignUpsByBucket(
  db: Database,
  unit: BucketUnit,
  from: string,
  to: string,
): Promise<BucketCount[]> {
  const result = await db.execute<{ bucket: string; count: number }>(sql`
    select date_trunc(${truncField(unit)}, u.created_at at time zone 'Europe/London')::date as bucket,
      count(*)::int as count
    from users u
    where u.created_at >= (${from}::date::timestamp at time zone 'Europe/London')
      and u.created_at < (${to}::date::timestamp at time zone 'Europe/London')
    group by 1
  `);
  return result.rows.map((r) => ({ bucket: r.bucket, count: r.count }));
}

/** Pence split by whether the money was collected, is only expected, or is demo money. */
export type SettlementPence = { collected: number; expected: number; demo: number };

export type BucketRevenue = { bucket: string; bookings: number; gross: SettlementPence; fees: SettlementPence };

// Stays whose money the ledger may hold: confirmed and completed ones, and cancelled ones (which keep what the
// refund left). Requests are never charged.
const chargeableStatuses = sql.raw([...REVENUE_STATUSES, "cancelled"].map((s) => `'${s}'`).join(", "));

const splitOf = (row: Record<string, number>, prefix: "" | "fee_"): SettlementPence => ({
  collected: row[`${prefix}collected`] ?? 0,
  expected: row[`${prefix}expected`] ?? 0,
  demo: row[`${prefix}demo`] ?? 0,
});

/** Pence of the daily figures' gross and fees by settlement, as the columns splitOf reads. */
const dailySplits = sql.raw(
  ["collected", "expected", "demo"]
    .flatMap((s) => [
      `coalesce(sum(f.gross_pence) filter (where f.settlement = '${s}'), 0)::float8 as ${s}`,
      `coalesce(sum(f.fee_pence) filter (where f.settlement = '${s}'), 0)::float8 as fee_${s}`,
    ])
    .join(", "),
);

/**
 * Per bucket of check-in dates in [from, to): how many confirmed and completed bookings, and from the ledger what
 * guests were charged for the stays less refunds (gross) and what of it the platform kept as service fees, each
 * split by settlement, in pence. Read from the daily stay figures (stay-figures.repository.ts), which the caller
 * folds first: a year is a few thousand rows, not every ledger line.
 */
export async function sumRevenueByBucket(
  db: Database,
  unit: BucketUnit,
  from: string,
  to: string,
): Promise<BucketRevenue[]> {
  // check_in is a calendar date, truncated as a timestamp without time zone, so the session's zone plays no part.
  const result = await db.execute<{ bucket: string; bookings: number } & Record<string, number>>(sql`
    select date_trunc(${truncField(unit)}, f.check_in::timestamp)::date as bucket,
      coalesce(sum(f.bookings) filter (where f.status in (${revenueStatuses})), 0)::int as bookings,
      ${dailySplits}
    from stay_figures_daily f
    where f.status in (${chargeableStatuses})
      and f.check_in >= ${from}::date and f.check_in < ${to}::date
    group by 1
  `);
  return result.rows.map((r) => ({
    bucket: r.bucket,
    bookings: r.bookings,
    gross: splitOf(r, ""),
    fees: splitOf(r, "fee_"),
  }));
}

export type CityRevenue = { city: string; bookings: number; gross: SettlementPence };

/**
 * The cities (a listing's `city`: its London borough, else its town) whose stays checking in during [from, to)
 * earned the most (gross, from the ledger through the daily stay figures), then had the most confirmed and
 * completed bookings, then by name; at most `limit`. A city that earned nothing in the period is not listed.
 */
export async function findTopCities(db: Database, from: string, to: string, limit: number): Promise<CityRevenue[]> {
  const result = await db.execute<{ city: string; bookings: number; pence: number } & Record<string, number>>(sql`
    select f.city, coalesce(sum(f.bookings) filter (where f.status in (${revenueStatuses})), 0)::int as bookings,
      sum(f.gross_pence)::float8 as pence, ${dailySplits}
    from stay_figures_daily f
    where f.status in (${chargeableStatuses})
      and f.check_in >= ${from}::date and f.check_in < ${to}::date
    group by f.city
    having sum(f.gross_pence) > 0
    order by pence desc, bookings desc, f.city
    limit ${limit}
  `);
  return result.rows.map((r) => ({ city: r.city, bookings: r.bookings, gross: splitOf(r, "") }));
}

/** Every account by role (frozen ones too: they still hold their role); roles nobody holds are absent. */
export async function countUsersByRole(db: Database): Promise<{ role: Role; count: number }[]> {
  const result = await db.execute<{ role: Role; count: number }>(sql`
    select u.role, count(*)::int as count from users u group by u.role
  `);
  return result.rows.map((r) => ({ role: r.role, count: r.count }));
}
