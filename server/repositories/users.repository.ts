import { and, count, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Role } from "../../common/domain/roles";
import { ADMIN_USER_COLUMNS, ADMIN_USER_PROFILE_COLUMNS, PENDING_LANDLORD_COLUMNS } from "../../common/entities/user";
import type { AdminUserState } from "../../common/schemas/admin";
import type { Database, Tx } from "../db/client";
import { columnsOf } from "../db/columns";
import { bookings, loginAttempts, properties, sessions, users } from "../db/schema";
import { likeContains } from "../lib/like-pattern";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

export async function findUserById(db: Database | Tx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Inserts the user, or returns null when the e-mail address is taken (whatever its case). */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | null> {
  const [created] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateUser(db: Database | Tx, id: number, fields: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Deletes sign-in attempts older than `days` days; answers how many went. */
export async function deleteLoginAttemptsBefore(db: Database, days: number): Promise<number> {
  const result = await db.execute(
    sql`delete from ${loginAttempts} where ${loginAttempts.attemptedAt} < now() - make_interval(days => ${days})`,
  );
  return result.rowCount ?? 0;
}

export async function recordLoginAttempt(
  db: Database | Tx,
  attempt: { email: string; ipAddress: string; userAgent: string | null; success: boolean; failureReason?: string },
): Promise<void> {
  await db.insert(loginAttempts).values({ ...attempt, email: attempt.email.toLowerCase() });
}

/**
 * The refusals that are guesses: a wrong password, an address with no account, or a wrong two-factor code after a
 * right password (so the code's million values cannot be tried at leisure). A right password
 * refused for another reason (e-mail not verified, awaiting approval, frozen) is no guess, and a
 * throttled attempt was never checked, so neither counts towards the limits.
 */
export const GUESS_FAILURE_REASONS = [
  "wrong_password",
  "unknown_email",
  "no_password",
  "wrong_two_factor_code",
] as const;

/** Failed guesses since `since`, for one address and for one IP. */
export async function countRecentFailures(db: Database | Tx, email: string, ipAddress: string, since: Date) {
  const failed = and(
    eq(loginAttempts.success, false),
    inArray(loginAttempts.failureReason, [...GUESS_FAILURE_REASONS]),
    gt(loginAttempts.attemptedAt, since),
  );
  const [[byEmail], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(failed, sql`lower(${loginAttempts.email}) = ${email.toLowerCase()}`)),
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(failed, eq(loginAttempts.ipAddress, ipAddress))),
  ]);
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

/** Advisory lock spaces (the first key of pg_advisory_xact_lock's pair) for failed guesses per address and per IP. */
const GUESSES_BY_EMAIL_LOCK = 7_401;
const GUESSES_BY_IP_LOCK = 7_402;

/**
 * Makes attempts on one address, and from one IP, record their failed guesses one after the other until the
 * transaction ends, so exactly one of them sees the count reach a limit. Always the address first, then the
 * IP: two attempts never wait for each other in a circle.
 */
export async function serialiseGuessesFor(tx: Tx, email: string, ipAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GUESSES_BY_EMAIL_LOCK}, hashtext(${email.toLowerCase()}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${GUESSES_BY_IP_LOCK}, hashtext(${ipAddress}))`);
}

/**
 * Claims the right to send a verification message: stamps `column` with now() unless it was stamped
 * less than `cooldownSeconds` ago. Atomic, so two quick clicks (or two instances) send one message.
 * Answers the seconds left to wait, or 0 when the claim succeeded.
 */
export async function claimVerificationSend(
  db: Database,
  id: number,
  channel: "email" | "phone",
  cooldownSeconds: number,
): Promise<number> {
  const column = channel === "email" ? users.emailVerificationSentAt : users.phoneVerificationSentAt;
  const claimed = await db
    .update(users)
    .set(channel === "email" ? { emailVerificationSentAt: sql`now()` } : { phoneVerificationSentAt: sql`now()` })
    .where(
      and(eq(users.id, id), sql`(${column} is null or ${column} <= now() - make_interval(secs => ${cooldownSeconds}))`),
    )
    .returning({ id: users.id });
  if (claimed.length > 0) return 0;
  const [row] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${column} + make_interval(secs => ${cooldownSeconds}) - now())))::int`,
    })
    .from(users)
    .where(eq(users.id, id));
  return Math.max(1, row?.wait ?? cooldownSeconds);
}

