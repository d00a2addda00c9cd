import { allInNightlyPence } from "../../../common/domain/all-in";
import { boundsParam, MAP_PIN_CAP } from "../../../common/domain/map-bounds";
import { poundsToPence } from "../../../common/domain/pricing";
import { inForce, levyPercentOn } from "../../../common/domain/uk-law";
import type { TMapPin, TPropertyMapQuery } from "../../../common/schemas/map-search";
import type { Database } from "../../db/client";
import { PreparedJson } from "../../lib/prepared-json";
import {
  cardNight,
  findPlaces,
  listingsMatching,
  matchPlaces,
  type Place,
} from "../../repositories/properties/listings.repository";
import { mapPinsQuery } from "../../repositories/properties/map-search.repository";
import { FeedKeptAnswers, type KeepingOptions } from "./feed-kept-answers";

/** Five decimals of a degree is about a metre: all a pin needs, and a third of the bytes of a full double. */
const toMetre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/**
 * The map's pins: every listing the search's filters match inside the visible box, as [id, lat, lng, all-in pence, title],
 * so the map can cluster them all, not just one page of cards. Kept like search results (SEARCH_CACHE, while the
 * change feed is live); pins for dates are read each time (the list keeps its date pages, emptied by bookings too).
 */
export class MapPinsService {
  private readonly answers: FeedKeptAnswers<PreparedJson>;
  private readonly places: FeedKeptAnswers<Place[]>;

  constructor(
    private readonly db: Database,
    private readonly options: KeepingOptions = {},
  ) {
    this.answers = new FeedKeptAnswers(options.cacheResults === true ? options.feed : undefined, {
      entries: 500,
      ttlMs: 60_000,
    });
    this.places = new FeedKeptAnswers(options.feed, { entries: 1, ttlMs: 60_000 });
  }

  get cacheLookups() {
    return this.answers.lookups;
  }

  async findPins(query: TPropertyMapQuery): Promise<PreparedJson> {
    const night = cardNight(query);
    if (query.checkIn !== undefined) return this.read(query, night);
    const key = JSON.stringify([
      boundsParam(query.bbox),
      query.city?.toLowerCase(),
      query.maxPrice,
      query.q?.toLowerCase(),
      query.guests,
      query.verified,
      inForce("edinburghVisitorLevy", night),
    ]);
    return this.answers.answer(key, () => this.read(query, night));
  }

  private async read(query: TPropertyMapQuery, night: string): Promise<PreparedJson> {
    // As the search does: the place list only while the feed vouches for it, else the text is matched row by row.
    const known = query.city && this.options.feed?.connected ? await this.knownPlaces() : undefined;
    const places = known && query.city ? matchPlaces(known, query.city) : undefined;
    const rows = await mapPinsQuery(this.db, listingsMatching(query, places), MAP_PIN_CAP);
    const capped = rows.length > MAP_PIN_CAP;
    const pins: TMapPin[] = rows
      .slice(0, MAP_PIN_CAP)
      .map((row) => [
        row.id,
        toMetre(row.latitude),
        toMetre(row.longitude),
        allInNightlyPence(poundsToPence(row.pricePerNight), { levyPercent: levyPercentOn(row.levyArea, night) }),
        row.title,
      ]);
    return new PreparedJson(JSON.stringify({ pins, capped }));
  }

  private knownPlaces(): Promise<Place[]> {
    return this.places.answer("places", () => findPlaces(this.db));
  }
}
