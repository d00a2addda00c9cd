import { VERIFICATION_CHECKS, type VerificationCheck } from "../../../common/domain/listing-verification";
import { boundsParam } from "../../../common/domain/map-bounds";
import { allInNightlyText } from "../../../common/domain/pricing";
import { propertyStatus } from "../../../common/domain/property-status";
import { inForce, levyPercentOn } from "../../../common/domain/uk-law";
import type { TStayWindow } from "../../../common/schemas/flexible-dates";
import type { TPropertyDetail, TPropertySearchQuery, TPropertySummary } from "../../../common/schemas/properties";
import type { Database } from "../../db/client";
import { notFound } from "../../lib/errors";
import { PreparedJson } from "../../lib/prepared-json";
import { parsePropertyRef } from "../../lib/property-ref";
import { TtlCache } from "../../lib/ttl-cache";
import {
  cardNight,
  findPlaces,
  findPropertyByRef,
  matchPlaces,
  type Place,
  type PropertySummaryRow,
  searchProperties,
} from "../../repositories/properties/listings.repository";
import { stayWindows } from "./flexible-windows";

export type SearchResult = {
  /** Exact up to COUNT_CAP; when `totalIsCapped`, there are more than `total` matches. */
  total: number;
  totalIsCapped: boolean;
  /** The page of TPropertySummary as JSON, ready to send in any coding, with its ETag. */
  body: PreparedJson;
};

type ChangeNotifications = { connected: boolean; on(event: "listings_changed", listener: () => void): unknown };

/** A search card, its all-in figure priced for `night` (cardNight: the stay's first night, or tonight). */
function toSummary(row: PropertySummaryRow, night: string, window?: TStayWindow): TPropertySummary {
  const { underMaintenance, levyArea, windowCheckIn, ...fields } = row;
  return {
    ...fields,
    ...(window ? { window } : {}),
    allInPricePerNight: allInNightlyText(row.pricePerNight, { levyPercent: levyPercentOn(levyArea, night) }),
    status: propertyStatus({ isActive: row.isActive, underMaintenance }),
  };
}

/**
 * Public listing reads. What is kept in memory (the place list, and search results when
 * SEARCH_CACHE is on) is trusted only while the change feed is live: the database announces every
 * listing write (trigger + NOTIFY), which empties it on every app instance.
 */
export class PropertiesService {
  private readonly cache = new TtlCache<SearchResult>(500, 60_000);
  /** Searches the cache could answer, and those it could not, since start (for the metrics). */
  readonly cacheLookups = { hits: 0, misses: 0 };
  /** Searches being answered now, so that many clients asking the same at once cost one query. */
  private readonly pending = new Map<string, Promise<SearchResult>>();
  /** Counts the change notifications: an answer read before the latest one is not kept. */
  private generation = 0;
  private places: Promise<Place[]> | null = null;

  /**
   * `feed`: the database's change notifications; without a live feed nothing is kept between
   * requests. `cacheResults`: also keep whole search results (SEARCH_CACHE), not only the place list.
   */
  constructor(
    private readonly db: Database,
    private readonly options: { feed?: ChangeNotifications; cacheResults?: boolean } = {},
  ) {
    options.feed?.on("listings_changed", () => {
      this.generation += 1;
      this.cache.clear();
      this.pending.clear();
      this.places = null;
    });
  }

  private get feedIsLive(): boolean {
    return this.options.feed?.connected === true;
  }

  async findProperties(query: TPropertySearchQuery): Promise<SearchResult> {
    // A search for dates is never kept: bookings and blocked nights change without a listing
    // change, so the feed would not empty it, and a booked stay must vanish from the next search.
    const forDates = query.checkIn !== undefined || query.checkOut !== undefined || query.flex !== undefined;
    if (!this.feedIsLive || this.options.cacheResults !== true || forDates) return this.search(query);
    const key = JSON.stringify([
      query.city?.toLowerCase(),
      query.maxPrice,
      query.q?.toLowerCase(),
      query.guests,
      query.adults,
      query.children,
      query.infants,
      query.pets,
      query.verified,
      query.sort,
      query.page,
      query.pageSize,
      query.bbox && boundsParam(query.bbox),
      // Cards without dates are priced for tonight: a levy coming into force changes their figures and order.
      inForce("edinburghVisitorLevy", cardNight(query)),
    ]);
    const hit = this.cache.get(key) ?? this.pending.get(key);
    if (hit) {
      this.cacheLookups.hits++;
      return hit;
    }
    this.cacheLookups.misses++;
    const generation = this.generation;
    const answer = this.search(query);
    this.pending.set(key, answer);
    try {
      const result = await answer;
      // A listing changed while this was read (or the feed dropped): answer it, but keep nothing
      // that may predate the change.
      if (generation === this.generation && this.feedIsLive) this.cache.set(key, result);
      return result;
    } finally {
      if (this.pending.get(key) === answer) this.pending.delete(key);
    }
  }

  private async search(query: TPropertySearchQuery): Promise<SearchResult> {
    const known = query.city ? await this.knownPlaces() : null;
    const places = known && query.city ? matchPlaces(known, query.city) : undefined;
    const { rows, total, totalIsCapped } = await searchProperties(this.db, query, places);
    // A flexible search's card is priced for its window's first night, and carries the window's total.
    const windows = query.flex ? await stayWindows(this.db, rows, query.flex) : undefined;
    const summaries = rows.map((row) => {
      const window = windows?.get(row.id);
      return toSummary(row, window?.checkIn ?? cardNight(query), window);
    });
    const body = new PreparedJson(JSON.stringify(summaries), `${total}${totalIsCapped ? "+" : ""}`);
    return { total, totalIsCapped, body };
  }

  /**
   * The places with active listings, kept while the change feed vouches that none changed. Without
   * a live feed: null, and the location text is matched row by row instead (same answers, slower).
   */
  private async knownPlaces(): Promise<Place[] | null> {
    if (!this.feedIsLive) return null;
    if (!this.places) {
      this.places = findPlaces(this.db);
      this.places.catch(() => {
        this.places = null;
      });
    }
    return this.places;
  }

  /** One public listing by id or slug; inactive listings are not public. */
  async getProperty(idOrSlug: string): Promise<TPropertyDetail> {
    const ref = parsePropertyRef(idOrSlug);
    const row = ref && (await findPropertyByRef(this.db, ref));
    if (!row?.isActive) throw notFound("Property not found");
    const { underMaintenance, ownerId, hostFirstName, amenities, createdAt, verification, ...fields } = row;
    // The header's figure is tonight's, as a card without dates shows it (the quote prices the chosen nights).
    const levyPercent = levyPercentOn(row.levyArea, cardNight({}));
    return {
      ...fields,
      allInPricePerNight: allInNightlyText(row.pricePerNight, { levyPercent }),
      levyPercent,
      verification: verification && {
        checks: verification.checks.filter((check): check is VerificationCheck =>
          (VERIFICATION_CHECKS as readonly string[]).includes(check),
        ),
        verifiedAt: verification.verifiedAt.toISOString(),
      },
      status: propertyStatus({ isActive: row.isActive, underMaintenance }),
      amenities: amenities.map((a) => a.name),
      amenityDetails: amenities,
      host: { id: ownerId, firstName: hostFirstName },
      createdAt: createdAt.toISOString(),
    };
  }
}
