import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { countedCheckOut } from "./counted-nights.sql";

/** What a booking counts for in the landlord's figures as of a day: its nights and what they earn the landlord. */
export type CountedStay = { nights: number; revenuePence: number };

/**
 * Each of these bookings' counted nights (countedCheckOut) and what they earn its landlord as of `today`, in pence, by
 * booking id, so the landlord's Booked Revenue and Nights Booked describe the same stays.
 *
 * - A stay: its total less the guest's service fee (the platform's).
 * - A periodic tenancy: the rent of every rent period that begins before its counted end, so each period whose rent
 *   is due by today (at least the first, which agreeing it takes) or, once notice is given, every period up to its
 *   last day. Each period's rent is the one the ledger recorded for it where the rent job has written it, otherwise
 *   the one rentForPeriod would charge: the latest Section 13 increase begun by the period's first day, else the
 *   agreed rent. A tenancy converted from a fixed term adds its booking's total, which paid the periods before its
 *   old check-out.
 */
export async function findCountedStays(
  db: Db,
  ids: readonly number[],
  today: string,
): Promise<Map<number, CountedStay>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; nights: number; pence: number }>(sql`
    select b.id, greatest(0, c.ends - b.check_in)::int as nights, (
      case when t.id is null or t.former_fixed_term_check_out is not null
        then round((b.total_price - coalesce(b.service_fee, 0)) * 100)
        else 0 end
      + coalesce(rent.pence, 0)
    )::float8 as pence
    from bookings b
    cross join lateral (select ${countedCheckOut(today)} as ends) c
    left join tenancies t on t.booking_id = b.id
    left join lateral (
      select sum(coalesce(
        rp.amount_pence,
        (select ri.monthly_rent_pence from rent_increases ri
          where ri.booking_id = b.id and ri.starts_on <= p.start
          order by ri.starts_on desc limit 1),
        t.monthly_rent_pence
      )) as pence
      -- A month has at least 28 days, so this many periods reach past the counted end; those beyond it are left out.
      from generate_series(0, (c.ends - t.starts_on) / 28 + 1) as i
      cross join lateral (select (t.starts_on + i * interval '1 month')::date as start) p
      left join rent_payments rp on rp.tenancy_id = t.id and rp.period_start = p.start
      -- Periods before a converted fixed term's old check-out were paid with the booking.
      where p.start < c.ends and p.start >= coalesce(t.former_fixed_term_check_out, t.starts_on)
    ) rent on t.id is not null
    where b.id = any(${sql.param([...ids])}::int[])`);
  return new Map(result.rows.map((r) => [r.id, { nights: r.nights, revenuePence: r.pence }]));
}
