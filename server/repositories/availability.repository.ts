import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../common/domain/booking-status";
import type { PricingRule } from "../../common/domain/pricing";
import { poundsToPence } from "../../common/domain/pricing";
import type { Database, Tx } from "../db/client";
import { availability, bookings, pricingRules, properties } from "../db/schema";
import { PG, pgConstraint, pgErrorCode } from "../lib/postgres-errors";

/**
 * True when a pending or confirmed booking shares a night with [checkIn, checkOut). The same
 * half-open range as the bookings_no_overlapping_stays constraint, so back-to-back stays are free.
 */
export async function hasOverlappingBooking(db: Database, propertyId: number, checkIn: string, checkOut: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        inArray(bookings.status, [...HOLDING_STATUSES]),
        sql`daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The filter for a property's blocked nights (the landlord's and maintenance jobs') from the night `from`, and before
 * `until` when given: the nights nobody can book.
 */
export function blockedNightsWhere(propertyId: number, from: string, until?: string) {
  return and(
    eq(availability.propertyId, propertyId),
    eq(availability.status, "blocked"),
    gte(availability.date, from),
    until === undefined ? undefined : lt(availability.date, until),
  );
}

/** Nights in [checkIn, checkOut) the landlord has blocked. */
export async function blockedNights(db: Database, propertyId: number, checkIn: string, checkOut: string) {
  const rows = await db
    .select({ date: availability.date })
    .from(availability)
    .where(blockedNightsWhere(propertyId, checkIn, checkOut))
    .orderBy(asc(availability.date));
  return rows.map((r) => r.date);
}

/** The property's pricing rules in the shape the pricing code reads (money in pence). */
export async function findPricingRules(db: Database, propertyId: number): Promise<PricingRule[]> {
  return (await findPricingRulesOf(db, [propertyId])).get(propertyId) ?? [];
}

/** The pricing rules of several properties in one read (a page of search results), by property id. */
export async function findPricingRulesOf(db: Database, propertyIds: number[]): Promise<Map<number, PricingRule[]>> {
  const byProperty = new Map<number, PricingRule[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return byProperty;
  const rows = await db.select().from(pricingRules).where(inArray(pricingRules.propertyId, propertyIds));
  for (const r of rows)
    byProperty.get(r.propertyId)?.push({
      id: r.id,
      startDate: r.startDate,
      endDate: r.endDate,
      daysOfWeek: r.daysOfWeek,
      minStayLength: r.minStayLength,
      maxStayLength: r.maxStayLength,
      priceModifierPercent: r.priceModifier === null ? null : Number(r.priceModifier),
      fixedPricePence: r.fixedPrice === null ? null : poundsToPence(r.fixedPrice),
      isActive: r.isActive,
      priority: r.priority,
    });
  return byProperty;
}

/** The facts a quote or a booking needs about a property, by numeric id or slug. */
export async function findPropertyForBooking(db: Database, ref: { id: number } | { slug: string }) {
  const [row] = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      title: properties.title,
      pricePerNight: properties.pricePerNight,
      pricePerMonth: properties.pricePerMonth,
      maxGuests: properties.maxGuests,
      petsAllowed: properties.petsAllowed,
      suitsChildren: properties.suitsChildren,
      depositAmount: properties.depositAmount,
      holdingDepositAmount: properties.holdingDepositAmount,
      securityDepositAmount: properties.securityDepositAmount,
      epcRating: properties.epcRating,
      epcExemptionReference: properties.epcExemptionReference,
      shortLetOffered: properties.shortLetOffered,
      shortLetMinNights: properties.shortLetMinNights,
      shortLetMaxNights: properties.shortLetMaxNights,
      midLetOffered: properties.midLetOffered,
      midLetMinNights: properties.midLetMinNights,
      midLetMaxNights: properties.midLetMaxNights,
      tenancyOffered: properties.tenancyOffered,
      minTenancyMonths: properties.minTenancyMonths,
      maxTenancyMonths: properties.maxTenancyMonths,
      availableFrom: properties.availableFrom,
      isActive: properties.isActive,
      underMaintenance: properties.underMaintenance,
      cancellationPolicy: properties.cancellationPolicy,
      region: properties.region,
      propertyType: properties.propertyType,
      shortLetPermission: properties.shortLetPermission,
      nation: properties.nation,
      levyArea: properties.levyArea,
      welshRegistrationNumber: properties.welshRegistrationNumber,
      instantBook: properties.instantBook,
    })
    .from(properties)
    .where("id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug))
    .limit(1);
  return row;
}

export type BookingRow = typeof bookings.$inferSelect;

export async function findBookingByIdempotencyKey(db: Database, guestId: number, key: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.guestId, guestId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * Inserts the booking. The database is the last word on overlaps: answers "taken" when the exclusion
 * constraint refuses it, "duplicate" when the same Idempotency-Key won a race, "closed" when the listing stopped
 * taking bookings after the caller checked it (removed by an admin, say; trigger of migration 0012). The booking's
 * cancellation policy is not the caller's to give: the insert copies the property's policy in force at
 * that instant (trigger bookings_copy_cancellation_policy, migration 0010).
 *
 * Two overlapping inserts at the same instant can each find the other's uncommitted row and wait for
 * it; PostgreSQL then aborts one as a deadlock (40P01) rather than as an overlap. The statement is
 * simply tried again: by then the survivor has committed (a 23P01, so "taken") or rolled back.
 */
export async function insertBooking(
  tx: Tx,
  booking: Omit<typeof bookings.$inferInsert, "cancellationPolicy">,
  attemptsLeft = 3,
): Promise<{ booking: BookingRow } | { refused: "taken" | "duplicate" | "closed" }> {
  try {
    // In a savepoint: a refused insert leaves the caller's transaction usable.
    const [row] = await tx.transaction((savepoint) => savepoint.insert(bookings).values(booking).returning());
    if (!row) throw new Error("booking not inserted");
    return { booking: row };
  } catch (error) {
    const code = pgErrorCode(error);
    // The exclusion constraint refused a second booking of a night.
    if (code === PG.EXCLUSION_VIOLATION) return { refused: "taken" };
    if (code === PG.CHECK_VIOLATION && pgConstraint(error) === "bookings_listing_bookable")
      return { refused: "closed" };
    if (code === PG.UNIQUE_VIOLATION && booking.idempotencyKey) return { refused: "duplicate" };
    if (code === PG.DEADLOCK_DETECTED && attemptsLeft > 1) return insertBooking(tx, booking, attemptsLeft - 1);
    throw error;
  }
}
