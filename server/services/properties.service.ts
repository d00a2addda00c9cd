import { propertyStatus } from "../../common/domain/property-status";
import type { TPropertyDetail, TPropertySearchQuery, TPropertySummary } from "../../common/schemas/properties";
import { notFound } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import type { Database } from "../db/client";
import { findPropertyByRef, type PropertySummaryRow, searchProperties } from "../repositories/properties.repository";

export type SearchResult = {
  items: TPropertySummary[];
  total: number /** the items as JSON, ready to send */;
  body: string;
};

const PG_INT_MAX = 2_147_483_647;

function toSummary(row: PropertySummaryRow): TPropertySummary {
  const { underMaintenance, ...fields } = row;
  return {
    ...fields,
    status: propertyStatus({ isActive: row.isActive, underMaintenance }),
  };
}

/**
 * Public listing reads. Search results are cached in memory when a change feed is given: the
 * database announces every listing write (trigger + NOTIFY), which empties the cache on every app
 * instance; without a live feed nothing is cached.
 */
export class PropertiesService {
  private readonly cache = new TtlCache<SearchResult>(500, 60_000);

  constructor(
    private readonly db: Database,
    private readonly feed?: {
      connected: boolean;
      on(event: string, listener: () => void): unknown;
    },
  ) {
    feed?.on("listings_changed", () => this.cache.clear());
  }

  async findProperties(query: TPropertySearchQuery): Promise<SearchResult> {
    const useCache = this.feed?.connected === true;
    const key = JSON.stringify([
      query.city?.toLowerCase(),
      query.maxPrice,
      query.q?.toLowerCase(),
      query.sort,
      query.page,
      query.pageSize,
    ]);
    if (useCache) {
      const hit = this.cache.get(key);
      if (hit) return hit;
    }
    const { rows, total } = await searchProperties(this.db, query);
    const items = rows.map(toSummary);
    const result = { items, total, body: JSON.stringify(items) };
    if (useCache) this.cache.set(key, result);
    return result;
  }

  /** One public listing by id or slug; inactive listings are not public. */
  async getProperty(idOrSlug: string): Promise<TPropertyDetail> {
    const numericId = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : null;
    if (numericId !== null && numericId > PG_INT_MAX) throw notFound("Property not found");
    const row = await findPropertyByRef(this.db, numericId === null ? { slug: idOrSlug } : { id: numericId });
    if (!row?.isActive) throw notFound("Property not found");
    const { underMaintenance, ownerId, hostFirstName, amenities, createdAt, ...fields } = row;
    return {
      ...fields,
      status: propertyStatus({ isActive: row.isActive, underMaintenance }),
      amenities: amenities.map((a) => a.name),
      amenityDetails: amenities,
      host: { id: ownerId, firstName: hostFirstName },
      createdAt: createdAt.toISOString(),
    };
  }
}
