import { type SQL, and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { properties, propertyAmenities, propertyPhotos, users } from "../db/schema";
import type { TPropertySearchQuery } from "../../common/schemas/properties";

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** At most this many photo URLs ride along with each search result. */
const LIST_PHOTOS = 5;

const summaryColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  description: properties.description,
  address: properties.address,
  city: properties.city,
  region: properties.region,
  pricePerNight: properties.pricePerNight,
  pricePerMonth: properties.pricePerMonth,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  maxGuests: properties.maxGuests,
  squareFeet: properties.squareFeet,
  propertyType: properties.propertyType,
  rating: properties.rating,
  reviewCount: properties.reviewCount,
  isActive: properties.isActive,
  underMaintenance: properties.underMaintenance,
  latitude: properties.latitude,
  longitude: properties.longitude,
};

export type PropertySummaryRow = Awaited<ReturnType<typeof searchProperties>>["rows"][number];

function searchFilters(query: TPropertySearchQuery): SQL[] {
  const filters: SQL[] = [eq(properties.isActive, true)];
  if (query.city) {
    // Same expression as the trigram index properties_place_trgm_idx.
    filters.push(sql`(${properties.city} || ' ' || ${properties.region}) ilike ${likeContains(query.city)}`);
  }
  if (query.maxPrice !== undefined) filters.push(lte(properties.pricePerNight, query.maxPrice.toFixed(2)));
  if (query.q) {
    // Same expression as the trigram index properties_text_trgm_idx.
    filters.push(sql`(${properties.title} || ' ' || ${properties.description}) ilike ${likeContains(query.q)}`);
  }
  return filters;
}

/** The statement for one page of results, unexecuted (benchmarks EXPLAIN it). */
export function searchQuery(db: Database, query: TPropertySearchQuery) {
  const order = {
    recommended: [desc(properties.rating), desc(properties.reviewCount), asc(properties.id)],
    price_asc: [asc(properties.pricePerNight), asc(properties.id)],
    price_desc: [desc(properties.pricePerNight), asc(properties.id)],
    newest: [desc(properties.createdAt), desc(properties.id)],
  }[query.sort];

  let where = and(...searchFilters(query));
  if (query.q) {
    // Text matches are found through the trigram index first (OFFSET 0 keeps the subquery apart):
    // left to itself the planner may walk the whole ordered index testing ILIKE on every row,
    // which is slowest exactly when nothing matches.
    const matching = db.select({ id: properties.id }).from(properties).where(where).offset(0);
    where = inArray(properties.id, matching);
  }
  return db
    .select(summaryColumns)
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** How many listings match, ignoring paging. */
export function countQuery(db: Database, query: TPropertySearchQuery) {
  return db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(properties)
    .where(and(...searchFilters(query)));
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
export async function searchProperties(db: Database, query: TPropertySearchQuery) {
  const [page, [count]] = await Promise.all([searchQuery(db, query), countQuery(db, query)]);
  const photos = await photoUrlsFor(
    db,
    page.map((p) => p.id),
    LIST_PHOTOS,
  );
  const rows = page.map((p) => ({ ...p, images: photos.get(p.id) ?? [] }));
  return { rows, total: count?.total ?? 0 };
}

/** One listing by id or slug, with its photos, amenities and host; inactive listings included (the caller decides). */
export async function findPropertyByRef(db: Database, ref: { id: number } | { slug: string }) {
  const where = "id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug);
  const [row] = await db
    .select({
      ...summaryColumns,
      postcode: properties.postcode,
      originalPricePerNight: properties.originalPricePerNight,
      furnishingStatus: properties.furnishingStatus,
      availableFrom: properties.availableFrom,
      depositAmount: properties.depositAmount,
      minTenancyMonths: properties.minTenancyMonths,
      epcRating: properties.epcRating,
      councilTaxBand: properties.councilTaxBand,
      features: properties.features,
      tenantPreferences: properties.tenantPreferences,
      termsAndConditions: properties.termsAndConditions,
      cancellationPolicy: properties.cancellationPolicy,
      createdAt: properties.createdAt,
      ownerId: properties.ownerId,
      hostFirstName: users.firstName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(where)
    .limit(1);
  if (!row) return undefined;

  const [photos, amenities] = await Promise.all([
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
  ]);
  return { ...row, images: photos.map((p) => p.url), photos, amenities };
}
