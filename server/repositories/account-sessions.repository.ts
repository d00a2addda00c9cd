import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import type { SessionData } from "../plugins/sessions";

/** The rows of a user's sessions: the plugin's own expression for "whose session", so its index answers. */
const ofUser = (userId: number) => sql`(${sessions.sess}->>'userId')::int = ${userId}`;

/**
 * A session's handle in lists and requests: the start of its row id, which is itself a hash of the cookie. It names
 * the session to its owner without being anything that signs in.
 */
export const sessionHandle = (sid: string) => sid.slice(0, 16);

export type AccountSessionRow = { sid: string; data: SessionData; expire: Date };

/** The user's live sessions, the latest begun first. */
export async function findSessionsOf(db: Db, userId: number): Promise<AccountSessionRow[]> {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(ofUser(userId), gt(sessions.expire, sql`now()`)))
    .orderBy(desc(sql`(${sessions.sess}->>'createdAt')::bigint`));
  return rows.map((row) => ({ sid: row.sid, data: row.sess as SessionData, expire: row.expire }));
}

/** The user's session with this handle, if it is theirs and live. */
export async function findSessionByHandle(db: Db, handle: string): Promise<AccountSessionRow | undefined> {
  const [row] = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(sql`left(${sessions.sid}, 16) = ${handle}`, gt(sessions.expire, sql`now()`)))
    .limit(1);
  return row ? { sid: row.sid, data: row.sess as SessionData, expire: row.expire } : undefined;
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of the user but `keepSid`; answers how many ended. */
export async function endOtherSessionsOf(db: Db, userId: number, keepSid: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(ofUser(userId), ne(sessions.sid, keepSid)))
    .returning({ sid: sessions.sid });
  return ended.length;
}
