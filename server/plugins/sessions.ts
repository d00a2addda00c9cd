import { createHash, randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { preparedFor } from "../db/prepared";
import { sessions, users } from "../db/schema";
import type { UserRow } from "../repositories/users.repository";

export const SESSION_COOKIE = "sl_session";
const DAY_MS = 86_400_000;
/** Sliding the idle expiry costs a write; do it at most this often per session. */
const TOUCH_EVERY_MS = 5 * 60_000;
/** "Last seen" only has to be right to within minutes (admins count users active in the last 30 days). */
const SEEN_EVERY_MS = 10 * 60_000;

/**
 * What a session row holds. The device and address it began from and when it was last used (to within
 * TOUCH_EVERY_MS) let a person recognise their own sessions in Profile and end the ones they do not.
 */
export type SessionData = {
  userId: number;
  createdAt: number;
  absoluteExpiry: number;
  userAgent?: string;
  ip?: string;
  seenAt?: number;
};

export type SessionOptions = {
  db: Database;
  idleDays: number;
  absoluteDays: number;
  secureCookie: boolean;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null. */
    sessionUserId: number | null;
    /** The current session's row id (the hash of its cookie), when signed in. */
    sessionId: string | null;
    /**
     * The signed-in user's row, read in the same query as the session (guards and GET /api/auth/user
     * use it instead of reading it again).
     */
    currentUser?: UserRow;
  }
  interface FastifyContextConfig {
    /**
     * The route never asks who is signed in (the public listing search): its requests skip the session
     * lookup, which is a database round trip for every signed-in visitor. `sessionUserId` stays null there.
     */
    withoutSession?: boolean;
  }
  interface FastifyReply {
    /** Signs `userId` in with a brand-new session id (the old one, if any, is destroyed). */
    startSession(userId: number): Promise<void>;
    /** Destroys the current session and clears the cookie. */
    endSession(): Promise<void>;
    /**
     * Password (or Google or Apple) proven, code still to come: holds `userId` for a few minutes behind the session
     * cookie without signing anyone in.
     */
    startTwoFactorStep(userId: number): Promise<void>;
    /** The sign-in waiting for its code on this browser, if any and not expired. */
    twoFactorStep(): Promise<TwoFactorStep | null>;
    /**
     * Counts a wrong code against the waiting sign-in and answers how many there have been; at the limit the step is
     * dropped, and the password must be given again.
     */
    countTwoFactorFailure(): Promise<number>;
  }
}

/** A sign-in waiting for its second factor. */
export type TwoFactorStep = { userId: number; failures: number };
/** How long the code may take to arrive after the password. */
const TWO_FACTOR_STEP_MS = 5 * 60_000;
/** Wrong codes one waiting sign-in may take before the password is asked again. */
export const TWO_FACTOR_STEP_MAX_FAILURES = 5;

const markSeen = (db: Database, userId: number) =>
  db.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, userId));

/**
 * The session and its user, by the hash of the cookie: every signed-in request reads it, so PostgreSQL keeps it
 * planned (server/db/prepared.ts).
 */
