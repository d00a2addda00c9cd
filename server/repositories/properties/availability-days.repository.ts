import { sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../../common/domain/booking-status";
import type { Database } from "../../db/client";

/** Why a night is not free, as the calendar's statement finds it; null when free. */
export type NightHold = "taken" | "blocked" | "imported" | null;

const holdingStatuses = sql.raw(HOLDING_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * Every night of [from, until) with what holds it, in one statement: a pending or confirmed stay booked here, a night
 * the host blocked, or a stay imported from another site's calendar (the same three rules as a quote: the bookings'
 * exclusion range, the blocked-night key, the imported stays' range). Only the kind of hold is read, never the booking
 * or its guest. A stay on the night wins over a block, and a block over an import.
 */
export async function findNightHolds(
  db: Database,
  propertyId: number,
  from: string,
  until: string,
): Promise<{ date: string; hold: NightHold }[]> {
  const result = await db.execute<{ date: string; hold: NightHold }>(sql`
    select night::date::text as date,
           case
             when exists (select 1 from bookings b
                           where b.property_id = ${propertyId}
                             and b.status in (${holdingStatuses})
                             and daterange(b.check_in, b.check_out, '[)') @> night::date) then 'taken'
             when exists (select 1 from availability a
                           where a.property_id = ${propertyId} and a.status = 'blocked' and a.date = night::date)
               then 'blocked'
             when exists (select 1 from imported_stays i
                           where i.property_id = ${propertyId}
                             and daterange(i.starts_on, i.ends_on, '[)') @> night::date) then 'imported'
           end as hold
      from generate_series(${from}::date, ${until}::date - 1, interval '1 day') as night
     order by night`);
  return result.rows;
}
