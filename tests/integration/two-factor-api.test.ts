import { and, eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { accessVerdict } from "../../common/domain/permissions";
import { ZTwoFactorSetup } from "../../common/schemas/two-factor";
import { auditLogs, outboxMessages, twoFactorRecoveryCodes, users } from "../../server/db/schema";
import { enrolTwoFactor, totpCode } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser, TEST_PASSWORD } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Two-factor sign-in with an authenticator app: set up from Profile with codes computed here as an app would, then
 * asked for after the password; codes work once, recovery codes once each; administrators must have it; landlords
 * need it for payouts.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const auditActions = async (id: number) =>
  (await t.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.subjectUserId, id))).map(
    (row) => row.action,
  );

/** Profile's set-up, confirmed with a code from the new secret: answers the secret and the recovery codes. */
async function enrolThroughProfile(client: HttpClient) {
  const setup = await client.post("/api/account/two-factor/setup");
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = ZTwoFactorSetup.parse(setup.body);
  const confirm = await client.post("/api/account/two-factor/confirm", { code: await totpCode(secret) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** A new browser that has given the right password and waits for the code. */
async function passwordStep(email: string) {
  const browser = new HttpClient(server.baseUrl);
  const login = await browser.post("/api/auth/login", { email, password: TEST_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body).toEqual({ twoFactorRequired: true, message: expect.any(String) });
  return browser;
}

describe("setting up two-factor in Profile", () => {
  it("keeps the secret sealed and pending until a code confirms it, then answers ten recovery codes once", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    expect((await client.get("/api/account/two-factor")).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await client.post("/api/account/two-factor/setup");
    const { secret, otpauthUri, qrSvg } = ZTwoFactorSetup.parse(setup.body);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/StayLondon:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const pending = await userRow(user.id);
    expect(pending?.totpSecret).toMatch(/^v1\./);
    expect(pending?.totpSecret).not.toContain(secret);
    expect(pending?.totpEnabledAt).toBeNull();

    // A wrong code changes nothing.
    const wrong = await client.post("/api/account/two-factor/confirm", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/not right/);
    expect((await userRow(user.id))?.totpEnabledAt).toBeNull();

    const code = await totpCode(secret);
    const confirm = await client.post("/api/account/two-factor/confirm", { code });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect((await client.get("/api/account/two-factor")).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await client.get("/api/auth/user")).body.user).toMatchObject({ twoFactorEnabled: true });
    // Setting up again is refused while it is on.
    expect((await client.post("/api/account/two-factor/setup")).status).toBe(409);
    expect(await auditActions(user.id)).toContain("auth.two_factor_enabled");
    await vi.waitFor(
      async () => {
        const mail = await t.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.recipient, user.email), sql`${outboxMessages.subject} like 'Two-factor%'`));
        expect(mail).toHaveLength(1);
      },
      { timeout: 5_000 },
    );
  });
});

