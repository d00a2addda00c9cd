import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, sessions, users } from "../../server/db/schema";
import { createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
const PASSWORD = "correct horse battery staple";
let passwordHash: string;
let counter = 0;
const email = (label: string) => `${label}-${++counter}-${Date.now()}@auth.test`;
const client = () => new HttpClient(server.baseUrl);

beforeAll(async () => {
  passwordHash = await hash(PASSWORD);
});

const register = (c: HttpClient, fields: Record<string, unknown>) =>
  c.post("/api/auth/register", {
    password: PASSWORD,
    firstName: "Ada",
    lastName: "Lovelace",
    role: "guest",
    ...fields,
  });

describe("registration", () => {
  it("signs a new guest in at once", async () => {
    const c = client();
    const address = email("guest");
    const response = await register(c, { email: address.toUpperCase() });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: address, role: "guest", emailVerified: false, isApproved: true });
    expect(response.body.user).not.toHaveProperty("passwordHash");
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect((me.body.user as { email: string }).email).toBe(address);
    const [stored] = await t.db.select().from(users).where(eq(users.email, address));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.registrationIp).toBe("127.0.0.1");
  });

  it("holds a new landlord for e-mail verification and approval, without signing in", async () => {
    const c = client();
    const response = await register(c, { email: email("landlord"), role: "landlord" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ requiresApproval: true, requiresEmailVerification: true });
    expect(response.body.user).toBeUndefined();
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it.each(["admin", "property_manager", "contractor"])("refuses the role %s", async (role) => {
    const address = email(role);
    const response = await register(client(), { email: address, role });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Only Guest/Tenant or Landlord/Owner can be chosen at registration");
    expect(await t.db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it("says an address is taken and points to sign-in", async () => {
    const address = email("taken");
    await register(client(), { email: address });
    const again = await register(client(), { email: address.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ redirectToLogin: true });
  });

  it.each([
    [{ password: "short1" }, /at least 8 characters/],
    [{ password: "x".repeat(129) }, /at most 128 characters/],
    [{ password: "password1" }, /most common/],
    [{ password: "qwertyuiop" }, /most common/],
    [{ email: "not-an-email" }, /valid email/],
    [{ firstName: "   " }, /First name is required/],
    [{ lastName: "x".repeat(101) }, /Last name must be at most 100/],
    [{ role: "superuser" }, /Please select a role/],
    [{ role: undefined }, /Please select a role/],
  ])("refuses %o with a 400 that says why", async (fields, message) => {
    const address = email("bad");
    const response = await register(client(), { email: address, ...fields });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await t.db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it.each([
    ["malformed JSON", "application/json", "{", 400],
    ["a body that is not JSON", "text/plain", "email=a@b.c", 400],
    ["a body over 1 MB", "application/json", JSON.stringify({ email: "x".repeat(1_100_000) }), 413],
  ])("answers %s with a 4xx and a message", async (_label, contentType, body, status) => {
    const response = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(5);
  });

  it("accepts a long passphrase with no special characters", async () => {
    const response = await register(client(), {
      email: email("long"),
      password: "the quiet canal boats of little venice at dawn",
    });
    expect(response.status).toBe(201);
  });
});

describe("sign-in outcomes", () => {
  const account = async (fields: Partial<typeof users.$inferInsert> = {}) =>
    createUser(t.db, { email: email("account"), passwordHash, ...fields });

  it("signs a guest in, resets the failure count and records where from", async () => {
    const user = await account({ failedLoginAttempts: 2 });
    const c = client();
    const response = await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.requiresPhoneVerification).toBeUndefined();
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.failedLoginAttempts).toBe(0);
    expect(stored?.lastLoginIp).toBe("127.0.0.1");
    expect(stored?.lastLoginAt).not.toBeNull();
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
  });

  it("refuses a wrong password, counts it and records the attempt", async () => {
    const user = await account();
    const response = await client().post("/api/auth/login", { email: user.email, password: "not the password" });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/Incorrect email or password/);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.failedLoginAttempts).toBe(1);
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts).toEqual([
      expect.objectContaining({ success: false, failureReason: "wrong_password", ipAddress: "127.0.0.1" }),
    ]);
  });

  it("offers registration for an unknown address", async () => {
    const address = email("nobody");
    const response = await client().post("/api/auth/login", { email: address, password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ redirectToRegister: true, email: address });
  });

  it("tells a landlord with an unverified e-mail to verify it, without signing in", async () => {
    const user = await account({ role: "landlord", isApproved: false });
    const c = client();
    const response = await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ requiresEmailVerification: true, email: user.email });
    expect(c.cookie).toBeNull();
  });

  it("tells a verified landlord awaiting approval that the account is under review", async () => {
    const user = await account({ role: "landlord", isApproved: false, emailVerified: true });
    const response = await client().post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ requiresApproval: true });
    expect(response.body.message).toMatch(/24-48 hours/);
  });

  it("signs an approved landlord without a verified phone in, asking for phone verification", async () => {
    const user = await account({ role: "landlord", isApproved: true, emailVerified: true });
    const c = client();
    const response = await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.requiresPhoneVerification).toBe(true);
    expect((await c.get("/api/auth/user")).status).toBe(200);
  });

  it("keeps a frozen account out, even with the right password", async () => {
    const user = await account({ isFrozen: true, frozenAt: new Date() });
    const response = await client().post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/frozen/);
  });

  it("throttles an account after 5 failures in 15 minutes, even with the right password", async () => {
    const user = await account();
    for (let i = 0; i < 5; i++) {
      expect(
        (await client().post("/api/auth/login", { email: user.email, password: `wrong-${i}-password` })).status,
      ).toBe(401);
    }
    const blocked = await client().post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
  });

  it("does not lock out a landlord who checks back while awaiting approval", async () => {
    const landlord = await createUser(t.db, {
      email: email("waiting"),
      passwordHash,
      role: "landlord",
      emailVerified: true,
      isApproved: false,
    });
    for (let i = 0; i < 7; i++) {
      const response = await client().post("/api/auth/login", { email: landlord.email, password: PASSWORD });
      expect(response.body).toMatchObject({ requiresApproval: true });
    }
    await t.db.update(users).set({ isApproved: true, phoneVerified: true }).where(eq(users.id, landlord.id));
    expect((await client().post("/api/auth/login", { email: landlord.email, password: PASSWORD })).status).toBe(200);
  });

  it("throttles one IP address that tries many accounts", async () => {
    // Thirty failures from this address already on record, each for a different account.
    await t.db.insert(loginAttempts).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `spray-${i}@auth.test`,
        ipAddress: "127.0.0.1",
        success: false,
        failureReason: "unknown_email",
      })),
    );
    try {
      const user = await account();
      const response = await client().post("/api/auth/login", { email: user.email, password: PASSWORD });
      expect(response.status).toBe(429);
    } finally {
      await t.db.delete(loginAttempts).where(sql`${loginAttempts.email} like 'spray-%'`);
    }
  });
});

