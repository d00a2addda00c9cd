import { and, asc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { AMENITY_NAMES, type AmenityName, amenityGroupOf } from "../../../common/domain/amenities";
import type { Database, Db, Tx } from "../../db/client";
import { properties, propertyAmenities, propertyPhotos } from "../../db/schema";

export type NewPropertyRow = typeof properties.$inferInsert;
/** The landlord's fields of a listing: everything PUT /api/properties/{id} rewrites. */
export type PropertyFieldsRow = Omit<
  NewPropertyRow,
  "id" | "ownerId" | "slug" | "isActive" | "underMaintenance" | "rating" | "reviewCount" | "createdAt" | "updatedAt"
>;

export type PropertyRow = typeof properties.$inferSelect;
export type PhotoRow = typeof propertyPhotos.$inferSelect;

export async function findPropertyRow(db: Db, id: number): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  return row;
}

/** A property's photos in the landlord's order. */
export async function findPhotos(db: Db, propertyId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(asc(propertyPhotos.displayOrder), asc(propertyPhotos.id));
}

export async function findAmenityNames(db: Db, propertyId: number): Promise<string[]> {
  const rows = await db
    .select({ name: propertyAmenities.name })
    .from(propertyAmenities)
    .where(eq(propertyAmenities.propertyId, propertyId))
    .orderBy(asc(propertyAmenities.id));
  return rows.map((r) => r.name);
}

/** Slugs already taken by `base` or `base-<n>`, to choose the next free one. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: properties.slug })
    .from(properties)
    .where(or(eq(properties.slug, base), like(properties.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export async function insertProperty(tx: Tx, values: NewPropertyRow): Promise<number> {
  const [row] = await tx.insert(properties).values(values).returning({ id: properties.id });
  if (!row) throw new Error("property not inserted");
  return row.id;
}

/** Adds amenities by name, each in its group of the form's list; one already there keeps its row. */
export async function insertAmenities(tx: Tx, propertyId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .insert(propertyAmenities)
    .values(names.map((name) => ({ propertyId, name, category: amenityGroupOf(name) ?? "General" })))
    .onConflictDoNothing();
}

/**
 * Makes the ticked amenities of the form's list exactly `names`: ones no longer ticked go, new ones are added, and
 * those kept keep their description and highlight. Rows outside the list (an older listing's own words) stay.
 */
export async function replaceAmenities(tx: Tx, propertyId: number, names: readonly AmenityName[]): Promise<void> {
  const unticked = AMENITY_NAMES.filter((name) => !names.includes(name));
  if (unticked.length > 0) {
    await tx
      .delete(propertyAmenities)
      .where(and(eq(propertyAmenities.propertyId, propertyId), inArray(propertyAmenities.name, unticked)));
  }
  await insertAmenities(tx, propertyId, names);
}

export async function insertPhotos(
  tx: Tx,
  propertyId: number,
  photos: readonly { url: string; displayOrder: number; isMain: boolean }[],
): Promise<void> {
  if (photos.length === 0) return;
  await tx.insert(propertyPhotos).values(photos.map((p) => ({ propertyId, ...p })));
}

/** Writes `changes` with a fresh updatedAt; false when the property is gone (or the `onlyIf` condition fails). */
async function updateProperty(
  db: Database | Tx,
  id: number,
  changes: PgUpdateSetSource<typeof properties>,
  onlyIf?: SQL,
): Promise<boolean> {
  const rows = await db
    .update(properties)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(properties.id, id), onlyIf))
    .returning({ id: properties.id });
  return rows.length > 0;
}

/** Rewrites the landlord's fields; false when the property is gone. */
export function updatePropertyFields(tx: Tx, id: number, fields: PropertyFieldsRow): Promise<boolean> {
  return updateProperty(tx, id, fields);
}

/**
 * Sets the listing's status (leaving `isActive` as it is when not given, as a maintenance job closing the property
 * does); false when the property is gone or, for a status that lists it or marks it under maintenance, when an admin
 * has removed it (checked in the same statement, so a removal committed meanwhile is never undone). Given a
 * transaction, it runs inside it.
 */
export async function updatePropertyState(
  db: Database | Tx,
  id: number,
  state: { isActive?: boolean; underMaintenance: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The row FOR UPDATE, not just the UPDATE's own lock: a booking request being inserted meanwhile (its trigger
    // takes KEY SHARE) then waits for this change and sees the listing closed.
    await tx.execute(sql`select 1 from ${properties} where ${properties.id} = ${id} for update`);
    return updateProperty(
      tx,
      id,
      state,
      (state.isActive ?? state.underMaintenance) ? isNull(properties.removedAt) : undefined,
    );
  });
}

/**
 * Marks the property changed and holds its row until the transaction ends, so photo writes to one
 * property run one after another (the 20-photo limit and the one main photo stay true under races).
 */
export function lockPropertyForPhotos(tx: Tx, id: number): Promise<boolean> {
  return updateProperty(tx, id, {});
}

/** Sets display_order to each id's position in `orderedIds` (all of them photos of the property). */
export async function writePhotoOrder(tx: Tx, propertyId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const positions = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::int then ${index}::int`),
    sql` `,
  );
  await tx
    .update(propertyPhotos)
    .set({ displayOrder: sql`case ${propertyPhotos.id} ${positions} end` })
    .where(and(eq(propertyPhotos.propertyId, propertyId), inArray(propertyPhotos.id, [...orderedIds])));
}

/** Makes `photoId` the property's one main photo (cleared first: the partial unique index allows one). */
export async function writeMainPhoto(tx: Tx, propertyId: number, photoId: number): Promise<void> {
  await tx
    .update(propertyPhotos)
    .set({ isMain: false })
    .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.isMain, true)));
  await tx
    .update(propertyPhotos)
    .set({ isMain: true })
    .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId)));
}

export async function deletePhotoRow(tx: Tx, propertyId: number, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await tx
    .delete(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId)))
    .returning();
  return row;
}

/** The planning permission recorded for short lets beyond London's yearly limit (null clears it). */
export async function updateShortLetPermission(db: Db, id: number, permission: string | null): Promise<void> {
  await db
    .update(properties)
    .set({ shortLetPermission: permission, updatedAt: new Date() })
    .where(eq(properties.id, id));
}
