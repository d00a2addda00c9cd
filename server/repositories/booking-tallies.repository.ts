import { sql } from "drizzle-orm";
import type { BookingStatus } from "../../common/domain/property-options";
import type { Database } from "../db/client";

export type StatusTally = { bookings: number; pence: number };

/**
 * Every booking's status, counted: the sum of booking_tallies (migration 0013), which the database keeps equal to
 * the bookings themselves. A handful of rows once folded, so it answers in a millisecond however many bookings
 * there are. Statuses nobody is in are absent.
 */
export async function readBookingTallies(db: Database): Promise<Map<BookingStatus, StatusTally>> {
  const result = await db.execute<{ status: BookingStatus; bookings: string; pence: string }>(sql`
    select status, sum(bookings)::text as bookings, (sum(total_price) * 100)::text as pence
    from booking_tallies group by status having sum(bookings) <> 0 or sum(total_price) <> 0`);
  return new Map(result.rows.map((r) => [r.status, { bookings: Number(r.bookings), pence: Number(r.pence) }]));
}

/**
 * Folds the tallies into one row per status. One statement, so it is atomic; rows appended meanwhile by other
 * transactions are not in its snapshot and stay for the next fold, and a second instance folding at the same time
 * skips the rows the first took.
 */
export async function foldBookingTallies(db: Database): Promise<void> {
  await db.execute(sql`
    with taken as (delete from booking_tallies returning status, bookings, total_price)
    insert into booking_tallies (status, bookings, total_price)
    select status, sum(bookings), sum(total_price) from taken group by status
    having sum(bookings) <> 0 or sum(total_price) <> 0`);
}
