import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { HoldStatus } from "../../common/domain/security-deposits";
import type { Db, Tx } from "../db/client";
import { bookings, damageClaims, properties, securityDepositHolds } from "../db/schema";

export type HoldRow = typeof securityDepositHolds.$inferSelect;

/**
 * Confirmed short lets with a security deposit whose hold is due (from the day before check-in, until check-out) and
 * not yet written.
 */
export async function findStaysDueAHold(db: Db, today: string) {
  return db
    .select({
      bookingId: bookings.id,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      amountPence: bookings.securityDepositPence,
      paymentIntentId: bookings.paymentIntentId,
    })
    .from(bookings)
    .leftJoin(securityDepositHolds, eq(securityDepositHolds.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.status, "confirmed"),
        sql`${bookings.securityDepositPence} > 0`,
        sql`${bookings.checkIn} - 1 <= ${today}::date`,
        sql`${bookings.checkOut} > ${today}::date`,
        isNull(securityDepositHolds.id),
      ),
    )
    .orderBy(asc(bookings.checkIn))
    .limit(200);
}

/** Writes the stay's hold row; undefined when another run wrote it first (one hold per stay). */
export async function insertHold(
  db: Db,
  row: Pick<HoldRow, "bookingId" | "amountPence" | "status" | "authorisedOn" | "releaseOn" | "note">,
): Promise<number | undefined> {
  const [made] = await db
    .insert(securityDepositHolds)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: securityDepositHolds.id });
  return made?.id;
}

/** Holds written but not yet answered by Stripe (a run that stopped half way included), with their stay's payment. */
export async function findHoldsBeingPlaced(db: Db) {
  return db
    .select({ hold: securityDepositHolds, paymentIntentId: bookings.paymentIntentId })
    .from(securityDepositHolds)
    .innerJoin(bookings, eq(bookings.id, securityDepositHolds.bookingId))
    .where(eq(securityDepositHolds.status, "authorising"))
    .orderBy(asc(securityDepositHolds.id))
    .limit(200);
}

/**
 * Standing holds to let go today: their release day has come and no claim on the stay is still being answered, or
 * the hold is about to lapse anyway, or the stay was cancelled.
 */
export async function findHoldsToRelease(db: Db, today: string, lapsingBy: string) {
  return db
    .select({ hold: securityDepositHolds })
    .from(securityDepositHolds)
    .innerJoin(bookings, eq(bookings.id, securityDepositHolds.bookingId))
    .where(
      and(
        eq(securityDepositHolds.status, "authorised"),
        sql`(
          ${bookings.status} = 'cancelled'
          or ${securityDepositHolds.authorisedOn} <= ${lapsingBy}::date
          or (${securityDepositHolds.releaseOn} <= ${today}::date and not exists (
            select 1 from ${damageClaims}
             where ${damageClaims.bookingId} = ${bookings.id} and ${damageClaims.status} in ('open', 'disputed')))
        )`,
      ),
    )
    .orderBy(asc(securityDepositHolds.id))
    .limit(200);
}

/** Moves a hold on from `from` only, so two runs never both record the same step. */
export async function moveHold(
  db: Db | Tx,
  holdId: number,
  from: HoldStatus,
  set: Partial<typeof securityDepositHolds.$inferInsert>,
): Promise<boolean> {
  const moved = await db
    .update(securityDepositHolds)
    .set(set)
    .where(and(eq(securityDepositHolds.id, holdId), eq(securityDepositHolds.status, from)))
    .returning({ id: securityDepositHolds.id });
  return moved.length > 0;
}

/** The stay's standing hold, locked while part of it is taken for a claim. */
export async function lockStandingHold(tx: Tx, bookingId: number): Promise<HoldRow | undefined> {
  const [row] = await tx
    .select()
    .from(securityDepositHolds)
    .where(and(eq(securityDepositHolds.bookingId, bookingId), eq(securityDepositHolds.status, "authorised")))
    .for("update")
    .limit(1);
  return row;
}

export async function findHoldsOfBookings(db: Db, bookingIds: readonly number[]): Promise<HoldRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(securityDepositHolds)
    .where(inArray(securityDepositHolds.bookingId, [...bookingIds]));
}

/** A stay's deposit, its parties (for the access check) and its hold if placed. */
export async function findStayWithHold(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      guestId: bookings.guestId,
      ownerId: properties.ownerId,
      checkIn: bookings.checkIn,
      amountPence: bookings.securityDepositPence,
      hold: securityDepositHolds,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .leftJoin(securityDepositHolds, eq(securityDepositHolds.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
