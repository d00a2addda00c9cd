import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { stayMoney } from "./ledger-figures.sql";

/** Advisory lock space (the first key of pg_advisory_xact_lock's pair) for folding the stay figures. */
const FOLD_LOCK = 4_310;

/**
 * Folds the stays marked pending into the daily figures (db/schema/stay-figures.ts): recomputes each one's money from
 * the ledger (stayMoney, as every other money figure reads it), takes out what it counted for before and
 * puts in what it counts for now. One fold at a time across all app instances (a second waits, then finds little
 * or nothing left); stays marked by transactions still in flight are not visible yet and stay for the next fold.
 * Answers how many stays it folded.
 */
export async function foldStayFigures(db: Database): Promise<number> {
  // Most reads find nothing to fold: answered without a transaction or the lock.
  const waiting = await db.execute<{ any: boolean }>(sql`select exists (select 1 from stay_figures_pending) as any`);
  if (!waiting.rows[0]?.any) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}, 0)`);
    // One statement, one snapshot: `before` reads stay_figures_per_stay as it was, the two writes go to different tables, and
    // each day row gets one combined change, so nothing is counted twice or lost.
    const result = await tx.execute<{ folded: number; emptied_days: string[] }>(sql`
      with taken as (
        delete from stay_figures_pending returning booking_id
      ),
      stays as (select distinct booking_id from taken),
      now_counted as (
        select b.id as booking_id, b.check_in, p.city, b.status, m.settlement,
          m.pence as gross_pence, m.fees as fee_pence, b.property_id, m.owner_pence, coalesce(m.charged, false) as charged
        from stays s
        join bookings b on b.id = s.booking_id
        join properties p on p.id = b.property_id
        cross join ${stayMoney()}
      ),
      before as (
        select sm.* from stay_figures_per_stay sm join stays s on s.booking_id = sm.booking_id
      ),
      remembered as (
        insert into stay_figures_per_stay (booking_id, check_in, city, status, settlement, gross_pence, fee_pence,
          property_id, owner_pence, charged)
        select booking_id, check_in, city, status, settlement, gross_pence, fee_pence, property_id, owner_pence, charged
        from now_counted
        on conflict (booking_id) do update set check_in = excluded.check_in, city = excluded.city,
          status = excluded.status, settlement = excluded.settlement, gross_pence = excluded.gross_pence,
          fee_pence = excluded.fee_pence, property_id = excluded.property_id, owner_pence = excluded.owner_pence,
          charged = excluded.charged
      ),
      forgotten as (
        delete from stay_figures_per_stay sm using before
        where sm.booking_id = before.booking_id
          and not exists (select 1 from now_counted n where n.booking_id = before.booking_id)
        returning 1
      ),
      changes as (
        select check_in, city, status, settlement, -1 as bookings, -gross_pence as gross_pence, -fee_pence as fee_pence
        from before
        union all
        select check_in, city, status, settlement, 1, gross_pence, fee_pence from now_counted
      ),
      applied as (
        insert into stay_figures_daily as d (check_in, city, status, settlement, bookings, gross_pence, fee_pence)
        select check_in, city, status, settlement, sum(bookings), sum(gross_pence), sum(fee_pence)
        from changes
        group by check_in, city, status, settlement
        order by check_in, city, status, settlement
        on conflict (check_in, city, status, settlement) do update set bookings = d.bookings + excluded.bookings,
          gross_pence = d.gross_pence + excluded.gross_pence, fee_pence = d.fee_pence + excluded.fee_pence
        returning d.check_in, d.bookings, d.gross_pence, d.fee_pence
      )
      select (select count(*) from stays)::int as folded,
        coalesce((select array_agg(distinct check_in::text) from applied
          where bookings = 0 and gross_pence = 0 and fee_pence = 0), '{}') as emptied_days
    `);
    const row = result.rows[0];
    // A day a stay left entirely (moved, cancelled out, removed) would otherwise keep a row of nothing.
    if (row && row.emptied_days.length > 0) {
      // One array parameter (a bare array would be sent as a list of parameters).
      const days = `{${row.emptied_days.join(",")}}`;
      await tx.execute(sql`
        delete from stay_figures_daily
        where check_in = any(${days}::date[]) and bookings = 0 and gross_pence = 0 and fee_pence = 0`);
    }
    return row?.folded ?? 0;
  });
}