const sessionWithUser = preparedFor((db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::int`))
    .where(and(eq(sessions.sid, sql.placeholder("sid")), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare("session_with_user"),
);

/** The database keeps only a hash of the session id: a leaked sessions table signs nobody in. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Server-side sessions in the `sessions` table behind an httpOnly, SameSite=Lax cookie. Idle and
 * absolute lifetimes; expired rows are swept every 15 minutes (harmless if two instances both do).
 */
export async function registerSessions(app: FastifyInstance, options: SessionOptions): Promise<void> {
  const { db } = options;
  await app.register(cookie);
  app.decorateRequest("sessionUserId", null);
  app.decorateRequest("sessionId", null);

  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: options.secureCookie,
  };

  async function load(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const sid = hashToken(token);
    // One round trip for the session and its user: every signed-in request pays for it.
    const [row] = await sessionWithUser(db).execute({ sid });
    if (!row) return;
    const data = row.sess as SessionData;
    request.sessionUserId = data.userId;
    request.sessionId = sid;
    request.currentUser = row.user;
    const idleExpiry = Date.now() + options.idleDays * DAY_MS;
    const nextExpiry = Math.min(idleExpiry, data.absoluteExpiry);
    const writes: Promise<unknown>[] = [];
    if (nextExpiry - row.expire.getTime() > TOUCH_EVERY_MS) {
      writes.push(
        db
          .update(sessions)
          .set({
            expire: new Date(nextExpiry),
            sess: sql`jsonb_set(${sessions.sess}, '{seenAt}', to_jsonb(${Date.now()}::bigint))`,
          })
          .where(eq(sessions.sid, sid)),
      );
    }
    if (!row.user.lastSeenAt || Date.now() - row.user.lastSeenAt.getTime() > SEEN_EVERY_MS) {
      writes.push(markSeen(db, row.user.id));
    }
    await Promise.all(writes);
  }

  // A callback rather than an async hook: most requests need no session, and should not pay for a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config.withoutSession === true) return done();
    load(request).then(() => done(), done);
  });

  app.decorateReply("startSession", async function (this: FastifyReply, userId: number) {
    const previous = this.request.cookies[SESSION_COOKIE];
    if (previous) await db.delete(sessions).where(eq(sessions.sid, hashToken(previous)));
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    const absoluteExpiry = now + options.absoluteDays * DAY_MS;
    const userAgent = this.request.headers["user-agent"]?.slice(0, 400);
    const data: SessionData = {
      userId,
      createdAt: now,
      absoluteExpiry,
      seenAt: now,
      ip: this.request.ip,
      ...(userAgent ? { userAgent } : {}),
    };
    const sid = hashToken(token);
    await db.insert(sessions).values({
      sid,
      sess: data,
      expire: new Date(Math.min(now + options.idleDays * DAY_MS, absoluteExpiry)),
    });
    await markSeen(db, userId);
    this.request.sessionUserId = userId;
    this.request.sessionId = sid;
    this.request.currentUser = undefined;
    this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: options.absoluteDays * 86_400 });
  });

  /**
   * The waiting sign-in is a row of the sessions table like a session (so every instance sees it and the sweep
   * removes it), but it holds `pendingUserId`, never `userId`: the session lookup above joins on `userId`, so this row
   * can never be taken for a signed-in session, and Profile's list of sessions never shows it.
   */
  const stepRow = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length <= 100 ? hashToken(token) : null;
  };

  app.decorateReply("startTwoFactorStep", async function (this: FastifyReply, userId: number) {
    const previous = this.request.cookies[SESSION_COOKIE];
    if (previous) await db.delete(sessions).where(eq(sessions.sid, hashToken(previous)));
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    await db.insert(sessions).values({
      sid: hashToken(token),
      sess: { pendingUserId: userId, failures: 0, createdAt: now },
      expire: new Date(now + TWO_FACTOR_STEP_MS),
    });
    this.request.sessionUserId = null;
    this.request.sessionId = null;
    this.request.currentUser = undefined;
    this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: TWO_FACTOR_STEP_MS / 1000 });
  });

  app.decorateReply("twoFactorStep", async function (this: FastifyReply) {
    const sid = stepRow(this.request);
    if (!sid) return null;
    const [row] = await db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`), sql`${sessions.sess} ? 'pendingUserId'`))
      .limit(1);
    if (!row) return null;
    const data = row.sess as { pendingUserId: number; failures?: number };
    return { userId: data.pendingUserId, failures: data.failures ?? 0 };
  });

  app.decorateReply("countTwoFactorFailure", async function (this: FastifyReply) {
    const sid = stepRow(this.request);
    if (!sid) return TWO_FACTOR_STEP_MAX_FAILURES;
    // One statement, so two instances counting wrong codes at once both count.
    const [row] = await db
      .update(sessions)
      .set({
        sess: sql`jsonb_set(${sessions.sess}, '{failures}', to_jsonb(coalesce((${sessions.sess}->>'failures')::int, 0) + 1))`,
      })
      .where(and(eq(sessions.sid, sid), sql`${sessions.sess} ? 'pendingUserId'`))
      .returning({ failures: sql<number>`(${sessions.sess}->>'failures')::int` });
    const failures = row?.failures ?? TWO_FACTOR_STEP_MAX_FAILURES;
    if (failures >= TWO_FACTOR_STEP_MAX_FAILURES) await db.delete(sessions).where(eq(sessions.sid, sid));
    return failures;
  });

  app.decorateReply("endSession", async function (this: FastifyReply) {
    const token = this.request.cookies[SESSION_COOKIE];
    if (token) await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
    this.request.sessionUserId = null;
    this.request.sessionId = null;
    this.request.currentUser = undefined;
    this.clearCookie(SESSION_COOKIE, cookieOptions);
  });

  const sweep = setInterval(() => {
    db.delete(sessions)
      .where(lt(sessions.expire, sql`now()`))
      .catch((error: unknown) => app.log.warn({ err: error }, "session sweep failed"));
  }, 15 * 60_000);
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));
}
