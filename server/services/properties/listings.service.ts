import { londonToday } from "../../../common/domain/calendar-dates";
import { VERIFICATION_CHECKS, type VerificationCheck } from "../../../common/domain/listing-verification";
import { boundsParam } from "../../../common/domain/map-bounds";
import { allInNightlyText } from "../../../common/domain/pricing";
import { propertyStatus } from "../../../common/domain/property-status";
import { inForce, levyPercentOn } from "../../../common/domain/uk-law";
import type { TStayWindow } from "../../../common/schemas/flexible-dates";
import type { TPropertyDetail, TPropertySearchQuery, TPropertySummary } from "../../../common/schemas/properties";
import { AVAILABILITY_CHANGED, LISTINGS_CHANGED } from "../../db/change-feed";
import type { Database } from "../../db/client";
import { notFound } from "../../lib/errors";
import { PreparedJson } from "../../lib/prepared-json";
import { parsePropertyRef } from "../../lib/property-ref";
import {
  cardNight,
  findPlaces,
  findPropertyByRef,
  matchPlaces,
  type Place,
  type PropertySummaryRow,
  searchProperties,
} from "../../repositories/properties/listings.repository";
import { FeedKeptAnswers, type KeepingOptions } from "./feed-kept-answers";
import { stayWindows } from "./flexible-windows";

export type SearchResult = {
  /** Exact up to COUNT_CAP; when `totalIsCapped`, there are more than `total` matches. */
  total: number;
  totalIsCapped: boolean;
  /** The page of TPropertySummary as JSON, ready to send in any coding, with its ETag. */
  body: PreparedJson;
};

/**
 * How many answers each cache keeps, and for how long. A default page is about 25 KB of JSON plus its compressed
 * forms once asked, so 500 pages is some 20 MB at worst per instance; the searches that repeat (a borough, the map's
 * first box, a week in next month) are far fewer, and a one-off ask only cycles through. The feed empties both on
 * every change; the minute is the longest an unannounced drift (tonight's levy, a reference price's clock) may last.
 */
const KEPT_PAGES = { entries: 500, ttlMs: 60_000 };

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
 * Everything that changes a search's answer. A flexible search also names London's today: its windows may not start
 * before it. Cards are priced for their first night (or tonight), so whether a levy is in force then is part of it.
 */
function searchKey(query: TPropertySearchQuery): string {
  const clock = `${query.flex ? londonToday() : ""}|${inForce("edinburghVisitorLevy", cardNight(query))}`;
  return `${queryKey(query)}|${clock}`;
}

/**
 * The query's own part of the key. Kept validation hands every repeat of a query string the same frozen object, so a
 * busy search builds this once a minute rather than on every request; a query that may still change is read afresh.
 */
const frozenQueryKeys = new WeakMap<TPropertySearchQuery, string>();
function queryKey(query: TPropertySearchQuery): string {
  const known = frozenQueryKeys.get(query);
  if (known !== undefined) return known;
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
    query.checkIn,
    query.checkOut,
    query.flex,
    query.months?.join(","),
  ]);
  if (Object.isFrozen(query)) frozenQueryKeys.set(query, key);
  return key;
}

/**
 * Public listing reads. What is kept in memory (the place list, and search results when
 * SEARCH_CACHE is on) is trusted only while the change feed is live: the database announces every
 * listing write, and every write to the nights a stay needs free (triggers + NOTIFY), which empties what
 * depends on it on every app instance.
 */
export class PropertiesService {
  /** Pages of searches without dates: a booking leaves them as they are, so only a listing change empties them. */
  private readonly undated: FeedKeptAnswers<SearchResult>;
  /** Pages of searches for dates (exact or flexible): emptied by a listing change and by any night taken or freed. */
  private readonly dated: FeedKeptAnswers<SearchResult>;
  private readonly places: FeedKeptAnswers<Place[]>;

  constructor(
    private readonly db: Database,
    private readonly options: KeepingOptions = {},
  ) {
    const pagesFeed = options.cacheResults === true ? options.feed : undefined;
    this.undated = new FeedKeptAnswers(pagesFeed, KEPT_PAGES, [LISTINGS_CHANGED]);
    this.dated = new FeedKeptAnswers(pagesFeed, KEPT_PAGES, [LISTINGS_CHANGED, AVAILABILITY_CHANGED]);
    this.places = new FeedKeptAnswers(options.feed, { entries: 1, ttlMs: 60_000 });
  }

  /** Searches answered from memory, and those that went to the database, since start (for the metrics). */
  get cacheLookups(): { hits: number; misses: number } {
    return {
      hits: this.undated.lookups.hits + this.dated.lookups.hits,
      misses: this.undated.lookups.misses + this.dated.lookups.misses,
    };
  }

  /** The same counts for searches for dates alone. */
  get datedLookups(): { hits: number; misses: number } {
    return { ...this.dated.lookups };
  }

  private get feedIsLive(): boolean {
    return this.options.feed?.connected === true;
  }

  async findProperties(query: TPropertySearchQuery): Promise<SearchResult> {
    return this.pagesFor(query).answer(searchKey(query), () => this.search(query));
  }

  /**
   * Whether `result` is still the page kept for `query`, today: a change to the listings or nights it was read from,
   * or the clock moving into a day it was not priced for, says no. A page that was never kept is never still kept.
   */
  stillKeeps(query: TPropertySearchQuery, result: SearchResult): boolean {
    return this.pagesFor(query).stillKeeps(searchKey(query), result);
  }

  private pagesFor(query: TPropertySearchQuery): FeedKeptAnswers<SearchResult> {
    const forDates = query.checkIn !== undefined || query.checkOut !== undefined || query.flex !== undefined;
    return forDates ? this.dated : this.undated;
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
    return this.places.answer("places", () => findPlaces(this.db));
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