/** Releases a claim when the message could not be sent, so the user may try again at once. */
export async function releaseVerificationSend(db: Database, id: number, channel: "email" | "phone"): Promise<void> {
  await db
    .update(users)
    .set(channel === "email" ? { emailVerificationSentAt: null } : { phoneVerificationSentAt: null })
    .where(eq(users.id, id));
}

export type EmailTokenOutcome = { status: "verified"; user: UserRow } | { status: "expired" | "invalid" };

/** Marks the e-mail verified if the token hash matches and is still valid; the token then stops working. */
export async function consumeEmailVerificationToken(db: Database, tokenHash: string): Promise<EmailTokenOutcome> {
  const [verified] = await db
    .update(users)
    .set({ emailVerified: true, emailVerificationToken: null, emailVerificationExpires: null, updatedAt: new Date() })
    .where(and(eq(users.emailVerificationToken, tokenHash), gt(users.emailVerificationExpires, sql`now()`)))
    .returning();
  if (verified) return { status: "verified", user: verified };
  const [stale] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailVerificationToken, tokenHash))
    .limit(1);
  return { status: stale ? "expired" : "invalid" };
}

/**
 * Counts one try against the current phone code, atomically, and answers the code's hash and expiry;
 * undefined when there is no code or its tries are used up. Parallel guesses cannot exceed the limit.
 */
export async function takePhoneCodeAttempt(db: Database, id: number, maxAttempts: number) {
  const [row] = await db
    .update(users)
    .set({ phoneVerificationAttempts: sql`${users.phoneVerificationAttempts} + 1` })
    .where(
      and(
        eq(users.id, id),
        sql`${users.phoneVerificationCode} is not null`,
        sql`${users.phoneVerificationAttempts} < ${maxAttempts}`,
      ),
    )
    .returning({
      codeHash: users.phoneVerificationCode,
      expires: users.phoneVerificationExpires,
      attempts: users.phoneVerificationAttempts,
    });
  return row;
}

/**
 * Marks the phone verified when `codeHash` is still the live code; answers the updated user. With `newNumber` (a
 * change of number), that number replaces the account's in the same statement.
 */
export async function confirmPhoneCode(
  db: Database,
  id: number,
  codeHash: string,
  newNumber: string | null = null,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({
      ...(newNumber ? { phoneNumber: newNumber } : {}),
      phoneVerified: true,
      phoneVerificationCode: null,
      phoneVerificationExpires: null,
      phoneVerificationAttempts: 0,
      updatedAt: new Date(),
    })
    .where(
      and(eq(users.id, id), eq(users.phoneVerificationCode, codeHash), gt(users.phoneVerificationExpires, sql`now()`)),
    )
    .returning();
  return user;
}

/** Landlords waiting for an admin, oldest application first. Frozen accounts are not applicants. */
export function listPendingLandlords(
  db: Database,
): Promise<Pick<UserRow, (typeof PENDING_LANDLORD_COLUMNS)[number]>[]> {
  return db
    .select(columnsOf(users, PENDING_LANDLORD_COLUMNS))
    .from(users)
    .where(and(eq(users.role, "landlord"), eq(users.isApproved, false), eq(users.isFrozen, false)))
    .orderBy(users.createdAt, users.id);
}

/** Landlords approved on `today` (a London date), and the mean hours they waited among those approved since `since`. */
export async function countApprovals(db: Database, today: string, since: Date) {
  const result = await db.execute<{ approved_today: number; average_hours: number | null }>(sql`
    select
      (count(*) filter (where approved_at >= (${today}::date::timestamp at time zone 'Europe/London')))::int
        as approved_today,
      (avg(extract(epoch from approved_at - created_at)) / 3600)::float8 as average_hours
    from users
    where role = 'landlord' and approved_at >= ${since}`);
  const row = result.rows[0];
  return { approvedToday: row?.approved_today ?? 0, averageReviewHours: row?.average_hours ?? null };
}

/** Approves a pending landlord; undefined when `id` is not a landlord awaiting approval. */
export async function approveLandlord(db: Database | Tx, id: number, adminId: number): Promise<UserRow | undefined> {
  const [approved] = await db
    .update(users)
    .set({ isApproved: true, approvedAt: sql`now()`, approvedBy: adminId, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, "landlord"), eq(users.isApproved, false)))
    .returning();
  return approved;
}

