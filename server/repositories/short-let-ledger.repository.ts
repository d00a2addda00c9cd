import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type LedgerListing, LONDON_SHORT_LET_LIMIT, shortLetLimitApplies } from "../../common/domain/short-let-ledger";
import type { TShortLetCount } from "../../common/schemas/landlord-properties";
import type { Db, Tx } from "../db/client";
import { runSql } from "../db/prepared";

/**
 * The nights each listing has let short in `year`: every night in that year of each stay shorter than the limit,
 * ours (held, confirmed or past; cancelled ones freed their nights) or imported from another site's calendar. A
 * night shown by two sources (our booking echoed back by another site's feed) counts once. Listings with none are
 * absent.
 */
export async function countShortLetNights(
  db: Db,
  propertyIds: readonly number[],
  year: number,
): Promise<Map<number, number>> {
  const [only] = propertyIds;
  if (only === undefined) return new Map();
  const start = `${year}-01-01`;
  const end = `${year + 1}-01-01`;
  // One listing's count (a booking's, twice) is kept planned; a landlord's page of listings is planned each time.
  const rows =
    propertyIds.length === 1
      ? await runSql<CountRow>(db, shortLetNightsSql("= $1"), [only, start, end], "short_let_nights_of_listing")
      : await runSql<CountRow>(db, shortLetNightsSql("= any($1::int[])"), [propertyIds, start, end]);
  return new Map(rows.map((row) => [row.property_id, row.nights]));
}

type CountRow = { property_id: number; nights: number };

/** The count of countShortLetNights for the listings whose id is `listings` ($1), in the year [$2, $3). */
const shortLetNightsSql = (listings: string) => `
    select property_id, count(distinct night)::int as nights
      from (${countedNightsSql(listings, "$2::date", "$3::date")}) counted
     group by property_id`;

/**
 * The nights from `from` to `to` (SQL dates, `to` not included) counted towards the yearly limit, of the listings
 * whose property_id is `listing` (an SQL comparison): rows of property_id and night, a night once per stay that
 * holds it.
 */
const countedNightsSql = (listing: string, from: string, to: string) => `
    select property_id, night
      from (select property_id, check_in as starts_on, check_out as ends_on
              from bookings
             where property_id ${listing} and status in ('pending', 'confirmed', 'completed')
            union all
            select property_id, starts_on, ends_on from imported_stays where property_id ${listing}) stays,
           generate_series(greatest(starts_on, ${from}), least(ends_on, ${to}) - 1, interval '1 day') as night
     where ends_on - starts_on < ${LONDON_SHORT_LET_LIMIT}
       and starts_on < ${to} and ends_on > ${from}`;

/**
 * countShortLetNights for one listing and each year a stay from `checkIn` to `checkOut` has nights in, as a
 * subquery of a wider read: a JSON object of year to nights, years with none absent. Read without the listing's
 * lock, it tells a quote; a booking counts again under the lock.
 */
export function shortLetNightsOfStayYearsSql(propertyId: SQLWrapper, checkIn: SQL, checkOut: SQL) {
  return sql<Record<string, number>>`(select coalesce(json_object_agg(year, nights), '{}'::json)
      from (select extract(year from night)::int as year, count(distinct night)::int as nights
              from (select ${propertyId} as listing_id, date_trunc('year', ${checkIn})::date as from_day,
                           (date_trunc('year', ${checkOut} - 1) + interval '1 year')::date as to_day) as asked
                   cross join lateral (${sql.raw(countedNightsSql("= asked.listing_id", "asked.from_day", "asked.to_day"))}) counted
             group by 1) by_year)`;
}

/**
 * Holds the listing's row for the rest of the booking's transaction, so two bookings checked at once cannot both
 * take the last nights of the year: the second waits, then counts the first. NO KEY UPDATE leaves the row free for
 * what only needs it to exist (the booking insert's own check).
 */
export async function holdShortLetLedger(tx: Tx, propertyId: number): Promise<void> {
  await runSql(tx, "select 1 from properties where id = $1 for no key update", [propertyId], "short_let_ledger_hold");
}

/** This year's count for each listing, with whether the limit applies to it. */
export async function shortLetCounts(
  db: Db,
  listings: readonly (LedgerListing & { id: number })[],
  year: number,
): Promise<Map<number, TShortLetCount>> {
  const nights = await countShortLetNights(
    db,
    listings.map((listing) => listing.id),
    year,
  );
  return new Map(
    listings.map((listing) => [
      listing.id,
      {
        year,
        nights: nights.get(listing.id) ?? 0,
        limit: LONDON_SHORT_LET_LIMIT,
        applies: shortLetLimitApplies(listing),
        inLondon: listing.region === "London" && listing.propertyType !== "room",
        permission: listing.shortLetPermission,
      },
    ]),
  );
}
