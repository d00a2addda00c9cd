import { hash } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, users } from "../../server/db/schema";
import { createUser } from "../factories";
import { startTestServer } from "../support/app";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp();
const PASSWORD = "correct horse battery staple";
let passwordHash: string;
let counter = 0;
const email = (label: string) => `${label}-${++counter}-${Date.now()}@verify.test`;
/** A distinct valid UK mobile per test, so outbox lookups never pick up another test's code. */
const mobile = () => `07400 ${String(100_000 + ++counter).padStart(6, "0")}`;
const e164 = (local: string) => `+44${local.replace(/\s/g, "").slice(1)}`;
const client = () => new HttpClient(server.baseUrl);

beforeAll(async () => {
  passwordHash = await hash(PASSWORD);
});

async function outboxFor(recipient: string) {
  return t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(sql`${outboxMessages.id} desc`);
}

/** The token of the newest verification link e-mailed to `address`. */
async function latestToken(address: string): Promise<string> {
  const [message] = await outboxFor(address);
  const token = message?.body.match(/\/verify-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no verification link for ${address}`);
  return token;
}

async function latestCode(e164Number: string): Promise<string> {
  const [message] = await outboxFor(e164Number);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${e164Number}`);
  return code;
}

/** Signs up through the API, as anyone would; the address must be verified before the account signs in. */
async function register(
  c: HttpClient,
  address: string,
  person: { firstName: string; lastName: string; role: "guest" | "landlord" },
) {
  const response = await c.post("/api/auth/register", { email: address, password: PASSWORD, ...person });
  expect(response.status).toBe(201);
  return address;
}

function registerGuest(c: HttpClient, address = email("guest")) {
  return register(c, address, { firstName: "Vera", lastName: "Fication", role: "guest" });
}

function registerLandlord(c: HttpClient) {
  return register(c, email("landlord"), { firstName: "Lan", lastName: "Lord", role: "landlord" });
}

async function signedIn(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t.db, { email: email("user"), passwordHash, emailVerified: true, ...overrides });
  const c = client();
  const login = await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { c, user };
}

const userRow = async (address: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, address));
  if (!row) throw new Error(`no user ${address}`);
  return row;
};

