import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../common/domain/booking-status";
import { availability, bookings, importedStays } from "../db/schema";

/**
 * The statuses as SQL literals, not parameters: the planner can then prove that the condition implies
 * the exclusion constraint's `status <> 'cancelled'` and probe its GiST index.
 */
/** A stay's day: a date, or a date expression of the enclosing query (a flexible search's candidate days). */
type StayDay = string | SQL;

const holdingStatuses = sql.raw(HOLDING_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * A pending or confirmed booking of `propertyId` shares a night with [checkIn, checkOut): the
 * half-open range of the bookings_no_overlapping_stays constraint, so back-to-back stays are free.
 * For use inside a larger query: a search's, or the facts a booking is judged on (findBookingFacts).
 */
export function overlappingBookingExists(propertyId: AnyColumn | SQL, checkIn: StayDay, checkOut: StayDay): SQL {
  return sql`exists (select 1 from ${bookings}
    where ${bookings.propertyId} = ${propertyId}
      and ${bookings.status} in (${holdingStatuses})
      and daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')
    offset 0)`;
}

/** The landlord blocked a night of [checkIn, checkOut) (blockedNightsWhere in availability.repository.ts). */
export function blockedNightExists(propertyId: AnyColumn | SQL, checkIn: StayDay, checkOut: StayDay): SQL {
  return sql`exists (select 1 from ${availability}
    where ${availability.propertyId} = ${propertyId}
      and ${availability.status} = 'blocked'
      and ${availability.date} >= ${checkIn}::date
      and ${availability.date} < ${checkOut}::date
    offset 0)`;
}

/** A stay imported from another site's calendar shares a night with [checkIn, checkOut) (the booking trigger's test). */
export function importedStayExists(propertyId: AnyColumn | SQL, checkIn: StayDay, checkOut: StayDay): SQL {
  return sql`exists (select 1 from ${importedStays}
    where ${importedStays.propertyId} = ${propertyId}
      and daterange(${importedStays.startsOn}, ${importedStays.endsOn}, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')
    offset 0)`;
}

/**
 * Every night of [checkIn, checkOut) is free: no holding booking covers it, none is blocked and none is booked on
 * another site.
 * The OFFSET 0 inside each EXISTS keeps PostgreSQL from turning it into an anti-join: as a join it
 * hashes or merges every booking and blocked night (a full scan, ~100 ms over 100k listings); as a
 * subplan it probes the two indexes only for the listings a page actually reaches
 * (bench/results/search-dates-explain.txt).
 */
export function stayIsFree(propertyId: AnyColumn | SQL, checkIn: StayDay, checkOut: StayDay): SQL {
  return sql`not ${overlappingBookingExists(propertyId, checkIn, checkOut)} and not ${blockedNightExists(propertyId, checkIn, checkOut)} and not ${importedStayExists(propertyId, checkIn, checkOut)}`;
}
