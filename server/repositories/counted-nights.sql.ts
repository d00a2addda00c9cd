import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * The day after the last night a booking counts for in any figure (occupancy, nights booked, a stay's length), as of
 * `today`; `b` (the booking) must be in scope. The one place this rule lives (decision 038).
 *
 * A stay counts its nights up to its check-out. A periodic tenancy's check-out is only the calendar hold far ahead
 * (decision 033), so it counts the nights that are real:
 * - once notice is given, every night up to its last day;
 * - until then, the nights up to the end of the rent period already due (the one `today` falls in, or the first
 *   period of a tenancy that has not begun), whose rent is owed; the nights of a converted fixed term, paid with the
 *   booking, count up to its old check-out.
 * Never beyond the hold itself.
 */
export function countedCheckOut(today: string): SQL {
  return sql`coalesce((
    select least(b.check_out, case
      when t.ends_on is not null then t.ends_on + 1
      else greatest((t.starts_on + k.periods * interval '1 month')::date,
                    coalesce(t.former_fixed_term_check_out, t.starts_on))
      end)
    from tenancies t
    cross join lateral (select greatest(${today}::date, t.starts_on) as day) d
    cross join lateral (
      select (extract(year from d.day)::int - extract(year from t.starts_on)::int) * 12
        + extract(month from d.day)::int - extract(month from t.starts_on)::int as months
    ) m
    -- Rent periods begun by that day: a period begins on the first day's date each month (the last day of a shorter
    -- month), as PostgreSQL's month arithmetic and addCalendarMonths both count.
    cross join lateral (
      select m.months + case when (t.starts_on + m.months * interval '1 month')::date > d.day then 0 else 1 end
        as periods
    ) k
    where t.booking_id = b.id
  ), b.check_out)`;
}

/** The nights each of these bookings counts for as of `today` (countedCheckOut), by booking id. */
export async function findCountedNights(
  db: Db,
  bookingIds: readonly number[],
  today: string,
): Promise<Map<number, number>> {
  if (bookingIds.length === 0) return new Map();
  const result = await db.execute<{ id: number; nights: number }>(sql`
    select b.id, greatest(0, ${countedCheckOut(today)} - b.check_in)::int as nights
    from bookings b
    where b.id = any(${sql.param([...bookingIds])}::int[])`);
  return new Map(result.rows.map((r) => [r.id, r.nights]));
}
