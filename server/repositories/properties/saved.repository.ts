import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { properties, propertyPhotos, savedProperties } from "../../db/schema";

/** At most this many photo URLs ride along with each saved item, as in search results. */
const SAVED_ITEM_PHOTOS = 5;

/** A property named by id or slug, with whether it is listed; undefined when there is none. */
export async function findPropertyForSaving(db: Database, ref: { id: number } | { slug: string }) {
  const [row] = await db
    .select({ id: properties.id, isActive: properties.isActive })
    .from(properties)
    .where("id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug))
    .limit(1);
  return row;
}

const savedItemColumns = {
  id: savedProperties.id,
  createdAt: savedProperties.createdAt,
  propertyId: properties.id,
  slug: properties.slug,
  title: properties.title,
  description: properties.description,
  city: properties.city,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  maxGuests: properties.maxGuests,
  pricePerNight: properties.pricePerNight,
  levyArea: properties.levyArea,
  rating: properties.rating,
  // One statement for the list and its photos: a saved list is short, and each lookup walks property_photos_display_idx.
  images: sql<string[]>`array(
    select ${propertyPhotos.url} from ${propertyPhotos}
    where ${propertyPhotos.propertyId} = ${properties.id}
    order by ${propertyPhotos.isMain} desc, ${propertyPhotos.displayOrder}, ${propertyPhotos.id}
    limit ${SAVED_ITEM_PHOTOS})`,
};

export type SavedItemRow = Awaited<ReturnType<typeof findSavedItems>>[number];

/**
 * The user's saved properties that are still listed, newest first; with `propertyId`, only that one.
 * Saved rows of unlisted properties stay (they come back if the listing does) but are not shown.
 */
export async function findSavedItems(db: Database, userId: number, propertyId?: number) {
  return db
    .select(savedItemColumns)
    .from(savedProperties)
    .innerJoin(properties, eq(properties.id, savedProperties.propertyId))
    .where(
      and(
        eq(savedProperties.userId, userId),
        eq(properties.isActive, true),
        propertyId === undefined ? undefined : eq(savedProperties.propertyId, propertyId),
      ),
    )
    .orderBy(desc(savedProperties.createdAt), desc(savedProperties.id));
}

/** Saves the property for the user; false when it was already saved (the unique index decides, so races are safe). */
export async function insertSavedProperty(db: Database, userId: number, propertyId: number): Promise<boolean> {
  const inserted = await db
    .insert(savedProperties)
    .values({ userId, propertyId })
    .onConflictDoNothing({ target: [savedProperties.userId, savedProperties.propertyId] })
    .returning({ id: savedProperties.id });
  return inserted.length > 0;
}

/** Removes the user's saved row for the property; false when there was none. */
export async function deleteSavedProperty(db: Database, userId: number, propertyId: number): Promise<boolean> {
  const deleted = await db
    .delete(savedProperties)
    .where(and(eq(savedProperties.userId, userId), eq(savedProperties.propertyId, propertyId)))
    .returning({ id: savedProperties.id });
  return deleted.length > 0;
}
