import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { londonToday } from "../../../common/domain/calendar-dates";
import {
  maxNightlyForAllInPence,
  REFERENCE_PRICE_MIN_DAYS,
  REFERENCE_PRICE_WINDOW_DAYS,
  SERVICE_FEE_PERCENT,
} from "../../../common/domain/pricing";
import { EDINBURGH_LEVY_PERCENT, inForce } from "../../../common/domain/uk-law";
import { guestsCounted, PARTY_KINDS, partyOf } from "../../../common/entities/party";
import { PROPERTY_CARD_COLUMNS, PROPERTY_LISTING_COLUMNS } from "../../../common/entities/property";
import type { TPropertySearchQuery } from "../../../common/schemas/properties";
import type { Database } from "../../db/client";
import { columnsOf } from "../../db/columns";
import {
  properties,
  propertyAmenities,
  propertyPhotos,
  propertyPriceChanges,
  propertyVerifications,
  users,
} from "../../db/schema";
import { likeContains } from "../../lib/like-pattern";
import { stayIsFree } from "../stay-availability.sql";
import { firstWindowCheckIn, flexibleSpanOf } from "./flexible-window.sql";
import { boundsFilters } from "./map-search.repository";

/** At most this many photo URLs ride along with each search result. */
const LIST_PHOTOS = 5;

/** Whether an administrator's verification of the listing stands (one probe of its partial unique index). */
const isVerified = sql<boolean>`exists (
  select 1 from ${propertyVerifications} v
   where v.property_id = ${properties.id} and v.withdrawn_at is null)`;

/**
 * The highest nightly price the listing was offered at for REFERENCE_PRICE_MIN_DAYS days or more, some of them within
 * the last REFERENCE_PRICE_WINDOW_DAYS days; null when it has none. Shown struck through only while above today's.
 */
const referencePrice = sql<string | null>`(
  select max(c.price_per_night)::text
    from (
      select h.price_per_night, h.effective_from,
             coalesce(lead(h.effective_from) over (order by h.effective_from, h.id), now()) as effective_to
        from ${propertyPriceChanges} h
       where h.property_id = ${properties.id}
    ) c
   where c.effective_to > now() - make_interval(days => ${REFERENCE_PRICE_WINDOW_DAYS})
     and c.effective_to - c.effective_from >= make_interval(days => ${REFERENCE_PRICE_MIN_DAYS})
     and c.price_per_night > ${properties.pricePerNight})`;

/**
 * The night a card's "per night" figure is priced for: the stay's first night, or tonight in London for a search
 * without dates. A levy in force on that night is in the figure, its filter and its sort.
 */
export function cardNight(query: Pick<TPropertySearchQuery, "checkIn">): string {
  return query.checkIn ?? londonToday();
}

const inEdinburgh = sql`${properties.levyArea} = 'city_of_edinburgh'`;

/**
 * The all-in nightly price as allInNightlyPence computes it, in pounds: the night, 10% of it and, in Edinburgh, 5% of
 * it, each rounded to the penny (PostgreSQL rounds numeric halves away from zero, as Math.round does for pence).
 */
const levyInclusiveAllIn = sql`(${properties.pricePerNight}
  + round(${properties.pricePerNight} * ${sql.raw(String(SERVICE_FEE_PERCENT / 100))}, 2)
  + case when ${inEdinburgh} then round(${properties.pricePerNight} * ${sql.raw(String(EDINBURGH_LEVY_PERCENT / 100))}, 2)
    else 0 end)`;

const pounds = (pence: number) => (pence / 100).toFixed(2);

const summaryColumns = {
  ...columnsOf(properties, PROPERTY_CARD_COLUMNS),
  /** Whose levy the card's figure carries; read by the service, not sent. */
  levyArea: properties.levyArea,
  underMaintenance: properties.underMaintenance,
  verified: isVerified,
};

export type PropertySummaryRow = Awaited<ReturnType<typeof searchProperties>>["rows"][number];

/** A place listings are in: the borough or town, and its region ("Camden", "London"). */
export type Place = { city: string; region: string };

/** Every place that has an active listing: a few dozen rows, read from the place index alone. */
export async function findPlaces(db: Database): Promise<Place[]> {
  return db
    .selectDistinct({ city: properties.city, region: properties.region })
    .from(properties)
    .where(eq(properties.isActive, true));
}

/** The places whose "city region" contains the text, ignoring case: what the location filter means. */
export function matchPlaces(places: Place[], text: string): Place[] {
  const needle = text.toLocaleLowerCase("en-GB");
  return places.filter((p) => `${p.city} ${p.region}`.toLocaleLowerCase("en-GB").includes(needle));
}

/** What a search filters on, without its paging and order. */
export type ListingFilterQuery = Omit<TPropertySearchQuery, "page" | "pageSize" | "sort">;

/**
 * What the listing itself must be. `places`, when given, are the exact places the city text matched
 * (see matchPlaces): equality then uses properties_place_price_idx. Without them the text is matched
 * row by row through the trigram index, with the same meaning.
 */
