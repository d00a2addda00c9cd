import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZPasskey } from "../../common/schemas/passkeys";
import { auditLogs, passkeys, users, webauthnChallenges } from "../../server/db/schema";
import { enrolTwoFactor } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { b64url, SoftwareAuthenticator as Device } from "../support/software-authenticator";
import { setUpTestApp } from "../support/test-context";

/**
 * Passkeys end to end over real HTTP, answered by a software authenticator written here: an ES256 key pair, the
 * authenticator data and "none" attestation built byte by byte as a platform authenticator builds them, and the
 * client data a browser would sign. What a browser or a device could get wrong (challenge, origin, counter) is sent
 * wrong on purpose and must be refused with nothing changed.
 */
const SITE = "http://localhost:5000";
const { t, server } = setUpTestApp({ withoutChangeFeed: true, config: { publicUrl: SITE } });

/** The test's authenticator, answering for this site unless told otherwise. */
class SoftwareAuthenticator extends Device {
  override create(options: Record<string, unknown>, origin = SITE) {
    return super.create(options, origin);
  }
  override get(options: Record<string, unknown>, { origin = SITE, counter = this.counter + 1 } = {}) {
    return super.get(options, { origin, counter });
  }
  override forged(options: Record<string, unknown>, origin = SITE) {
    return super.forged(options, origin);
  }
}

async function register(client: HttpClient, device = new SoftwareAuthenticator()) {
  const options = await client.post("/api/account/passkeys/options");
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const created = await client.post("/api/account/passkeys", { credential: device.create(options.body) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { device, passkey: ZPasskey.parse(created.body) };
}

async function signInOptions(browser: HttpClient) {
  const options = await browser.post("/api/auth/passkey/options");
  expect(options.status).toBe(200);
  return options.body;
}

const storedCounter = async (credentialId: Buffer) =>
  (
    await t.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, b64url(credentialId)))
  )[0]?.counter;

describe("adding passkeys in Profile", () => {
  it("keeps a passkey made for our challenge, lists, renames and removes it (own only), and audits it", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const options = await client.post("/api/account/passkeys/options");
    expect(options.body).toMatchObject({
      rp: { id: "localhost", name: "StayLondon" },
      authenticatorSelection: { residentKey: "required" },
      attestation: "none",
    });
    const { passkey } = await register(client);
    expect(passkey.name).toMatch(/^Passkey on /);
    expect((await client.get("/api/account/passkeys")).body).toEqual([passkey]);

    const renamed = await client.request("PATCH", `/api/account/passkeys/${passkey.id}`, { name: "  Work laptop " });
    expect(renamed.body).toMatchObject({ id: passkey.id, name: "Work laptop" });

    // Someone else's passkey answers as one that does not exist.
    const { client: other } = await signedInUser(t.db, server.baseUrl);
    expect((await other.request("DELETE", `/api/account/passkeys/${passkey.id}`)).status).toBe(404);
    expect((await other.request("PATCH", `/api/account/passkeys/${passkey.id}`, { name: "Mine" })).status).toBe(404);

    expect((await client.request("DELETE", `/api/account/passkeys/${passkey.id}`)).status).toBe(204);
    expect((await client.get("/api/account/passkeys")).body).toEqual([]);
    const actions = (
      await t.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.subjectUserId, user.id))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.passkey_added", "auth.passkey_removed"]));
  });

  it("refuses an answer to another challenge or from another site, and a challenge used twice", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const device = new SoftwareAuthenticator();
    const options = await client.post("/api/account/passkeys/options");
    const wrongChallenge = device.create({ ...options.body, challenge: b64url(randomBytes(32)) });
    expect((await client.post("/api/account/passkeys", { credential: wrongChallenge })).status).toBe(400);

    const wrongSite = device.create(options.body, "https://staylondon.evil.example");
    const refused = await client.post("/api/account/passkeys", { credential: wrongSite });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("We could not add this passkey. Please try again.");
    // The challenge was spent by the refused answer: a right answer to it now is refused too.
    expect((await client.post("/api/account/passkeys", { credential: device.create(options.body) })).status).toBe(400);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);

    // Another person's challenge does not register a passkey for this one.
    const { client: other } = await signedInUser(t.db, server.baseUrl);
    const theirs = await other.post("/api/account/passkeys/options");
    expect((await client.post("/api/account/passkeys", { credential: device.create(theirs.body) })).status).toBe(400);
  });
});

