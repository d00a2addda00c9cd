import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { twoFactorRecoveryCodes, users } from "../db/schema";

/** Keeps a new sealed secret, pending until a code from it is confirmed (any earlier pending one is replaced). */
export async function setPendingSecret(db: Db, userId: number, sealedSecret: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/**
 * Takes the 30-second step of a code that has just been accepted, unless that step or a later one was taken before:
 * one statement, so the same code sent twice at once (to two instances) is accepted once.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        sql`${users.totpSecret} is not null`,
        or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function enableTotp(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ totpEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Forgets the secret and the recovery codes. */
export async function disableTotp(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** The account's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(tx: Tx, userId: number, codeHashes: string[]): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the code used if it is the account's and unused; one statement, so a code works once even when raced. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
