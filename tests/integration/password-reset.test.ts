import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, outboxMessages, passwordResetRequests, sessions, users } from "../../server/db/schema";
import { createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

/**
 * A forgotten password: a single-use link by e-mail, valid for an hour, stored only as its hash; the same answer
 * whether or not the address has an account; the new password ends every session the account had.
 */
const { t, server } = setUpTestApp();
const OLD = "the old password we forgot";
const NEW = "a brand new passphrase 42";
let oldHash: string;
let counter = 0;
const address = (label: string) => `${label}-${++counter}-${Date.now()}@reset.test`;
const client = () => new HttpClient(server.baseUrl);
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

beforeAll(async () => {
  oldHash = await hash(OLD);
});

async function account(fields: Partial<typeof users.$inferInsert> = {}) {
  return createUser(t.db, { email: address("person"), passwordHash: oldHash, emailVerified: true, ...fields });
}

/** Signs the account in with its old password, answering the client holding that session. */
async function signedIn(email: string) {
  const c = client();
  const login = await c.post("/api/auth/login", { email, password: OLD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return c;
}

async function letters(to: string) {
  await server.app.outbox.settle();
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to)).orderBy(desc(outboxMessages.id));
}

async function forgot(email: string, c = client()) {
  const response = await c.post("/api/auth/forgot-password", { email });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message as string;
}

/** Asks for a link and answers its token, read from the e-mail as its owner would. */
async function resetToken(email: string): Promise<string> {
  await forgot(email);
  const [letter] = await letters(email);
  const token = letter?.body.match(/\/reset-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link for ${email}: ${letter?.body}`);
  return token;
}

const passwordOf = async (id: number) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash ?? null;
const sessionsOf = async (id: number) =>
  (await t.db.select().from(sessions).where(sql`(${sessions.sess}->>'userId')::int = ${id}`)).length;

describe("asking for a reset link", () => {
  it("e-mails a single-use link to an account, stored only as its hash, with the same answer as for no account", async () => {
    const user = await account();
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@reset.test");
    expect(known.replace(user.email, "X")).toBe(unknown.replace("nobody-here@reset.test", "X"));
    expect(await letters("nobody-here@reset.test")).toEqual([]);

    const [letter] = await letters(user.email);
    expect(letter?.subject).toBe("Reset your StayLondon password");
    expect(letter?.html).toContain("/reset-password?token=");
    const token = letter?.body.match(/\/reset-password\?token=([\w-]+)/)?.[1] ?? "";
    const [row] = await t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.userId, user.id));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it("tells an account that signs in only with Google to use Google, and sends no link", async () => {
    const user = await account({ passwordHash: null, provider: "google", providerId: `g-${counter}` });
    await forgot(user.email);
    const [letter] = await letters(user.email);
    expect(letter?.body).toContain("you sign in with Google");
    expect(letter?.body).not.toContain("/reset-password");
  });

  it("sends a frozen account nothing", async () => {
    const user = await account({ isFrozen: true, frozenAt: new Date() });
    await forgot(user.email);
    expect(await letters(user.email)).toEqual([]);
  });

  it("sends one account at most three e-mails an hour, whoever asks, and answers the same after", async () => {
    const user = await account();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => forgot(user.email)));
    expect(new Set(answers).size).toBe(1);
    expect(await letters(user.email)).toHaveLength(3);
  });

  it("refuses a malformed address with a 400 and sends nothing", async () => {
    const response = await client().post("/api/auth/forgot-password", { email: "not-an-address" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("email: Please enter a valid email address");
  });
});

describe("choosing a new password", () => {
  it("sets it, ends every session, signs this browser in, spends the link and is recorded", async () => {
    const user = await account();
    const phone = await signedIn(user.email);
    const laptop = await signedIn(user.email);
    expect(await sessionsOf(user.id)).toBe(2);
    const token = await resetToken(user.email);

    const browser = client();
    expect((await browser.get(`/api/auth/reset-password?token=${token}`)).status).toBe(200);
    const reset = await browser.post("/api/auth/reset-password", { token, password: NEW });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ message: "Your password has been changed. You are now signed in." });
    expect(await verify((await passwordOf(user.id)) ?? "", NEW)).toBe(true);

    // The two old sessions ended; the browser that reset is the only one signed in.
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect(await sessionsOf(user.id)).toBe(1);

    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "auth.password_reset"), eq(auditLogs.subjectUserId, user.id)));
    expect(entry?.message).toMatch(/2 signed-in sessions were ended/);
    const [notice] = await letters(user.email);
    expect(notice?.subject).toBe("Your StayLondon password was changed");
    expect((await client().post("/api/auth/login", { email: user.email, password: OLD })).status).toBe(401);
    expect((await client().post("/api/auth/login", { email: user.email, password: NEW })).status).toBe(200);
  });

  it("refuses a link used twice, and two uses at once change the password once", async () => {
    const user = await account();
    const token = await resetToken(user.email);
    const [first, second] = await Promise.all([
      client().post("/api/auth/reset-password", { token, password: NEW }),
      client().post("/api/auth/reset-password", { token, password: "another new passphrase 7" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const refused = first.status === 400 ? first : second;
    expect(refused.body).toEqual({
      message: "This reset link is not valid or has already been used. Please ask for a new one.",
      expired: false,
    });
    const again = await client().post("/api/auth/reset-password", { token, password: "a third passphrase 99" });
    expect(again.status).toBe(400);
    const winner = first.status === 200 ? NEW : "another new passphrase 7";
    expect(await verify((await passwordOf(user.id)) ?? "", winner)).toBe(true);
  });

  it("refuses an expired link, saying so, and changes nothing", async () => {
    const user = await account();
    const token = await resetToken(user.email);
    await t.db
      .update(passwordResetRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetRequests.userId, user.id));
    const check = await client().get(`/api/auth/reset-password?token=${token}`);
    expect(check.body).toEqual({ message: "This reset link has expired. Please ask for a new one.", expired: true });
    const reset = await client().post("/api/auth/reset-password", { token, password: NEW });
    expect(reset.status).toBe(400);
    expect(reset.body.expired).toBe(true);
    expect(await passwordOf(user.id)).toBe(oldHash);
  });

  it("lets only the newest link work: asking again retires the earlier one", async () => {
    const user = await account();
    const earlier = await resetToken(user.email);
    const later = await resetToken(user.email);
    expect((await client().post("/api/auth/reset-password", { token: earlier, password: NEW })).status).toBe(400);
    expect((await client().post("/api/auth/reset-password", { token: later, password: NEW })).status).toBe(200);
  });

  it("changes only the account the link was sent to", async () => {
    const mine = await account();
    const theirs = await account();
    const token = await resetToken(mine.email);
    // The body names no account: there is no field to point the link at another one.
    const reset = await client().post("/api/auth/reset-password", { token, password: NEW, email: theirs.email });
    expect(reset.status).toBe(200);
    expect(await passwordOf(theirs.id)).toBe(oldHash);
    expect(await verify((await passwordOf(mine.id)) ?? "", NEW)).toBe(true);
  });

  it("does not let a frozen account reset its way in, even with a link sent before the freeze", async () => {
    const user = await account();
    const token = await resetToken(user.email);
    await t.db.update(users).set({ isFrozen: true, frozenAt: new Date() }).where(eq(users.id, user.id));
    const reset = await client().post("/api/auth/reset-password", { token, password: NEW });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toBe("This account has been frozen. Please contact support.");
    expect(await passwordOf(user.id)).toBe(oldHash);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("keeps the password rules, and a refused password leaves the link usable", async () => {
    const user = await account();
    const token = await resetToken(user.email);
    const common = await client().post("/api/auth/reset-password", { token, password: "password" });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/most common/);
    const short = await client().post("/api/auth/reset-password", { token, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
    expect(await passwordOf(user.id)).toBe(oldHash);
    expect((await client().post("/api/auth/reset-password", { token, password: NEW })).status).toBe(200);
  });

  it("verifies the address of a landlord who opened the link, and tells one awaiting approval to wait", async () => {
    const user = await account({ role: "landlord", isApproved: false, emailVerified: false });
    const token = await resetToken(user.email);
    const browser = client();
    const reset = await browser.post("/api/auth/reset-password", { token, password: NEW });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ requiresApproval: true });
    expect(reset.body.message).toMatch(/^Your password has been changed\. Your landlord account is under review/);
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(true);
  });

  it.each([
    ["too short", "abc"],
    ["too long", "a".repeat(201)],
    ["not base64url", `${"a".repeat(42)}!`],
    ["one character short", "a".repeat(42)],
    ["made up", "a".repeat(43)],
  ])("refuses a token that is %s with a 400 that reveals nothing", async (_what, token) => {
    const reset = await client().post("/api/auth/reset-password", { token, password: NEW });
    expect(reset.status).toBe(400);
    expect(String(reset.body.message)).toMatch(/reset link is not valid/);
    const check = await client().get(`/api/auth/reset-password?token=${encodeURIComponent(token)}`);
    expect(check.status).toBe(400);
  });
});