/** The columns User Management shows: never a hash, token or code. */
const adminUserColumns = columnsOf(users, ADMIN_USER_COLUMNS);
export type AdminUserRow = Pick<UserRow, keyof typeof adminUserColumns>;

/** An admin's view of one user: the list's columns and what the profile adds, still never a hash, token or code. */
export async function findAdminUserProfile(db: Database, id: number) {
  const [user] = await db
    .select(columnsOf(users, [...ADMIN_USER_COLUMNS, ...ADMIN_USER_PROFILE_COLUMNS]))
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

export type AdminUserFilter = { q?: string; role?: Role; state?: AdminUserState };

/** Exactly the expression of the trigram index users_search_trgm_idx, so a substring search can use it. */
const searchableText = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

const STATE_CONDITIONS: Record<AdminUserState, SQL> = {
  frozen: sql`${users.isFrozen}`,
  awaiting_approval: sql`${users.role} = 'landlord' and not ${users.isApproved}`,
  unverified: sql`not ${users.emailVerified} and ${users.closedAt} is null`,
  closed: sql`${users.closedAt} is not null`,
};

function adminUserConditions(filter: AdminUserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.state) conditions.push(STATE_CONDITIONS[filter.state]);
  // The planner's trigram estimates choose well at 100k users: rare text through the trigram index, common text
  // by walking the newest-first index until a page is full (checked with EXPLAIN ANALYZE).
  if (filter.q) conditions.push(sql`${searchableText} ilike ${likeContains(filter.q)}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of users, newest first (the order of users_created_idx), and how many match. */
export async function findUsersForAdmin(
  db: Database,
  filter: AdminUserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = adminUserConditions(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Locks the rows of the active (unfrozen) administrators for the rest of the transaction and answers their ids.
 * Every change that could take an administrator away takes these locks first, always in id order, so two such
 * changes at the same instant queue one behind the other (never deadlock), and the second sees the first's
 * outcome: a row that stopped being an active admin meanwhile is no longer returned.
 */
export async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isFrozen, false)))
    .orderBy(users.id)
    .for("update");
  return rows.map((row) => row.id);
}

/** The user's row, locked for the rest of the transaction; undefined when there is none. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return user;
}

/** Writes `changes` to a user whose row the caller holds locked; answers the row as the admin's pages read it. */
async function updateLockedUser(tx: Tx, id: number, changes: PgUpdateSetSource<typeof users>): Promise<AdminUserRow> {
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(adminUserColumns);
  if (!updated) throw new Error(`user ${id} vanished while locked`);
  return updated;
}

/**
 * Gives the user `role`. An admin choosing the role settles any pending landlord application, so the account is
 * approved; choosing landlord is itself the approval, stamped with who and when.
 */
export function setUserRole(tx: Tx, id: number, role: Role, adminId: number): Promise<AdminUserRow> {
  return updateLockedUser(tx, id, {
    role,
    isApproved: true,
    ...(role === "landlord" && { approvedAt: sql`now()`, approvedBy: adminId }),
    updatedAt: new Date(),
  });
}

export function setUserFrozen(
  tx: Tx,
  id: number,
  frozen: { by: number; reason: string } | null,
): Promise<AdminUserRow> {
  return updateLockedUser(
    tx,
    id,
    frozen
      ? { isFrozen: true, frozenAt: sql`now()`, frozenBy: frozen.by, frozenReason: frozen.reason }
      : { isFrozen: false, frozenAt: null, frozenBy: null, frozenReason: null },
  );
}

/** Ends every session of the user (the expression plugins/sessions.ts joins on); answers how many ended. */
export async function endSessionsOf(tx: Tx, userId: number): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(sql`(${sessions.sess}->>'userId')::int = ${userId}`)
    .returning({ sid: sessions.sid });
  return ended.length;
}

/** Bookings the user made as a guest and listings they own, each in any status. */
export async function countUserHoldings(db: Database, userId: number): Promise<{ bookings: number; listings: number }> {
  const [[booked], [listed]] = await Promise.all([
    db.select({ n: count() }).from(bookings).where(eq(bookings.guestId, userId)),
    db.select({ n: count() }).from(properties).where(eq(properties.ownerId, userId)),
  ]);
  return { bookings: booked?.n ?? 0, listings: listed?.n ?? 0 };
}
