import { aliasedTable, asc, desc, eq, inArray } from "drizzle-orm";
import type { DamageClaimStatus } from "../../common/domain/damage-claims";
import type { Db, Tx } from "../db/client";
import { bookings, damageClaimPhotos, damageClaims, properties, users } from "../db/schema";

const guests = aliasedTable(users, "claim_guest");
const hosts = aliasedTable(users, "claim_host");

/** A claim with the stay, listing and people it concerns: what every view of it and every letter about it needs. */
const claimColumns = {
  claim: damageClaims,
  guestId: bookings.guestId,
  ownerId: properties.ownerId,
  checkOut: bookings.checkOut,
  propertyTitle: properties.title,
  depositAmount: properties.depositAmount,
  securityDepositPence: bookings.securityDepositPence,
  guest: { firstName: guests.firstName, lastName: guests.lastName, email: guests.email },
  host: { firstName: hosts.firstName, lastName: hosts.lastName, email: hosts.email },
};

function claimQuery(db: Db) {
  return db
    .select(claimColumns)
    .from(damageClaims)
    .innerJoin(bookings, eq(bookings.id, damageClaims.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .innerJoin(hosts, eq(hosts.id, properties.ownerId));
}

export type ClaimRow = Awaited<ReturnType<typeof findClaim>> & {};

export async function findClaim(db: Db, claimId: number) {
  const [row] = await claimQuery(db).where(eq(damageClaims.id, claimId)).limit(1);
  return row;
}

/** The claim, locked for a change of its status (its answer, decision or payment). */
export async function lockClaim(tx: Tx, claimId: number) {
  const [row] = await claimQuery(tx).where(eq(damageClaims.id, claimId)).for("update", { of: damageClaims }).limit(1);
  return row;
}

export async function findClaimsOfBooking(db: Db, bookingId: number) {
  return claimQuery(db).where(eq(damageClaims.bookingId, bookingId)).orderBy(asc(damageClaims.id));
}

/** The claims on a guest's stays, newest first: for links from their bookings. */
export async function findClaimsOfGuest(db: Db, guestId: number) {
  return claimQuery(db).where(eq(bookings.guestId, guestId)).orderBy(desc(damageClaims.id)).limit(200);
}

/** Claims of a status for the admins' list, oldest first: the longest waiting is decided first. */
export async function findClaimsByStatus(db: Db, statuses: readonly DamageClaimStatus[]) {
  return claimQuery(db)
    .where(inArray(damageClaims.status, [...statuses]))
    .orderBy(desc(damageClaims.status), asc(damageClaims.createdAt))
    .limit(200);
}

export async function findClaimPhotoKeys(db: Db, claimIds: readonly number[]): Promise<Map<number, string[]>> {
  const keys = new Map<number, string[]>();
  if (claimIds.length === 0) return keys;
  const rows = await db
    .select({ claimId: damageClaimPhotos.claimId, photoKey: damageClaimPhotos.photoKey })
    .from(damageClaimPhotos)
    .where(inArray(damageClaimPhotos.claimId, [...claimIds]))
    .orderBy(asc(damageClaimPhotos.id));
  for (const row of rows) keys.set(row.claimId, [...(keys.get(row.claimId) ?? []), row.photoKey]);
  return keys;
}

export async function insertClaim(
  tx: Tx,
  claim: { bookingId: number; raisedBy: number; description: string; amountPence: number },
  photoKeys: readonly string[],
): Promise<number | undefined> {
  const [row] = await tx
    .insert(damageClaims)
    .values(claim)
    .onConflictDoNothing({ target: damageClaims.bookingId })
    .returning({ id: damageClaims.id });
  if (!row) return undefined;
  if (photoKeys.length > 0) {
    await tx.insert(damageClaimPhotos).values(photoKeys.map((photoKey) => ({ claimId: row.id, photoKey })));
  }
  return row.id;
}

export async function updateClaim(tx: Tx, claimId: number, set: Partial<typeof damageClaims.$inferInsert>) {
  await tx.update(damageClaims).set(set).where(eq(damageClaims.id, claimId));
}