function listingFilters(query: ListingFilterQuery, places?: Place[]): SQL[] {
  const filters: SQL[] = [eq(properties.isActive, true)];
  if (query.city && places) {
    filters.push(
      places.length === 0
        ? sql`false`
        : sql`(${properties.city}, ${properties.region}) in (${sql.join(
            places.map((p) => sql`(${p.city}, ${p.region})`),
            sql`, `,
          )})`,
    );
  } else if (query.city) {
    // Same expression as the trigram index properties_place_trgm_idx.
    filters.push(sql`(${properties.city} || ' ' || ${properties.region}) ilike ${likeContains(query.city)}`);
  }
  if (query.maxPrice !== undefined) {
    // The price limit is on the all-in nightly price guests are shown. The all-in price rises with the nightly price,
    // so the limit is the dearest nightly price within it, and properties_place_price_idx still answers the range.
    const maxAllInPence = Math.round(query.maxPrice * 100);
    filters.push(lte(properties.pricePerNight, pounds(maxNightlyForAllInPence(maxAllInPence))));
    if (inForce("edinburghVisitorLevy", cardNight(query))) {
      // A levied listing's limit is lower (and inside the range above, which the index still answers).
      const maxLevied = maxNightlyForAllInPence(maxAllInPence, { levyPercent: EDINBURGH_LEVY_PERCENT });
      filters.push(
        sql`(${properties.levyArea} is distinct from 'city_of_edinburgh' or ${properties.pricePerNight} <= ${pounds(maxLevied)})`,
      );
    }
  }
  if (query.q) {
    // Same expression as the trigram index properties_text_trgm_idx.
    filters.push(sql`(${properties.title} || ' ' || ${properties.description}) ilike ${likeContains(query.q)}`);
  }
  filters.push(...partyFilters(query));
  if (query.verified) filters.push(isVerified);
  filters.push(...boundsFilters(query));
  return filters;
}

/**
 * Who comes: the adults and children fit (infants are not counted), pets only where allowed, children and infants
 * only where the home suits them. Without any party field nothing is filtered, as before.
 */
function partyFilters(query: ListingFilterQuery): SQL[] {
  const asked = [query.guests, ...PARTY_KINDS.map((kind) => query[kind])].some((count) => count !== undefined);
  if (!asked) return [];
  const party = partyOf(query);
  const filters: SQL[] = [gte(properties.maxGuests, guestsCounted(party))];
  if (party.pets > 0) filters.push(eq(properties.petsAllowed, true));
  if (party.children + party.infants > 0) filters.push(eq(properties.suitsChildren, true));
  return filters;
}

/**
 * With dates, the quote's rules (bookings.service.ts): bookable, open by check-in, every night free.
 * The free-night tests are index probes per listing (stay-availability.sql.ts), so they come last and
 * run only on listings that passed everything else.
 */
function stayFilters(query: ListingFilterQuery): SQL[] {
  const span = flexibleSpanOf(query);
  // Flexible dates: the same rules, tested on each candidate stay (flexible-window.sql.ts).
  if (span) return [eq(properties.underMaintenance, false), sql`${firstWindowCheckIn(span)} is not null`];
  if (!query.checkIn || !query.checkOut) return [];
  return [
    eq(properties.underMaintenance, false),
    sql`(${properties.availableFrom} is null or ${properties.availableFrom} <= ${query.checkIn}::date)`,
    stayIsFree(properties.id, query.checkIn, query.checkOut),
  ];
}

/** The search's whole filter, for reads that are not a page of cards (the map's pins). */
export function listingsMatching(query: ListingFilterQuery, places?: Place[]): SQL | undefined {
  return and(...listingFilters(query, places), ...stayFilters(query));
}

/** The statement for one page of results, unexecuted (benchmarks EXPLAIN it). */
export function searchQuery(db: Database, query: TPropertySearchQuery, places?: Place[]) {
  // Sorting by price means by the all-in price shown. Without a levy in force on the card's night it rises with every
  // penny of the nightly price (allInNightlyPence), so ordering by the indexed nightly column gives exactly the all-in
  // order; with one, an Edinburgh listing sits higher than its nightly price, so the all-in expression is sorted.
  const price = inForce("edinburghVisitorLevy", cardNight(query)) ? levyInclusiveAllIn : properties.pricePerNight;
  const order = {
    recommended: [desc(properties.rating), desc(properties.reviewCount), asc(properties.id)],
    price_asc: [asc(price), asc(properties.id)],
    price_desc: [desc(price), asc(properties.id)],
    newest: [desc(properties.createdAt), desc(properties.id)],
  }[query.sort];

  let where = and(...listingFilters(query, places), ...stayFilters(query));
  if (query.q) {
    // Text matches are found through the trigram index first (OFFSET 0 keeps the subquery apart):
    // left to itself the planner may walk the whole ordered index testing ILIKE on every row,
    // which is slowest exactly when nothing matches.
    const matching = db.select({ id: properties.id }).from(properties).where(where).offset(0);
    where = inArray(properties.id, matching);
  }
  // First the page's ids, which the covering place index can answer without reading rows; then
  // only those rows.
  const pageIds = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as("page_ids");
  // A flexible search's first window is worked out again for the page's listings only.
  const span = flexibleSpanOf(query);
  const windowCheckIn = span ? firstWindowCheckIn(span) : sql<string | null>`null`;
  return db
    .select({ ...summaryColumns, windowCheckIn })
    .from(properties)
    .innerJoin(pageIds, eq(properties.id, pageIds.id))
    .orderBy(...order);
}

