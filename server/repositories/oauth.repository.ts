import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type OAuthProvider, oauthFlows, oauthHandoffTokens, oauthPendingIdentities, users } from "../db/schema";
import { PG, pgErrorCode } from "../lib/postgres-errors";
import type { UserRow } from "./users.repository";

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;
export type PendingIdentityRow = typeof oauthPendingIdentities.$inferSelect;

export async function insertFlow(db: Database, flow: typeof oauthFlows.$inferInsert): Promise<void> {
  await db.insert(oauthFlows).values(flow);
}

/** Keeps Apple's posted answer on its flow until the same-site continuation; false when there is no live flow. */
export async function stashCallbackParams(
  db: Database,
  stateHash: string,
  params: Record<string, string>,
): Promise<boolean> {
  const rows = await db
    .update(oauthFlows)
    .set({ callbackParams: params })
    .where(
      and(eq(oauthFlows.stateHash, stateHash), isNull(oauthFlows.callbackParams), gt(oauthFlows.expiresAt, sql`now()`)),
    )
    .returning({ stateHash: oauthFlows.stateHash });
  return rows.length > 0;
}

/** Takes a live flow out of the table: whoever gets the row is the only one to use that state. */
export async function takeFlow(db: Database, stateHash: string): Promise<OAuthFlowRow | undefined> {
  const [flow] = await db
    .delete(oauthFlows)
    .where(and(eq(oauthFlows.stateHash, stateHash), gt(oauthFlows.expiresAt, sql`now()`)))
    .returning();
  return flow;
}

/** One pending identity per browser: a newer one replaces the older. */
export async function savePendingIdentity(
  db: Database,
  identity: typeof oauthPendingIdentities.$inferInsert,
): Promise<void> {
  const { browserHash: _key, ...fields } = identity;
  await db
    .insert(oauthPendingIdentities)
    .values(identity)
    .onConflictDoUpdate({ target: oauthPendingIdentities.browserHash, set: { ...fields, createdAt: sql`now()` } });
}

export async function findPendingIdentity(db: Database, browserHash: string): Promise<PendingIdentityRow | undefined> {
  const [identity] = await db
    .select()
    .from(oauthPendingIdentities)
    .where(and(eq(oauthPendingIdentities.browserHash, browserHash), gt(oauthPendingIdentities.expiresAt, sql`now()`)))
    .limit(1);
  return identity;
}

export async function deletePendingIdentity(db: Database, browserHash: string): Promise<void> {
  await db.delete(oauthPendingIdentities).where(eq(oauthPendingIdentities.browserHash, browserHash));
}

export async function insertHandoffToken(db: Database, token: typeof oauthHandoffTokens.$inferInsert): Promise<void> {
  await db.insert(oauthHandoffTokens).values(token);
}

/** Deletes and answers a live handoff token in one statement, so it can be used once only. */
export async function takeHandoffToken(db: Database, tokenHash: string) {
  const [token] = await db
    .delete(oauthHandoffTokens)
    .where(and(eq(oauthHandoffTokens.tokenHash, tokenHash), gt(oauthHandoffTokens.expiresAt, sql`now()`)))
    .returning();
  return token;
}

export async function findUserByProviderIdentity(
  db: Database,
  provider: OAuthProvider,
  providerId: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.providerId, providerId)))
    .limit(1);
  return user;
}

/**
 * Links a provider identity to an account that has none yet (an e-mail-and-password account whose
 * address the provider has verified). Answers the updated row, or undefined when the account was
 * linked meanwhile or the identity belongs to another account.
 */
export async function linkProviderIdentity(
  db: Database,
  userId: number,
  provider: OAuthProvider,
  providerId: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ provider, providerId, emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.providerId)))
    .returning()
    .catch((error: unknown) => {
      // users_provider_identity_key: this identity is already another account's.
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  return user;
}

/** PostgreSQL's unique_violation, whether or not Drizzle wrapped the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG.UNIQUE_VIOLATION;
}

/** Removes flows, pending identities and handoff tokens past their expiry. */
export async function sweepExpiredOAuthRows(db: Database): Promise<void> {
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now()`));
  await db.delete(oauthPendingIdentities).where(lt(oauthPendingIdentities.expiresAt, sql`now()`));
  await db.delete(oauthHandoffTokens).where(lt(oauthHandoffTokens.expiresAt, sql`now()`));
}
