import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { bookings, properties, savedProperties } from "../db/schema";

export type DashboardCounts = { totalProperties: number; userBookingsCount: number; savedPropertiesCount: number };

/**
 * The three dashboard counts in one round trip. Saved properties count only listed ones, as the Saved
 * Properties page shows them; bookings count in any status.
 */
export async function countDashboardStats(db: Database, userId: number): Promise<DashboardCounts> {
  const result = await db.execute<{ total_properties: number; user_bookings: number; saved: number }>(sql`
    select
      (select count(*)::int from ${properties} where ${properties.isActive}) as total_properties,
      (select count(*)::int from ${bookings} where ${bookings.guestId} = ${userId}) as user_bookings,
      (select count(*)::int from ${savedProperties}
         join ${properties} on ${properties.id} = ${savedProperties.propertyId}
         where ${savedProperties.userId} = ${userId} and ${properties.isActive}) as saved
  `);
  const row = result.rows[0];
  return {
    totalProperties: row?.total_properties ?? 0,
    userBookingsCount: row?.user_bookings ?? 0,
    savedPropertiesCount: row?.saved ?? 0,
  };
}

/** The user's newest bookings (any status), with the property's title; walks bookings_guest_idx. */
export async function findRecentBookings(db: Database, userId: number, limit: number) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      createdAt: bookings.createdAt,
      propertyId: properties.id,
      propertyTitle: properties.title,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.guestId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

/** The user's newest saves of listed properties. */
export async function findRecentSaves(db: Database, userId: number, limit: number) {
  return db
    .select({
      id: savedProperties.id,
      createdAt: savedProperties.createdAt,
      propertyId: properties.id,
      propertyTitle: properties.title,
    })
    .from(savedProperties)
    .innerJoin(properties, eq(properties.id, savedProperties.propertyId))
    .where(and(eq(savedProperties.userId, userId), eq(properties.isActive, true)))
    .orderBy(desc(savedProperties.createdAt), desc(savedProperties.id))
    .limit(limit);
}