describe("e-mail verification", () => {
  it("mails a new guest a branded link whose token is stored only as a hash", async () => {
    const address = await registerGuest(client());
    const [message] = await outboxFor(address);
    expect(message).toMatchObject({ channel: "email", subject: "Verify your email address for StayLondon" });
    expect(message?.html).toContain("StayLondon");
    expect(message?.html).toContain("/verify-email?token=");
    const token = await latestToken(address);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const row = await userRow(address);
    expect(row.emailVerificationToken).toMatch(/^[0-9a-f]{64}$/);
    expect(row.emailVerificationToken).not.toContain(token);
    expect(row.emailVerificationExpires?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it("verifies once; the same link then answers an error, not expired", async () => {
    const address = await registerGuest(client());
    const token = await latestToken(address);
    const anonymous = client();
    const first = await anonymous.post(`/api/auth/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ expired: false });
    expect((await userRow(address)).emailVerified).toBe(true);
    const replay = await anonymous.post(`/api/auth/verify-email?token=${token}`);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ expired: false, message: expect.stringMatching(/already been used/) });
  });

  it("answers expired for an old link and leaves the address unverified", async () => {
    const address = await registerGuest(client());
    const token = await latestToken(address);
    await t.db
      .update(users)
      .set({ emailVerificationExpires: new Date(Date.now() - 1000) })
      .where(eq(users.email, address));
    const response = await client().post(`/api/auth/verify-email?token=${token}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ expired: true, message: expect.stringMatching(/expired/) });
    expect((await userRow(address)).emailVerified).toBe(false);
  });

  it("refuses a missing, unknown or absurd token with a 400 and a message", async () => {
    const c = client();
    const missing = await c.post("/api/auth/verify-email");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/No verification token provided/);
    expect((await c.post("/api/auth/verify-email?token=")).status).toBe(400);
    const unknown = await c.post("/api/auth/verify-email?token=not-a-real-token");
    expect(unknown).toMatchObject({ status: 400, body: { expired: false } });
    expect((await c.post(`/api/auth/verify-email?token=${"x".repeat(5000)}`)).status).toBe(400);
  });

  it("resends to a signed-in user, retires the old link, and throttles a second resend", async () => {
    const c = client();
    const address = await registerGuest(c);
    const oldToken = await latestToken(address);
    await t.db.update(users).set({ emailVerificationSentAt: null }).where(eq(users.email, address));
    const resend = await c.post("/api/auth/send-email-verification");
    expect(resend.status).toBe(200);
    expect(resend.body.message).toContain(address);
    const newToken = await latestToken(address);
    expect(newToken).not.toBe(oldToken);
    expect((await client().post(`/api/auth/verify-email?token=${oldToken}`)).status).toBe(400);

    const again = await c.post("/api/auth/send-email-verification");
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Please wait \d+ seconds/);
    expect(await outboxFor(address)).toHaveLength(2);
  });

  it("tells a verified user there is nothing to send", async () => {
    const { c } = await signedIn();
    const response = await c.post("/api/auth/send-email-verification");
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/already verified/);
  });

  it("treats a frozen account's session as signed out: no link goes to its address", async () => {
    const { c, user } = await signedIn({ emailVerified: false });
    await t.db.update(users).set({ isFrozen: true, frozenAt: new Date() }).where(eq(users.id, user.id));
    const before = await outboxFor(user.email);
    const response = await c.post("/api/auth/send-email-verification");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Please enter the email address you registered with.");
    // Naming its own address, as anyone signed out may, sends nothing to a frozen account either.
    expect((await c.post("/api/auth/send-email-verification", { email: user.email })).status).toBe(200);
    expect(await outboxFor(user.email)).toEqual(before);
  });

  it("resends to a signed-out landlord by address, with the same answer for unknown addresses", async () => {
    const c = client();
    const address = await registerLandlord(c);
    await t.db.update(users).set({ emailVerificationSentAt: null }).where(eq(users.email, address));
    const known = await c.post("/api/auth/send-email-verification", { email: address });
    const unknownAddress = email("nobody");
    const unknown = await c.post("/api/auth/send-email-verification", { email: unknownAddress });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(String(unknown.body.message).replace(unknownAddress, "X")).toBe(
      String(known.body.message).replace(address, "X"),
    );
    expect(await outboxFor(address)).toHaveLength(2);
    expect(await outboxFor(unknownAddress)).toHaveLength(0);

    // Within the minute, a second ask sends nothing and still answers as for an unknown address: a "please wait"
    // would tell a stranger the address has an account waiting to be verified.
    const tooSoon = await c.post("/api/auth/send-email-verification", { email: address });
    expect(tooSoon.status).toBe(200);
    expect(String(tooSoon.body.message).replace(address, "X")).toBe(
      String(unknown.body.message).replace(unknownAddress, "X"),
    );
    expect(await outboxFor(address)).toHaveLength(2);
    expect((await c.post("/api/auth/send-email-verification", { email: "not an email" })).status).toBe(400);
    expect((await c.post("/api/auth/send-email-verification", {})).status).toBe(400);
  });

  it("lets a verified landlord reach the next gate: approval", async () => {
    const c = client();
    const address = await registerLandlord(c);
    const before = await c.post("/api/auth/login", { email: address, password: PASSWORD });
    expect(before.body).toMatchObject({ requiresEmailVerification: true });
    await c.post(`/api/auth/verify-email?token=${await latestToken(address)}`);
    const after = await c.post("/api/auth/login", { email: address, password: PASSWORD });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ requiresApproval: true });
  });
});

