import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { emailChanges } from "../db/schema";

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** A new request replaces any the account has not confirmed yet: only the latest link moves the address. */
export async function supersedePendingChanges(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.supersededAt)));
}

export async function insertEmailChange(
  tx: Tx,
  values: Pick<EmailChangeRow, "userId" | "oldEmail" | "newEmail" | "confirmTokenHash" | "confirmExpiresAt">,
): Promise<void> {
  await tx.insert(emailChanges).values(values);
}

/** The change a confirm link names, held until the transaction ends so a link works once however often it is sent. */
export async function lockChangeByConfirmToken(tx: Tx, tokenHash: string): Promise<EmailChangeRow | undefined> {
  const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.confirmTokenHash, tokenHash)).for("update");
  return row;
}

export async function lockChangeByUndoToken(tx: Tx, tokenHash: string): Promise<EmailChangeRow | undefined> {
  const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.undoTokenHash, tokenHash)).for("update");
  return row;
}

export async function markConfirmed(tx: Tx, id: number, undo: { tokenHash: string; expiresAt: Date }): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ confirmedAt: sql`now()`, undoTokenHash: undo.tokenHash, undoExpiresAt: undo.expiresAt })
    .where(eq(emailChanges.id, id));
}

export async function markUndone(tx: Tx, id: number): Promise<void> {
  await tx.update(emailChanges).set({ undoneAt: sql`now()` }).where(eq(emailChanges.id, id));
}

/** Whether another account already uses the address (any case). */
export async function addressTaken(tx: Tx, email: string, exceptUserId: number): Promise<boolean> {
  const result = await tx.execute<{ taken: boolean }>(
    sql`select exists(select 1 from users where lower(email) = lower(${email}) and id <> ${exceptUserId}) as taken`,
  );
  return result.rows[0]?.taken === true;
}
