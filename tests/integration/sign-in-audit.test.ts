import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loginAttempts } from "../../server/db/schema";
import { insertHandoffToken } from "../../server/repositories/oauth.repository";
import { createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

/**
 * Refused sign-ins in System Logs. The app trusts X-Forwarded-For here, so each test signs in from an address of
 * its own and the per-IP counts of one test never reach another.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true, config: { TRUST_PROXY: true } });
const PASSWORD = "correct horse battery staple";
let passwordHash: string;
let counter = 0;
const email = (label: string) => `${label}-${++counter}-${Date.now()}@sign-in-audit.test`;
const freshIp = () => `198.51.100.${++counter % 250}`;

beforeAll(async () => {
  passwordHash = await hash(PASSWORD);
});

const account = (fields: Partial<Parameters<typeof createUser>[1]> = {}) =>
  createUser(t.db, { email: email("person"), passwordHash, firstName: "Grace", lastName: "Hopper", ...fields });

function signIn(address: string, password: string, ip: string) {
  return new HttpClient(server.baseUrl).post(
    "/api/auth/login",
    { email: address, password },
    { "x-forwarded-for": ip },
  );
}

const entriesFrom = (ip: string) =>
  t.db.select().from(auditLogs).where(sql`${auditLogs.details}->>'ip' = ${ip}`).orderBy(asc(auditLogs.id));

const attemptsFrom = (ip: string) => t.db.select().from(loginAttempts).where(eq(loginAttempts.ipAddress, ip));

describe("a refused password sign-in", () => {
  it("is recorded as a warning about the account, with the reason and IP but never the password", async () => {
    const user = await account();
    const ip = freshIp();
    expect((await signIn(user.email, "a-wrong-guess-4821", ip)).status).toBe(401);
    const [entry, ...others] = await entriesFrom(ip);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: "warning",
      action: "auth.sign_in_failed",
      message: "Sign-in refused: wrong password",
      actorId: null,
      subjectUserId: user.id,
      subjectLabel: `Grace Hopper <${user.email}>`,
      details: { reason: "wrong_password", ip },
    });
    expect(entry?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(entry)).not.toContain("a-wrong-guess-4821");
    expect(await attemptsFrom(ip)).toEqual([expect.objectContaining({ failureReason: "wrong_password" })]);
  });

  it("names the address tried when no account has it", async () => {
    const ip = freshIp();
    const address = email("nobody");
    expect((await signIn(address, PASSWORD, ip)).status).toBe(401);
    const [entry] = await entriesFrom(ip);
    expect(entry).toMatchObject({
      message: "Sign-in refused: no account has this e-mail address",
      subjectUserId: null,
      subjectLabel: address,
      details: { reason: "unknown_email", ip },
    });
  });

  it.each([
    ["frozen", { isFrozen: true }, 403, "Sign-in refused: the account is frozen"],
    [
      "email_unverified",
      { role: "landlord", isApproved: false, emailVerified: false },
      403,
      "Sign-in refused: the e-mail address is not verified yet",
    ],
    [
      "not_approved",
      { role: "landlord", isApproved: false, emailVerified: true },
      403,
      "Sign-in refused: the landlord account is still awaiting approval",
    ],
    [
      "no_password",
      { passwordHash: null, provider: "google" },
      401,
      "Sign-in refused: the account has no password; it signs in with Google or Apple",
    ],
  ] as const)("records a %s refusal", async (reason, fields, status, message) => {
    const user = await account(fields);
    const ip = freshIp();
    expect((await signIn(user.email, PASSWORD, ip)).status).toBe(status);
    const entries = await entriesFrom(ip);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "auth.sign_in_failed",
        message,
        subjectUserId: user.id,
        details: { reason, ip },
      }),
    ]);
  });

  it("writes nothing to System Logs when the sign-in succeeds", async () => {
    const user = await account();
    const ip = freshIp();
    expect((await signIn(user.email, PASSWORD, ip)).status).toBe(200);
    expect(await entriesFrom(ip)).toEqual([]);
    expect(await attemptsFrom(ip)).toEqual([expect.objectContaining({ success: true })]);
  });

  it("is written in the same transaction as its login_attempts row: when the entry fails, neither stays", async () => {
    const doomed = email("doomed");
    // An audit entry about this one address is refused by the database, as a failing disk or a full table would.
    await t.db.execute(
      sql.raw(`create function refuse_doomed_entry() returns trigger language plpgsql as $$
        begin
          if new.subject_label = '${doomed}' then raise exception 'audit entry refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql`create trigger refuse_doomed_entry before insert on audit_logs for each row execute function refuse_doomed_entry()`,
    );
    try {
      const ip = freshIp();
      const response = await signIn(doomed, PASSWORD, ip);
      expect(response.status).toBe(500);
      expect(await attemptsFrom(ip)).toEqual([]);
      expect(await entriesFrom(ip)).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_doomed_entry on audit_logs`);
      await t.db.execute(sql`drop function refuse_doomed_entry()`);
    }
  });
});

describe("lockouts", () => {
  const lockouts = (ip: string) => entriesFrom(ip).then((rows) => rows.filter((r) => r.action === "auth.locked_out"));

  it("records the lockout of an address once, at the fifth failed guess, not for the refusals after it", async () => {
    const user = await account();
    const ip = freshIp();
    for (let i = 1; i <= 4; i++) expect((await signIn(user.email, `wrong-guess-${i}`, ip)).status).toBe(401);
    expect(await lockouts(ip)).toEqual([]);
    expect((await signIn(user.email, "wrong-guess-5", ip)).status).toBe(401);
    // Throttled from now on, even with the right password: each refusal is recorded, the lockout is not repeated.
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, PASSWORD, ip)).status).toBe(429);

    const entries = await entriesFrom(ip);
    expect(entries.map((e) => [e.action, e.details.reason ?? e.details.scope])).toEqual([
      ["auth.sign_in_failed", "wrong_password"],
      ["auth.sign_in_failed", "wrong_password"],
      ["auth.sign_in_failed", "wrong_password"],
      ["auth.sign_in_failed", "wrong_password"],
      ["auth.sign_in_failed", "wrong_password"],
      ["auth.locked_out", "account"],
      ["auth.sign_in_failed", "throttled"],
      ["auth.sign_in_failed", "throttled"],
      ["auth.sign_in_failed", "throttled"],
    ]);
    expect(entries[5]).toMatchObject({
      type: "error",
      message: "Sign-in paused for this e-mail address after 5 failed attempts in 15 minutes",
      subjectUserId: user.id,
      details: { scope: "account", ip, failures: 5, windowMinutes: 15 },
    });
  });

  it("records one lockout however many wrong guesses arrive at the same moment", async () => {
    const user = await account();
    const ip = freshIp();
    // Four failures on record: the next guess reaches the limit, and ten arrive together.
    await t.db.insert(loginAttempts).values(
      Array.from({ length: 4 }, () => ({
        email: user.email,
        ipAddress: ip,
        success: false,
        failureReason: "wrong_password",
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(user.email, `simultaneous-guess-${i}`, ip)),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(await lockouts(ip)).toHaveLength(1);
  });

  it("records the lockout of an IP address once, at its thirtieth failed guess, whatever the accounts", async () => {
    const ip = freshIp();
    await t.db.insert(loginAttempts).values(
      Array.from({ length: 29 }, (_, i) => ({
        email: `spray-${i}-${ip}@sign-in-audit.test`,
        ipAddress: ip,
        success: false,
        failureReason: "unknown_email",
      })),
    );
    expect((await signIn(email("spray-30"), PASSWORD, ip)).status).toBe(401);
    expect((await signIn(email("spray-31"), PASSWORD, ip)).status).toBe(429);
    const found = await lockouts(ip);
    expect(found).toEqual([
      expect.objectContaining({
        type: "error",
        message: `Sign-in paused for IP address ${ip} after 30 failed attempts in 15 minutes`,
        subjectUserId: null,
        subjectLabel: `IP address ${ip}`,
        details: { scope: "ip", ip, failures: 30, windowMinutes: 15 },
      }),
    ]);
  });

  it("does not count refusals of the right password towards a lockout", async () => {
    const landlord = await account({ role: "landlord", isApproved: false, emailVerified: true });
    const ip = freshIp();
    for (let i = 0; i < 6; i++) expect((await signIn(landlord.email, PASSWORD, ip)).status).toBe(403);
    expect(await lockouts(ip)).toEqual([]);
  });
});

describe("a refused Google or Apple sign-in", () => {
  const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

  it("is recorded like a password sign-in's refusal, naming the provider", async () => {
    const user = await account({ isFrozen: true, provider: "google", passwordHash: null });
    const token = randomBytes(32).toString("base64url");
    const browser = randomBytes(32).toString("base64url");
    // What the provider's callback leaves for the browser once Google has proven who this is.
    await insertHandoffToken(t.db, {
      tokenHash: sha256(token),
      browserHash: sha256(browser),
      userId: user.id,
      provider: "google",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const ip = freshIp();
    const response = await new HttpClient(server.baseUrl).post(
      "/api/auth/complete-oauth",
      { token },
      { "x-forwarded-for": ip, cookie: `sl_oauth=${browser}` },
    );
    expect(response.status).toBe(403);
    expect(await entriesFrom(ip)).toEqual([
      expect.objectContaining({
        action: "auth.sign_in_failed",
        message: "Google sign-in refused: the account is frozen",
        subjectUserId: user.id,
        details: { reason: "frozen", ip, provider: "google" },
      }),
    ]);
    const [attempt] = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ipAddress, ip), eq(loginAttempts.failureReason, "frozen")));
    expect(attempt).toBeDefined();
  });
});