describe("phone verification", () => {
  it("refuses a signed-out visitor", async () => {
    const response = await client().post("/api/auth/send-phone-verification", { phoneNumber: mobile() });
    expect(response.status).toBe(401);
    expect((await client().post("/api/auth/verify-phone", { code: "123456" })).status).toBe(401);
  });

  it.each([
    ["", /enter your phone number/],
    ["   ", /enter your phone number/],
    ["not a number", /valid UK phone number/],
    ["+1 202 555 0101", /valid UK phone number/],
    ["020 7946 0958", /landline/],
    ["0".repeat(40), /too long/],
  ])("refuses %j with a 400 and changes nothing", async (phoneNumber, message) => {
    const { c, user } = await signedIn();
    const response = await c.post("/api/auth/send-phone-verification", { phoneNumber });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    const row = await userRow(user.email);
    expect(row).toMatchObject({ phoneNumber: null, phoneVerificationCode: null, phoneVerificationSentAt: null });
  });

  it("texts a 6-digit code to the E.164 number, stores it hashed, and verifies the user with it", async () => {
    const { c, user } = await signedIn();
    const local = mobile();
    const sent = await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ phoneNumber: e164(local), resendAfterSeconds: 60 });
    const code = await latestCode(e164(local));
    const stored = await userRow(user.email);
    expect(stored.phoneVerificationCode).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.phoneVerificationExpires?.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

    const verified = await c.post("/api/auth/verify-phone", { code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phoneVerified: true, phoneNumber: e164(local) });
    expect((await userRow(user.email)).phoneVerificationCode).toBeNull();
    // Verified is final: no second code, no second verification.
    expect((await c.post("/api/auth/verify-phone", { code })).status).toBe(409);
    expect((await c.post("/api/auth/send-phone-verification", { phoneNumber: mobile() })).status).toBe(409);
  });

  it("throttles a resend within a minute and sends nothing", async () => {
    const { c } = await signedIn();
    const local = mobile();
    await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    const again = await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Please wait \d+ seconds before asking for another code/);
    expect(await outboxFor(e164(local))).toHaveLength(1);
  });

  it("counts wrong codes, says how many tries are left, and kills the code at five", async () => {
    const { c, user } = await signedIn();
    const local = mobile();
    await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    const code = await latestCode(e164(local));
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await c.post("/api/auth/verify-phone", { code: wrong });
    expect(first).toMatchObject({ status: 400, body: { message: "That code is not right. 4 tries left." } });
    for (let i = 0; i < 3; i++) await c.post("/api/auth/verify-phone", { code: wrong });
    const fifth = await c.post("/api/auth/verify-phone", { code: wrong });
    expect(fifth.status).toBe(429);
    const right = await c.post("/api/auth/verify-phone", { code });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/ask for a new code/);
    expect((await userRow(user.email)).phoneVerified).toBe(false);
  });

  it("never allows more than five guesses, even in parallel", async () => {
    const { c, user } = await signedIn();
    const local = mobile();
    await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    const code = await latestCode(e164(local));
    const wrong = code === "999999" ? "888888" : "999999";
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => c.post("/api/auth/verify-phone", { code: wrong })),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
    expect((await userRow(user.email)).phoneVerificationAttempts).toBe(5);
  });

  it("refuses an expired code, a malformed code without counting it, and a code never asked for", async () => {
    const { c, user } = await signedIn();
    expect((await c.post("/api/auth/verify-phone", { code: "123456" })).body.message).toMatch(
      /ask for a verification code first/,
    );
    const local = mobile();
    await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    const code = await latestCode(e164(local));
    for (const malformed of ["12ab56", "12345", "1234567", ""]) {
      expect((await c.post("/api/auth/verify-phone", { code: malformed })).status).toBe(400);
    }
    expect((await userRow(user.email)).phoneVerificationAttempts).toBe(0);
    await t.db
      .update(users)
      .set({ phoneVerificationExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const expired = await c.post("/api/auth/verify-phone", { code });
    expect(expired).toMatchObject({
      status: 400,
      body: { message: "This code has expired. Please ask for a new code." },
    });
    expect((await userRow(user.email)).phoneVerified).toBe(false);
  });

  it("turns a landlord's requiresPhoneVerification sign-in into a plain one", async () => {
    const { c, user } = await signedIn({ role: "landlord", isApproved: true });
    const local = mobile();
    await c.post("/api/auth/send-phone-verification", { phoneNumber: local });
    await c.post("/api/auth/verify-phone", { code: await latestCode(e164(local)) });
    const again = await client().post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.requiresPhoneVerification).toBeUndefined();
  });
});

describe("dev outbox", () => {
  it("lists messages newest first in the documented shape", async () => {
    const address = await registerGuest(client());
    const response = await client().get("/api/dev/outbox");
    expect(response.status).toBe(200);
    const list = response.body as unknown as { id: number; to: string; createdAt: string }[];
    expect(list[0]).toMatchObject({
      channel: "email",
      to: address,
      subject: expect.any(String),
      body: expect.any(String),
    });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(["body", "channel", "createdAt", "id", "subject", "to"]);
    const times = list.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("is a 404, page and API, when switched off; mail then fails clearly instead of vanishing", async () => {
    const off = await startTestServer(t.db, t.url, { devOutbox: false }, { withoutChangeFeed: true });
    try {
      const c = new HttpClient(off.baseUrl);
      expect((await c.get("/api/dev/outbox")).status).toBe(404);
      expect((await c.get("/dev/outbox")).status).toBe(404);
      const address = email("guest");
      const before = (await t.db.select().from(outboxMessages)).length;
      // The account is created; the missing mail is logged and can be resent once mail is set up.
      await register(c, address, { firstName: "No", lastName: "Mail", role: "guest" });
      await t.db.update(users).set({ emailVerificationSentAt: null }).where(eq(users.email, address));
      const resend = await c.post("/api/auth/send-email-verification");
      expect(resend.status).toBe(503);
      expect(resend.body.message).toMatch(/could not send the email/);
      expect((await t.db.select().from(outboxMessages)).length).toBe(before);
      // A failed send does not hold the throttle: the user may retry at once.
      const row = await userRow(address);
      expect(row.emailVerificationSentAt).toBeNull();
      const noSms = await c.post("/api/auth/send-phone-verification", { phoneNumber: mobile() });
      expect(noSms.status).toBe(503);
      expect(
        (
          await t.db
            .select()
            .from(users)
            .where(and(eq(users.email, address), eq(users.phoneVerified, true)))
        ).length,
      ).toBe(0);
    } finally {
      await off.close();
    }
  });
});