describe("signing in with a passkey", () => {
  it("signs in without an e-mail address or a two-factor code, as a password sign-in does", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    await enrolTwoFactor(t.db, user.id);
    const { device } = await register(client);
    const browser = new HttpClient(server.baseUrl);
    const options = await signInOptions(browser);
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "preferred" });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await browser.post("/api/auth/passkey/verify", { credential: device.get(options) });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: user.id, email: user.email });
    expect((await browser.get("/api/auth/user")).body.user).toMatchObject({ id: user.id });
    expect(await storedCounter(device.credentialId)).toBe(1);
    const row = (await t.db.select().from(users).where(eq(users.id, user.id)))[0];
    expect(row?.lastLoginAt).not.toBeNull();
    const [challengesLeft] = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge as string));
    expect(challengesLeft).toBeUndefined();
  });

  it("refuses a wrong challenge, a wrong origin, a counter that did not increase, a forged signature and an unknown passkey, each with the same 400 and nothing changed", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { device } = await register(client);
    const browser = new HttpClient(server.baseUrl);
    // One good sign-in, so the stored counter is above zero.
    expect(
      (await browser.post("/api/auth/passkey/verify", { credential: device.get(await signInOptions(browser)) })).status,
    ).toBe(200);
    expect(await storedCounter(device.credentialId)).toBe(1);
    const lastLogin = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastLoginAt;

    const attempts = {
      "wrong challenge": async (fresh: HttpClient) =>
        device.get({ ...(await signInOptions(fresh)), challenge: b64url(randomBytes(32)) }, { counter: 5 }),
      "wrong origin": async (fresh: HttpClient) =>
        device.get(await signInOptions(fresh), { origin: "https://staylondon.evil.example", counter: 6 }),
      "counter not increased": async (fresh: HttpClient) => device.get(await signInOptions(fresh), { counter: 1 }),
      "forged signature": async (fresh: HttpClient) => device.forged(await signInOptions(fresh)),
      "unknown passkey": async (fresh: HttpClient) => new SoftwareAuthenticator().get(await signInOptions(fresh)),
    };
    for (const [what, answer] of Object.entries(attempts)) {
      const fresh = new HttpClient(server.baseUrl);
      const refused = await fresh.post("/api/auth/passkey/verify", { credential: await answer(fresh) });
      expect(refused.status, what).toBe(400);
      expect(refused.body, what).toEqual({
        message: "We could not sign you in with this passkey. Please try again or use your password.",
      });
      expect((await fresh.get("/api/auth/user")).status, what).toBe(401);
      expect(await storedCounter(device.credentialId), what).toBe(1);
    }
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastLoginAt).toEqual(lastLogin);

    // Nor can one answer be sent twice.
    const options = await signInOptions(browser);
    const answer = device.get(options);
    expect((await browser.post("/api/auth/passkey/verify", { credential: answer })).status).toBe(200);
    expect((await new HttpClient(server.baseUrl).post("/api/auth/passkey/verify", { credential: answer })).status).toBe(
      400,
    );
  });

  it("refuses a frozen account with the password sign-in's words", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { device } = await register(client);
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, user.id));
    const browser = new HttpClient(server.baseUrl);
    const refused = await browser.post("/api/auth/passkey/verify", {
      credential: device.get(await signInOptions(browser)),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This account has been frozen. Please contact support.");
    expect((await browser.get("/api/auth/user")).status).toBe(401);
  });
});
