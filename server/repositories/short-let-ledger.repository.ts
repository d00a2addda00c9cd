import { sql } from "drizzle-orm";
import { type LedgerListing, LONDON_SHORT_LET_LIMIT, shortLetLimitApplies } from "../../common/domain/short-let-ledger";
import type { TShortLetCount } from "../../common/schemas/landlord-properties";
import type { Database } from "../db/client";
import type { Tx } from "./bookings.repository";

type Db = Database | Tx;

/**
 * The nights each listing has let short in `year`: every night in that year of each live or past stay (held,
 * confirmed or completed; cancelled ones freed their nights) shorter than the limit. Listings with none are absent.
 */
export async function countShortLetNights(
  db: Db,
  propertyIds: readonly number[],
  year: number,
): Promise<Map<number, number>> {
  if (propertyIds.length === 0) return new Map();
  const start = `${year}-01-01`;
  const end = `${year + 1}-01-01`;
  const result = await db.execute<{ property_id: number; nights: number }>(sql`
    select property_id,
           sum(least(check_out, ${end}::date) - greatest(check_in, ${start}::date))::int as nights
      from bookings
     where property_id = any(${sql.param(propertyIds)}::int[])
       and status in ('pending', 'confirmed', 'completed')
       and check_out - check_in < ${LONDON_SHORT_LET_LIMIT}
       and check_in < ${end}::date and check_out > ${start}::date
     group by property_id`);
  return new Map(result.rows.map((row) => [row.property_id, row.nights]));
}

/**
 * Holds the listing's row for the rest of the booking's transaction, so two bookings checked at once cannot both
 * take the last nights of the year: the second waits, then counts the first. NO KEY UPDATE leaves the row free for
 * what only needs it to exist (the booking insert's own check).
 */
export async function holdShortLetLedger(tx: Tx, propertyId: number): Promise<void> {
  await tx.execute(sql`select 1 from properties where id = ${propertyId} for no key update`);
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