/** Counts are exact up to this many matches; beyond it the answer is "more than COUNT_CAP". */
export const COUNT_CAP = 1000;
/** A flexible-date search probes up to 93 stays per listing it counts, so it counts no further than this. */
export const FLEXIBLE_COUNT_CAP = 100;

/** How far this search counts. */
export function countCapOf(query: Pick<TPropertySearchQuery, "flex">): number {
  return query.flex ? FLEXIBLE_COUNT_CAP : COUNT_CAP;
}

/**
 * How many listings match, ignoring paging, counting no further than COUNT_CAP + 1: an exact count of
 * 85,000 London listings costs PostgreSQL a read of every one of them, and nobody pages that far.
 */
export function countQuery(db: Database, query: TPropertySearchQuery, places?: Place[]) {
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(properties)
    .where(and(...listingFilters(query, places), ...stayFilters(query)))
    .limit(countCapOf(query) + 1)
    .as("matches");
  return db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(matches);
}

/** The first `perProperty` photo URLs of each listing, main photo first. */
async function photoUrlsFor(db: Database, propertyIds: number[], perProperty: number) {
  const byProperty = new Map<number, string[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return byProperty;
  const ranked = db
    .select({
      propertyId: propertyPhotos.propertyId,
      url: propertyPhotos.url,
      rank: sql<number>`row_number() over (partition by ${propertyPhotos.propertyId}
        order by ${propertyPhotos.isMain} desc, ${propertyPhotos.displayOrder}, ${propertyPhotos.id})`.as("rank"),
    })
    .from(propertyPhotos)
    .where(inArray(propertyPhotos.propertyId, propertyIds))
    .as("ranked");
  const rows = await db
    .select({ propertyId: ranked.propertyId, url: ranked.url })
    .from(ranked)
    .where(lte(ranked.rank, perProperty))
    .orderBy(ranked.propertyId, ranked.rank);
  for (const row of rows) byProperty.get(row.propertyId)?.push(row.url);
  return byProperty;
}

/**
 * Public search: active listings only, filtered and paged in SQL. The page and the total are two
 * statements run side by side (a window count would make PostgreSQL read every match in full before
 * it could stop at one page); photos are fetched for the page's listings only.
 */
export async function searchProperties(db: Database, query: TPropertySearchQuery, places?: Place[]) {
  const [page, [count]] = await Promise.all([searchQuery(db, query, places), countQuery(db, query, places)]);
  const photos = await photoUrlsFor(
    db,
    page.map((p) => p.id),
    LIST_PHOTOS,
  );
  const rows = page.map((p) => ({ ...p, images: photos.get(p.id) ?? [] }));
  const counted = count?.total ?? 0;
  const cap = countCapOf(query);
  return { rows, total: Math.min(counted, cap), totalIsCapped: counted > cap };
}

/** One listing by id or slug, with its photos, amenities and host; inactive listings included (the caller decides). */
export async function findPropertyByRef(db: Database, ref: { id: number } | { slug: string }) {
  const where = "id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug);
  const [row] = await db
    .select({
      ...summaryColumns,
      ...columnsOf(properties, PROPERTY_LISTING_COLUMNS),
      originalPricePerNight: referencePrice,
      ownerId: properties.ownerId,
      hostFirstName: users.firstName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(where)
    .limit(1);
  if (!row) return undefined;

  const [photos, amenities, [verification]] = await Promise.all([
    db
      .select({
        url: propertyPhotos.url,
        caption: propertyPhotos.caption,
        roomType: propertyPhotos.roomType,
        isMain: propertyPhotos.isMain,
      })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, row.id))
      .orderBy(desc(propertyPhotos.isMain), asc(propertyPhotos.displayOrder), asc(propertyPhotos.id)),
    db
      .select({
        name: propertyAmenities.name,
        category: propertyAmenities.category,
        description: propertyAmenities.description,
        isHighlighted: propertyAmenities.isHighlighted,
      })
      .from(propertyAmenities)
      .where(eq(propertyAmenities.propertyId, row.id))
      .orderBy(desc(propertyAmenities.isHighlighted), asc(propertyAmenities.category), asc(propertyAmenities.name)),
    db
      .select({ checks: propertyVerifications.checks, verifiedAt: propertyVerifications.verifiedAt })
      .from(propertyVerifications)
      .where(and(eq(propertyVerifications.propertyId, row.id), isNull(propertyVerifications.withdrawnAt))),
  ]);
  return { ...row, images: photos.map((p) => p.url), photos, amenities, verification: verification ?? null };
}

/** Listings open to search (active), as the dashboard and the host pitch count them. */
export async function countActiveListings(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .where(eq(properties.isActive, true));
  return row?.n ?? 0;
}