describe("signing in with two-factor on", () => {
  it("answers 'two-factor required' to the right password without a session, and the code completes it", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { secret } = await enrolThroughProfile(client);
    const browser = await passwordStep(user.email);
    // Waiting for the code is not being signed in.
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    expect((await browser.get("/api/account/sessions")).status).toBe(401);

    const wrong = await browser.post("/api/auth/two-factor", { code: "123456" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/not right/);
    expect((await browser.get("/api/auth/user")).status).toBe(401);

    // The code the set-up used is spent; one from the next step (apps' clocks run ahead) is accepted.
    const next = await totpCode(secret, 1);
    const done = await browser.post("/api/auth/two-factor", { code: next });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect((await userRow(user.id))?.lastLoginAt).not.toBeNull();
  });

  it("refuses a code used within its window (4xx, nothing changed) and a code with no waiting sign-in", async () => {
    const { user } = await signedInUser(t.db, server.baseUrl, { totpEnabledAt: null });
    const secret = await enrolTwoFactor(t.db, user.id);
    const code = await totpCode(secret);
    const first = await passwordStep(user.email);
    expect((await first.post("/api/auth/two-factor", { code })).status).toBe(200);
    const stepAfterFirst = (await userRow(user.id))?.totpLastStep;

    const second = await passwordStep(user.email);
    const reused = await second.post("/api/auth/two-factor", { code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/already been used/);
    expect((await second.get("/api/auth/user")).status).toBe(401);
    expect((await userRow(user.id))?.totpLastStep).toBe(stepAfterFirst);

    // A browser that never gave the password learns nothing about any account.
    const stranger = new HttpClient(server.baseUrl);
    const nothing = await stranger.post("/api/auth/two-factor", { code: await totpCode(secret, 1) });
    expect(nothing.status).toBe(401);
    expect(nothing.body).toEqual({ message: "Your sign-in has expired. Please sign in again." });
    // Bad input is a 400 with a message.
    const malformed = await second.post("/api/auth/two-factor", { code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("code: The code is the 6 digits your authenticator app shows.");
    expect((await userRow(user.id))?.totpLastStep).toBe(stepAfterFirst);
  });

  it("ends the waiting sign-in after five wrong codes", async () => {
    const { user } = await signedInUser(t.db, server.baseUrl, { totpEnabledAt: null });
    const secret = await enrolTwoFactor(t.db, user.id);
    const browser = await passwordStep(user.email);
    for (let i = 0; i < 4; i++)
      expect((await browser.post("/api/auth/two-factor", { code: "000001" })).status).toBe(401);
    const fifth = await browser.post("/api/auth/two-factor", { code: "000001" });
    expect(fifth.body.message).toMatch(/Too many wrong codes/);
    const late = await browser.post("/api/auth/two-factor", { code: await totpCode(secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/expired/);
  });

  it("takes a recovery code once, instead of the app", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { recoveryCodes } = await enrolThroughProfile(client);
    const recovery = recoveryCodes[3] ?? "";
    const browser = await passwordStep(user.email);
    const used = await browser.post("/api/auth/two-factor", { recoveryCode: recovery.toUpperCase() });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(await auditActions(user.id)).toContain("auth.recovery_code_used");

    const again = await passwordStep(user.email);
    const refused = await again.post("/api/auth/two-factor", { recoveryCode: recovery });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/recovery code/);
    expect((await client.get("/api/account/two-factor")).body).toMatchObject({ recoveryCodesLeft: 9 });
  });
});

describe("turning two-factor off and new recovery codes", () => {
  it("needs the password or a code, and then forgets the secret and the codes", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { secret } = await enrolThroughProfile(client);
    expect((await client.post("/api/account/two-factor/disable", {})).status).toBe(400);
    const wrong = await client.post("/api/account/two-factor/disable", { currentPassword: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect((await userRow(user.id))?.totpEnabledAt).not.toBeNull();

    const renewed = await client.post("/api/account/two-factor/recovery-codes", { code: await totpCode(secret, 1) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);

    const off = await client.post("/api/account/two-factor/disable", { currentPassword: TEST_PASSWORD });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const row = await userRow(user.id);
    expect(row?.totpSecret).toBeNull();
    expect(row?.totpEnabledAt).toBeNull();
    expect(await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(["auth.recovery_codes_regenerated", "auth.two_factor_disabled"]),
    );
    // The password alone signs in again.
    const browser = new HttpClient(server.baseUrl);
    const login = await browser.post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(login.body.user).toMatchObject({ id: user.id, twoFactorEnabled: false });
  });
});

describe("administrators must have two-factor", () => {
  it("lets an administrator without it reach only setting it up, then everything once it is on", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "admin", totpEnabledAt: null });
    const me = await client.get("/api/auth/user");
    expect(me.body.user).toMatchObject({ role: "admin", twoFactorEnabled: false, mustEnrolTwoFactor: true });
    const refused = await client.get("/api/admin/users");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Two-Factor Sign-In Required");
    const profile = await client.request("PATCH", "/api/account/profile", { firstName: "A", lastName: "B" });
    expect(profile.status).toBe(403);
    // Where a route's refusals carry the details, they say where to go.
    expect(profile.body).toMatchObject({ requiresTwoFactor: true, verifyAt: "/profile#two-factor" });
    expect((await client.get("/api/account/sessions")).status).toBe(200);
    expect((await client.get("/api/account/passkeys")).status).toBe(200);

    const { secret } = await enrolThroughProfile(client);
    expect((await client.get("/api/admin/users")).status).toBe(200);
    // And they cannot turn it off.
    const off = await client.post("/api/account/two-factor/disable", { code: await totpCode(secret, 1) });
    expect(off.status).toBe(403);
    expect((await userRow(user.id))?.totpEnabledAt).not.toBeNull();
  });

  it("asks an enrolled administrator for the code after the password", async () => {
    const { user, totpSecret } = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    // A base32 secret, as authenticator apps take it.
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const browser = await passwordStep(user.email);
    expect((await browser.get("/api/admin/users")).status).toBe(401);
    const code = await generate({ secret: totpSecret ?? "", epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await browser.post("/api/auth/two-factor", { code })).status).toBe(200);
    expect((await browser.get("/api/admin/users")).status).toBe(200);
  });
});

describe("landlords and payouts", () => {
  // The rule /api/payouts/onboarding asks (its requests are in payout-accounts.test.ts).
  const landlord = { role: "landlord" as const, isApproved: true, phoneVerified: true };
  it("refuses payouts to a landlord without two-factor and allows one with it", () => {
    expect(accessVerdict({ ...landlord, twoFactorEnabled: false }, "manage", "payout").kind).toBe(
      "two-factor-required",
    );
    expect(accessVerdict(landlord, "manage", "payout").kind).toBe("two-factor-required");
    expect(accessVerdict({ ...landlord, twoFactorEnabled: true }, "manage", "payout").kind).toBe("allowed");
    expect(
      accessVerdict(
        { role: "guest", isApproved: true, phoneVerified: true, twoFactorEnabled: true },
        "manage",
        "payout",
      ).kind,
    ).toBe("wrong-role");
  });
});
