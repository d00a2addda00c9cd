import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { passkeys, webauthnChallenges } from "../db/schema";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;
export type ChallengePurpose = "register" | "sign-in";

export async function insertChallenge(
  db: Db,
  row: { challenge: string; userId: number | null; purpose: ChallengePurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(webauthnChallenges).values(row);
}

/**
 * Takes (deletes) a live challenge handed out for `purpose` (and, to register, to this user): a challenge answers
 * once, whichever instance the answer reaches.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1;
}

/** Challenges nobody answered in time; answers how many went. */
export async function deleteExpiredChallenges(db: Db): Promise<number> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, sql`now()`))
    .returning({ id: webauthnChallenges.id });
  return rows.length;
}

export function findPasskeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findPasskeyById(db: Db, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** The new passkey, or null when that credential is registered already. */
export async function insertPasskey(db: Db, row: NewPasskey): Promise<PasskeyRow | null> {
  const [created] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/**
 * Records a sign-in with the passkey: its new counter, only if the stored one is still the one checked against, so
 * two sign-ins racing with the same count cannot both pass.
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  checkedCounter: number,
  newCounter: number,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function renamePasskey(db: Db, id: number, name: string): Promise<void> {
  await db.update(passkeys).set({ name }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: Db, id: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.id, id));
}
