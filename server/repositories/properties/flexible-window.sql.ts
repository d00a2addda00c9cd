import { type SQL, sql } from "drizzle-orm";
import { londonToday } from "../../../common/domain/calendar-dates";
import { type FlexKind, flexCheckInDays, flexCheckOut } from "../../../common/domain/flexible-dates";
import { type StayMode, stayModeOf } from "../../../common/domain/stay-modes";
import { properties } from "../../db/schema";
import { stayIsFree } from "../stay-availability.sql";

/** A flexible-date search: the kind of stay and the days it may check in on (at most 93: three months). */
export type FlexibleSpan = { kind: FlexKind; checkIns: string[] };

/** The span of a search with `flex` and `months`, from London's today; undefined for other searches. */
export function flexibleSpanOf(query: { flex?: FlexKind; months?: string[] }): FlexibleSpan | undefined {
  if (!query.flex || !query.months) return undefined;
  return { kind: query.flex, checkIns: flexCheckInDays(query.flex, query.months, londonToday()) };
}

/** The candidate day of the window subquery, and its check-out as PostgreSQL counts it (as flexCheckOut does). */
const checkIn = sql`c.check_in`;
const CHECK_OUT: Record<FlexKind, SQL> = {
  weekend: sql`(c.check_in + 2)`,
  week: sql`(c.check_in + 7)`,
  // A date plus a month clamps to the month's last day, as addCalendarMonths does.
  month: sql`(c.check_in + interval '1 month')::date`,
};

/**
 * The listing takes a stay of `nights` nights in this mode: the length rules of stayLengthReason
 * (common/domain/stay-modes.ts) for the two modes a flexible stay can be, as a condition on the listing's row.
 * tests/integration/flexible-search.test.ts checks both give the same answers.
 */
export function stayLengthFits(mode: StayMode, nights: SQL): SQL {
  if (mode === "short_let") {
    return sql`(${properties.shortLetOffered} and ${nights} between ${properties.shortLetMinNights} and ${properties.shortLetMaxNights})`;
  }
  if (mode === "mid_let") {
    return sql`(${properties.midLetOffered} and ${nights} >= ${properties.midLetMinNights}
      and (${properties.midLetMaxNights} is null or ${nights} <= ${properties.midLetMaxNights}))`;
  }
  throw new RangeError("A flexible stay is never a tenancy");
}

/** The mode every stay of this kind falls in (a month, 28 to 31 nights, is always a mid let). */
function modeOf(kind: FlexKind): StayMode {
  const sample = "2027-01-01";
  return stayModeOf({ checkIn: sample, checkOut: flexCheckOut(kind, sample) });
}

/**
 * The listing's first window of the span, as 'YYYY-MM-DD', or null: the earliest candidate day that the listing is
 * open by (available-from), whose stay length it takes, and whose every night is free (stayIsFree: the bookings'
 * range index, the blocked-night key, the imported stays' range index). The candidate days are a parameter, tried in
 * order, and the first free one ends the probing, so a listing costs a few index probes unless it is nearly full.
 * No ORDER BY: PostgreSQL would then test every day before sorting; unnest gives the days in the array's order (sorted
 * by flexCheckInDays), and LIMIT 1 stops at the first that passes.
 */
export function firstWindowCheckIn(span: FlexibleSpan): SQL<string | null> {
  const checkOut = CHECK_OUT[span.kind];
  const days = span.checkIns.join(",");
  return sql<string | null>`(select ${checkIn}::text
      from unnest(string_to_array(${days}, ',')::date[]) as c(check_in)
     where (${properties.availableFrom} is null or ${properties.availableFrom} <= ${checkIn})
       and ${stayLengthFits(modeOf(span.kind), sql`(${checkOut} - ${checkIn})`)}
       and ${stayIsFree(properties.id, checkIn, checkOut)}
     limit 1)`;
}
