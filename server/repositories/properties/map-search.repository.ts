import { and, type SQL, sql } from "drizzle-orm";
import type { MapBounds } from "../../../common/domain/map-bounds";
import type { TPropertySearchQuery } from "../../../common/schemas/properties";
import type { Database } from "../../db/client";
import { properties } from "../../db/schema";

/**
 * The listing's place on the map as a PostgreSQL point (x = longitude, y = latitude). The same expression as the
 * GiST index properties_location_gist_idx, so `<@ box` is answered from the index; a listing without coordinates
 * has a null point and is never on the map.
 */
export const listingPoint = sql`point(${properties.longitude}, ${properties.latitude})`;

/** The box as PostgreSQL draws one: from the south-west corner to the north-east corner. */
function boxOf(bounds: MapBounds): SQL {
  const { west, south, east, north } = bounds;
  return sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
}

/** With a bbox, only listings inside it (edges included): the search's filter hook. */
export function boundsFilters(query: Pick<TPropertySearchQuery, "bbox">): SQL[] {
  return query.bbox ? [sql`${listingPoint} <@ ${boxOf(query.bbox)}`] : [];
}

/**
 * Every matching listing in the box, as compact pin rows, stopping one past `cap` so the caller knows there were
 * more. No order: the map draws them all, and sorting tens of thousands of London rows would cost more than the
 * whole read. `where` is the search's own filter (listingsMatching), so map and list agree.
 */
export function mapPinsQuery(db: Database, where: SQL | undefined, cap: number) {
  return db
    .select({
      id: properties.id,
      latitude: sql<number>`${properties.latitude}`,
      longitude: sql<number>`${properties.longitude}`,
      pricePerNight: properties.pricePerNight,
      title: properties.title,
      levyArea: properties.levyArea,
    })
    .from(properties)
    .where(and(where, sql`${properties.latitude} is not null and ${properties.longitude} is not null`))
    .limit(cap + 1);
}
