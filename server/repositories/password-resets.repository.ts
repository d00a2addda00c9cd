import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { passwordResetRequests } from "../db/schema";

/** Requests for the account made since `since` (sent links and provider notices alike). */
export async function countResetRequestsSince(tx: Tx, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.userId, userId), gt(passwordResetRequests.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Records a request. A new link replaces the account's earlier unused ones: only the latest e-mail works. Rows a
 * week old are dropped as they go, so the table holds only what rate limiting and recent links need.
 */
export async function insertResetRequest(
  tx: Tx,
  request: { userId: number; tokenHash: string | null; expiresAt: Date; requestedIp: string },
): Promise<void> {
  const { userId } = request;
  if (request.tokenHash !== null) {
    await tx
      .update(passwordResetRequests)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.usedAt)));
  }
  await tx
    .delete(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.userId, userId),
        lt(passwordResetRequests.createdAt, sql`now() - interval '7 days'`),
      ),
    );
  await tx.insert(passwordResetRequests).values(request);
}

const linkColumns = {
  id: passwordResetRequests.id,
  userId: passwordResetRequests.userId,
  expiresAt: passwordResetRequests.expiresAt,
  usedAt: passwordResetRequests.usedAt,
};
export type ResetLink = { id: number; userId: number; expiresAt: Date; usedAt: Date | null };

/** The link with this hash, its row locked so two uses of one link are taken one after the other. */
export async function lockResetLink(tx: Tx, tokenHash: string): Promise<ResetLink | undefined> {
  const [row] = await tx
    .select(linkColumns)
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.tokenHash, tokenHash))
    .for("update");
  return row;
}

/** Spends the link, and every other unused link of the account with it. */
export async function useResetLinks(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(passwordResetRequests)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetRequests.userId, userId), isNull(passwordResetRequests.usedAt)));
}

/** Whether a link is still good: for the reset page to say so before a new password is typed. */
export async function findResetLink(db: Database, tokenHash: string): Promise<ResetLink | undefined> {
  const [row] = await db
    .select(linkColumns)
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.tokenHash, tokenHash));
  return row;
}
