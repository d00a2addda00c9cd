import { sql } from "drizzle-orm";
import type { BucketUnit } from "../../common/domain/platform-analytics";
import type { Role } from "../../common/domain/roles";
import type { Database } from "../db/client";
import { REVENUE_STATUSES } from "./landlord-analytics.repository";

/**
 * The SQL behind the admin's platform analytics (common/schemas/platform-analytics.ts, docs/analytics.md). Each
 * function is one set-based statement over a half-open range of London dates [from, to), grouped in the database;
 * the service adds up and rounds. Buckets are named by their first day: date_trunc's day, its ISO week (Monday)
 * or its month.
 */

// Literals rather than parameters, so the planner can use a partial index on revenue bookings.
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

export type BucketRevenue = { bucket: string; bookings: number; pence: number };

/** Confirmed and completed bookings checking in during [from, to), per bucket: how many, and their total in pence. */
export async function sumRevenueByBucket(
  db: Database,
  unit: BucketUnit,
  from: string,
  to: string,
): Promise<BucketRevenue[]> {
  // Summed per check-in day first, in the order of the check-in index, then per bucket: date_trunc runs once a day,
  // not once a booking. check_in is a calendar date, truncated as a timestamp without time zone, so the session's
  // zone plays no part.
  const result = await db.execute<{ bucket: string; bookings: number; pence: number }>(sql`
    select date_trunc(${truncField(unit)}, d.check_in::timestamp)::date as bucket,
      sum(d.bookings)::int as bookings, (sum(d.revenue) * 100)::float8 as pence
    from (
      select b.check_in, count(*) as bookings, sum(b.total_price) as revenue
      from bookings b
      where b.status in (${revenueStatuses})
        and b.check_in >= ${from}::date and b.check_in < ${to}::date
      group by b.check_in
    ) d
    group by 1
  `);
  return result.rows.map((r) => ({ bucket: r.bucket, bookings: r.bookings, pence: r.pence }));
}

export type CityRevenue = { city: string; bookings: number; pence: number };

/**
 * The cities (a listing's `city`: its London borough, else its town) whose confirmed and completed bookings checking
 * in during [from, to) earned the most, then had the most bookings, then by name; at most `limit`.
 */
export async function findTopCities(db: Database, from: string, to: string, limit: number): Promise<CityRevenue[]> {
  // One hash join of the period's revenue bookings to the listings, grouped straight into cities (measured faster
  // than summing per listing first at 100k listings and 1M bookings).
  const result = await db.execute<{ city: string; bookings: number; pence: number }>(sql`
    select p.city, count(*)::int as bookings, (sum(b.total_price) * 100)::float8 as pence
    from bookings b
    join properties p on p.id = b.property_id
    where b.status in (${revenueStatuses})
      and b.check_in >= ${from}::date and b.check_in < ${to}::date
    group by p.city
    order by pence desc, bookings desc, p.city
    limit ${limit}
  `);
  return result.rows.map((r) => ({ city: r.city, bookings: r.bookings, pence: r.pence }));
}

/** Every account by role (frozen ones too: they still hold their role); roles nobody holds are absent. */
export async function countUsersByRole(db: Database): Promise<{ role: Role; count: number }[]> {
  const result = await db.execute<{ role: Role; count: number }>(sql`
    select u.role, count(*)::int as count from users u group by u.role
  `);
  return result.rows.map((r) => ({ role: r.role, count: r.count }));
}
