import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginAttempts, users } from "../db/schema";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Inserts the user, or returns null when the e-mail address is taken (whatever its case). */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow | null> {
  const [created] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateUser(db: Database, id: number, fields: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function recordLoginAttempt(
  db: Database,
  attempt: { email: string; ipAddress: string; userAgent: string | null; success: boolean; failureReason?: string },
): Promise<void> {
  await db.insert(loginAttempts).values({ ...attempt, email: attempt.email.toLowerCase() });
}

/** Failed sign-ins since `since`, for one address and for one IP. */
export async function countRecentFailures(db: Database, email: string, ipAddress: string, since: Date) {
  const failed = and(eq(loginAttempts.success, false), gt(loginAttempts.attemptedAt, since));
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