describe("sessions", () => {
  it("gives a new session id at sign-in: a cookie from before is useless after", async () => {
    const user = await createUser(t.db, { email: email("fixation"), passwordHash });
    const c = client();
    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    const first = c.cookie;
    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(c.cookie).not.toBe(first);
    const stale = new HttpClient(server.baseUrl);
    stale.cookie = first;
    expect((await stale.get("/api/auth/user")).status).toBe(401);
  });

  it("stores only a hash of the session id", async () => {
    const user = await createUser(t.db, { email: email("hashed"), passwordHash });
    const c = client();
    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    const token = decodeURIComponent((c.cookie ?? "").split("=")[1] ?? "");
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, token))).toEqual([]);
  });

  it("ends the session at sign-out, by POST and by navigation to /api/logout", async () => {
    const user = await createUser(t.db, { email: email("logout"), passwordHash });
    const c = client();
    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    const cookie = c.cookie;
    expect((await c.post("/api/auth/logout")).status).toBe(200);
    const reused = new HttpClient(server.baseUrl);
    reused.cookie = cookie;
    expect((await reused.get("/api/auth/user")).status).toBe(401);

    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    const navigation = await c.get("/api/logout");
    expect(navigation.status).toBe(302);
    expect(navigation.headers.get("location")).toBe("/");
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("signs a user out when the account is frozen", async () => {
    const user = await createUser(t.db, { email: email("freeze"), passwordHash });
    const c = client();
    await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, user.id));
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("answers 401 to a visitor who never signed in", async () => {
    const response = await client().get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Not signed in" });
  });
});

describe("requests from other websites", () => {
  it("refuses a cross-origin POST, and lets a same-origin one through", async () => {
    const user = await createUser(t.db, { email: email("csrf"), passwordHash });
    const evil = new HttpClient(server.baseUrl, "https://evil.example");
    const refused = await evil.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/other websites/);
    expect(evil.cookie).toBeNull();

    const page = new HttpClient(server.baseUrl, server.baseUrl);
    expect((await page.post("/api/auth/login", { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a cross-site request that carries no Origin", async () => {
    const response = await client().post("/api/auth/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
  });
});
