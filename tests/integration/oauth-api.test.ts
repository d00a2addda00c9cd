import { eq, sql } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loginAttempts,
  oauthFlows,
  oauthHandoffTokens,
  oauthPendingIdentities,
  outboxMessages,
  users,
} from "../../server/db/schema";
import { appleClientSecret } from "../../server/services/oidc-clients";
import { createUser } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { setUpTestApp } from "../support/test-context";

/**
 * Google and Apple sign-in end to end over real HTTP: the real app, a real OpenID Connect provider
 * (oidc-provider) standing in for both, and a cookie-keeping client that follows redirects by hand.
 * The app's public URL is a name only this client knows; it maps it to the test server.
 */

const APP_URL = "http://staylondon.test";
let idp: OidcTestProvider;
const { t, server } = setUpTestApp({
  config: async () => {
    idp = await startOidcProvider({ appUrl: APP_URL });
    return {
      publicUrl: APP_URL,
      GOOGLE_CLIENT_ID: idp.google.clientId,
      GOOGLE_CLIENT_SECRET: idp.google.clientSecret,
      GOOGLE_ISSUER: idp.issuer,
      APPLE_CLIENT_ID: idp.apple.clientId,
      APPLE_TEAM_ID: idp.apple.teamId,
      APPLE_KEY_ID: idp.apple.keyId,
      // As an operator would paste it into one environment variable.
      APPLE_PRIVATE_KEY: idp.apple.privateKeyPem.replaceAll("\n", "\\n"),
      APPLE_ISSUER: idp.issuer,
    };
  },
  afterStop: () => idp?.close(),
});
let bare: TestServer;
let counter = 0;
const email = (label: string) => `${label}-${++counter}-${Date.now()}@oauth.test`;

beforeAll(async () => {
  bare = await startTestServer(t.db, t.url, { publicUrl: APP_URL }, { withoutChangeFeed: true });
});
afterAll(async () => {
  await bare?.close();
});

type Cookie = { name: string; value: string; host: string; path: string };
type Hop = { status: number; location: string | null; text: string; headers: Headers };

/** A browser stand-in: one cookie jar for every host (path-scoped), redirects followed by the test. */
class Browser {
  cookies: Cookie[] = [];

  /** The app's public URL is served by the test server. */
  static resolve(url: string, base = server.baseUrl): URL {
    const resolved = new URL(url, base);
    return resolved.origin === APP_URL ? new URL(`${resolved.pathname}${resolved.search}`, base) : resolved;
  }

  async request(
    method: string,
    url: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      cookies?: boolean;
    } = {},
  ): Promise<Hop> {
    const target = Browser.resolve(url);
    const headers: Record<string, string> = { ...options.headers };
    const cookie = options.cookies === false ? "" : this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(target, { method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(target, line);
    const location = response.headers.get("location");
    return {
      status: response.status,
      location: location ? new URL(location, target).toString() : null,
      text: await response.text(),
      headers: response.headers,
    };
  }

  get = (url: string, options?: { cookies?: boolean }) => this.request("GET", url, options);
  post = (url: string, json?: unknown) => this.request("POST", url, { json });

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter((c) => c.host === url.host && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  private store(url: URL, line: string) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = url.pathname.replace(/\/[^/]*$/, "") || "/";
    let expired = value === "";
    for (const attribute of attributes) {
      const [key = "", val = ""] = attribute.split("=");
      if (key.toLowerCase() === "path") path = val;
      if (key.toLowerCase() === "max-age" && Number(val) <= 0) expired = true;
      if (key.toLowerCase() === "expires" && Date.parse(val) < Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.host === url.host && c.path === path));
    if (!expired) this.cookies.push({ name, value, host: url.host, path });
  }
}

type TestUser = { email: string; given_name?: string; family_name?: string; sub?: string; verified?: boolean };

/** The browser at the provider: its sign-in form filled in with `user` (or cancelled), up to the answer. */
async function atProvider(browser: Browser, authorizationUrl: string, user: TestUser | "cancel"): Promise<Hop> {
  const toInteraction = await browser.get(authorizationUrl);
  expect(toInteraction.status, toInteraction.text).toBe(303);
  const interaction = toInteraction.location as string;
  expect(interaction).toContain("/interaction/");
  const page = await browser.get(interaction);
  expect(page.text).toContain("Test identity provider");
  const submitted =
    user === "cancel"
      ? await browser.request("POST", `${interaction}/abort`, { form: {} })
      : await browser.request("POST", `${interaction}/login`, {
          form: {
            email: user.email,
            given_name: user.given_name ?? "Ada",
            family_name: user.family_name ?? "Lovelace",
            sub: user.sub ?? "",
            ...(user.verified === false ? {} : { email_verified: "true" }),
          },
        });
  expect(submitted.status, submitted.text).toBe(303);
  return browser.get(submitted.location as string);
}

/** Apple's form_post page: the form's target and fields. */
function parseFormPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form_post form in: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] as string] = (match[2] as string).replaceAll("&amp;", "&").replaceAll("&#x3D;", "=");
  }
  return { action: action.replaceAll("&amp;", "&"), fields };
}

/**
 * The whole round trip from a "Continue with …" button to the app's answer: the final `/auth?…`
 * address. Apple's answer is posted cross-site without the app's cookies, as a browser would.
 */
async function signIn(
  browser: Browser,
  provider: "google" | "apple",
  start: string,
  user: TestUser | "cancel",
  extraFormFields: Record<string, string> = {},
): Promise<URL> {
  const started = await browser.get(`/api/auth/${provider}?${start}`);
  expect(started.status).toBe(302);
  const toProvider = started.location as string;
  if (!toProvider.startsWith(idp.issuer)) return new URL(toProvider);
  const answer = await atProvider(browser, toProvider, user);
  let callback: Hop;
  if (provider === "google") {
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${APP_URL}/api/auth/google/callback\\?`));
    callback = await browser.get(answer.location as string);
  } else {
    expect(answer.status, answer.text).toBe(200);
    const form = parseFormPost(answer.text);
    expect(form.action).toBe(`${APP_URL}/api/auth/apple/callback`);
    const posted = await browser.request("POST", form.action, {
      form: { ...form.fields, ...extraFormFields },
      headers: { origin: new URL(idp.issuer).origin, "sec-fetch-site": "cross-site" },
      cookies: false,
    });
    expect(posted.status, posted.text).toBe(303);
    callback = await browser.get(posted.location as string);
  }
  expect(callback.status, callback.text).toBe(302);
  const final = new URL(callback.location as string);
  expect(final.pathname).toBe("/auth");
  return final;
}

const complete = (browser: Browser, landing: URL) =>
  browser.post("/api/auth/complete-oauth", { token: landing.searchParams.get("token") });

const json = (hop: Hop) => JSON.parse(hop.text) as Record<string, unknown>;
const userRow = async (address: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, address));
  return row;
};

describe("configuration", () => {
  it("tells the /auth page which providers are on", async () => {
    expect(json(await new Browser().get("/api/auth/providers"))).toEqual({ google: true, apple: true });
    const off = await fetch(`${bare.baseUrl}/api/auth/providers`);
    expect(await off.json()).toEqual({ google: false, apple: false });
  });

  it.each(["google", "apple"])("sends the browser back to /auth when %s is not configured", async (provider) => {
    const response = await fetch(`${bare.baseUrl}/api/auth/${provider}?intent=login`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth?error=${provider}_not_configured&provider=${provider}`);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("asks for a role before a registration", async () => {
    const response = await new Browser().get("/api/auth/google?intent=register");
    expect(response.status).toBe(302);
    expect(response.location).toBe(`${server.baseUrl}/auth?tab=register&error=role_required&provider=google`);
  });

  it("refuses a role that cannot be chosen, and an unknown intent", async () => {
    const admin = await new Browser().get("/api/auth/google?intent=register&role=admin");
    expect(admin.status).toBe(400);
    expect(json(admin).message).toMatch(/role must be guest or landlord/);
    const intent = await new Browser().get("/api/auth/google?intent=delete");
    expect(intent.status).toBe(400);
    expect(json(intent).message).toMatch(/intent must be login or register/);
  });

  it("starts a flow with state, nonce and PKCE (S256), kept server-side and bound by an httpOnly cookie", async () => {
    const browser = new Browser();
    const started = await browser.get("/api/auth/google?intent=login");
    const url = new URL(started.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(`${APP_URL}/api/auth/google/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    const setCookie = started.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^sl_oauth=[\w-]{43}; Max-Age=1800; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
    const [row] = await t.db
      .select()
      .from(oauthFlows)
      .where(sql`${oauthFlows.stateHash} = encode(sha256(${url.searchParams.get("state")}::bytea), 'hex')`);
    expect(row).toMatchObject({ provider: "google", intent: "login", role: null });
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it("answers provider_unavailable, not a 500, when the provider cannot be reached", async () => {
    const offline = await startTestServer(
      t.db,
      t.url,
      { publicUrl: APP_URL, GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y", GOOGLE_ISSUER: "http://127.0.0.1:9" },
      { withoutChangeFeed: true },
    );
    try {
      const response = await fetch(`${offline.baseUrl}/api/auth/google?intent=login`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth?error=provider_unavailable&provider=google");
    } finally {
      await offline.close();
    }
  });
});

describe("signing in with Google", () => {
  it("signs an existing account in through a one-time token and links the identity", async () => {
    const user = await createUser(t.db, { email: email("existing") });
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=login", { email: user.email.toUpperCase() });
    expect(landing.searchParams.get("auth")).toBe("success");
    const token = landing.searchParams.get("token") as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    const completed = await complete(browser, landing);
    expect(completed.status, completed.text).toBe(200);
    expect(json(completed).user).toMatchObject({ id: user.id, email: user.email, provider: "google" });
    expect(json(completed)).not.toHaveProperty("requiresPhoneVerification");
    const me = await browser.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect((json(me).user as { id: number }).id).toBe(user.id);

    const stored = await userRow(user.email);
    expect(stored).toMatchObject({ provider: "google", providerId: idp.subjectFor(user.email), emailVerified: true });
    expect(stored?.lastLoginIp).toBe("127.0.0.1");
    expect(stored?.lastLoginAt).not.toBeNull();
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts).toMatchObject([{ success: true }]);
    expect(browser.cookies.find((c) => c.name === "sl_oauth")).toBeUndefined();
  });

  it("finds a linked account by its provider identity even after the e-mail changed at the provider", async () => {
    const user = await createUser(t.db, { email: email("linked"), provider: "google", providerId: "linked-sub-1" });
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=login", {
      email: email("renamed"),
      sub: "linked-sub-1",
      verified: false,
    });
    const completed = await complete(browser, landing);
    expect(completed.status).toBe(200);
    expect((json(completed).user as { id: number }).id).toBe(user.id);
  });

  it("refuses to link an account by an e-mail the provider has not verified", async () => {
    const user = await createUser(t.db, { email: email("unverified") });
    const landing = await signIn(new Browser(), "google", "intent=login", { email: user.email, verified: false });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "email_not_verified", provider: "google" });
    expect((await userRow(user.email))?.providerId).toBeNull();
  });

  it("answers a provider's refusal with its error code", async () => {
    const landing = await signIn(new Browser(), "google", "intent=login", "cancel");
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "access_denied", provider: "google" });
  });

  it("keeps a frozen account out and records why", async () => {
    const user = await createUser(t.db, { email: email("frozen"), isFrozen: true, frozenAt: new Date() });
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=login", { email: user.email });
    const completed = await complete(browser, landing);
    expect(completed.status).toBe(403);
    expect(json(completed).message).toMatch(/frozen/);
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts).toMatchObject([{ success: false, failureReason: "frozen" }]);
  });

  it("tells an approved landlord without a verified phone to verify it", async () => {
    const user = await createUser(t.db, { email: email("landlord"), role: "landlord", emailVerified: true });
    const browser = new Browser();
    const completed = await complete(browser, await signIn(browser, "google", "intent=login", { email: user.email }));
    expect(completed.status).toBe(200);
    expect(json(completed).requiresPhoneVerification).toBe(true);
  });
});

describe("registering with Google", () => {
  it("creates a guest, verified by the provider, and signs them in", async () => {
    const address = email("new-guest");
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=register&role=guest", {
      email: address,
      given_name: "Grace",
      family_name: "Hopper",
    });
    expect(landing.searchParams.get("auth")).toBe("success");
    const completed = await complete(browser, landing);
    expect(completed.status).toBe(200);
    expect(json(completed).user).toMatchObject({
      email: address,
      role: "guest",
      emailVerified: true,
      provider: "google",
    });
    expect(await userRow(address)).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      isApproved: true,
      passwordHash: null,
      providerId: idp.subjectFor(address),
      registrationIp: "127.0.0.1",
    });
  });

  it("creates a landlord who then waits for approval", async () => {
    const address = email("new-landlord");
    const browser = new Browser();
    const completed = await complete(
      browser,
      await signIn(browser, "google", "intent=register&role=landlord", { email: address }),
    );
    expect(completed.status).toBe(403);
    expect(json(completed)).toMatchObject({ requiresApproval: true, email: address });
    expect(await userRow(address)).toMatchObject({ role: "landlord", isApproved: false, emailVerified: true });
    expect((await browser.get("/api/auth/user")).status).toBe(401);
  });

  it("a landlord whose provider did not verify the address must verify it by e-mail", async () => {
    const address = email("unverified-landlord");
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=register&role=landlord", {
      email: address,
      verified: false,
    });
    const completed = await complete(browser, landing);
    expect(completed.status).toBe(403);
    expect(json(completed)).toMatchObject({ requiresEmailVerification: true, email: address });
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));
    expect(mail).toHaveLength(1);
  });

  it("sends an existing address to sign-in instead", async () => {
    const user = await createUser(t.db, { email: email("taken") });
    const landing = await signIn(new Browser(), "google", "intent=register&role=guest", { email: user.email });
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      error: "account_already_exists",
      email: user.email,
      provider: "google",
    });
  });
});

describe("finishing a registration after a sign-in found no account", () => {
  it("keeps the verified identity for this browser and creates the guest from it", async () => {
    const address = email("unknown");
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=login", { email: address });
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      error: "account_not_found",
      email: address,
      provider: "google",
    });
    expect(await userRow(address)).toBeUndefined();

    const registered = await browser.post("/api/auth/register-oauth", {
      email: address,
      firstName: "Ada",
      lastName: "Byron",
      role: "guest",
      provider: "google",
    });
    expect(registered.status, registered.text).toBe(201);
    expect(json(registered).user).toMatchObject({ email: address, emailVerified: true, provider: "google" });
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect(await userRow(address)).toMatchObject({ providerId: idp.subjectFor(address), lastName: "Byron" });

    // The identity was used up.
    const again = await browser.post("/api/auth/register-oauth", {
      email: address,
      firstName: "Ada",
      lastName: "Byron",
      role: "guest",
      provider: "google",
    });
    expect(again.status).toBe(400);
  });

  it("creates a landlord who waits for approval, with the e-mail already verified", async () => {
    const address = email("unknown-landlord");
    const browser = new Browser();
    await signIn(browser, "google", "intent=login", { email: address });
    const registered = await browser.post("/api/auth/register-oauth", {
      email: address,
      firstName: "Lan",
      lastName: "Lord",
      role: "landlord",
      provider: "google",
    });
    expect(registered.status).toBe(201);
    expect(json(registered)).toEqual({ requiresApproval: true, requiresEmailVerification: false, email: address });
    expect((await browser.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses without a pending identity in this browser", async () => {
    const address = email("nobody");
    const elsewhere = new Browser();
    await signIn(elsewhere, "google", "intent=login", { email: address });
    const response = await new Browser().post("/api/auth/register-oauth", {
      email: address,
      firstName: "No",
      lastName: "Body",
      role: "guest",
      provider: "google",
    });
    expect(response.status).toBe(400);
    expect(json(response).message).toMatch(/no Google or Apple sign-in to finish/);
    expect(await userRow(address)).toBeUndefined();
  });

  it("refuses another address than the provider's, another provider and a staff role", async () => {
    const address = email("mismatch");
    const browser = new Browser();
    await signIn(browser, "google", "intent=login", { email: address });
    const body = { email: address, firstName: "Mis", lastName: "Match", role: "guest", provider: "google" };

    const otherEmail = await browser.post("/api/auth/register-oauth", { ...body, email: email("other") });
    expect(otherEmail.status).toBe(400);
    expect(json(otherEmail).message).toBe(`Please use the email address of your Google account: ${address}`);
    const otherProvider = await browser.post("/api/auth/register-oauth", { ...body, provider: "apple" });
    expect(otherProvider.status).toBe(400);
    expect(json(otherProvider).message).toMatch(/with Google, not Apple/);
    const admin = await browser.post("/api/auth/register-oauth", { ...body, role: "admin" });
    expect(admin.status).toBe(400);
    expect(json(admin).message).toBe("Only Guest/Tenant or Landlord/Owner can be chosen at registration");
    const badEmail = await browser.post("/api/auth/register-oauth", { ...body, email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(await userRow(address)).toBeUndefined();

    // Still pending: the right request succeeds.
    expect((await browser.post("/api/auth/register-oauth", body)).status).toBe(201);
  });

  it("answers 409 and points to sign-in when the address was taken meanwhile", async () => {
    const address = email("raced");
    const browser = new Browser();
    await signIn(browser, "google", "intent=login", { email: address });
    await createUser(t.db, { email: address });
    const response = await browser.post("/api/auth/register-oauth", {
      email: address,
      firstName: "Race",
      lastName: "Condition",
      role: "guest",
      provider: "google",
    });
    expect(response.status).toBe(409);
    expect(json(response)).toMatchObject({ redirectToLogin: true });
  });
});

describe("the flow's defences", () => {
  /** A flow taken up to the provider's answer: the callback URL with a valid code and state. */
  async function answeredFlow(browser: Browser, user: TestUser) {
    const started = await browser.get("/api/auth/google?intent=login");
    const answer = await atProvider(browser, started.location as string, user);
    return new URL(answer.location as string);
  }

  it("refuses a tampered state and then the real one (the state was spent)", async () => {
    const user = await createUser(t.db, { email: email("tamper") });
    const browser = new Browser();
    const callback = await answeredFlow(browser, { email: user.email });
    const tampered = new URL(callback);
    tampered.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const refused = await browser.get(tampered.toString());
    expect(refused.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=google`);

    const accepted = await browser.get(callback.toString());
    expect(new URL(accepted.location as string).searchParams.get("auth")).toBe("success");
    const replayed = await browser.get(callback.toString());
    expect(replayed.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=google`);
  });

  it("refuses a callback in another browser than the one that started the flow", async () => {
    const user = await createUser(t.db, { email: email("csrf") });
    const callback = await answeredFlow(new Browser(), { email: user.email });
    const victim = new Browser();
    const refused = await victim.get(callback.toString());
    expect(refused.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=google`);
    expect((await victim.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses an expired flow", async () => {
    const user = await createUser(t.db, { email: email("slow") });
    const browser = new Browser();
    const callback = await answeredFlow(browser, { email: user.email });
    await t.db
      .update(oauthFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${oauthFlows.stateHash} = encode(sha256(${callback.searchParams.get("state")}::bytea), 'hex')`);
    const refused = await browser.get(callback.toString());
    expect(refused.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=google`);
  });

  it("refuses a forged code with a valid state", async () => {
    const user = await createUser(t.db, { email: email("forged") });
    const browser = new Browser();
    const callback = await answeredFlow(browser, { email: user.email });
    callback.searchParams.set("code", "forged-code");
    const refused = await browser.get(callback.toString());
    expect(refused.location).toBe(`${server.baseUrl}/auth?error=oauth_failed&provider=google`);
  });

  it("uses a handoff token once, and only in the browser it was issued to", async () => {
    const user = await createUser(t.db, { email: email("replay") });
    const browser = new Browser();
    const landing = await signIn(browser, "google", "intent=login", { email: user.email });
    const thief = await new Browser().post("/api/auth/complete-oauth", { token: landing.searchParams.get("token") });
    expect(thief.status).toBe(400);
    expect(json(thief).message).toMatch(/invalid, already used or expired/);

    const other = new Browser();
    const second = await signIn(other, "google", "intent=login", { email: user.email });
    expect((await complete(other, second)).status).toBe(200);
    const replay = await complete(other, second);
    expect(replay.status).toBe(400);
    expect(json(replay).message).toMatch(/invalid, already used or expired/);
    expect((await browser.post("/api/auth/complete-oauth", { token: "x".repeat(43) })).status).toBe(400);
    expect((await browser.post("/api/auth/complete-oauth", {})).status).toBe(400);
  });

  it("still refuses other cross-site posts", async () => {
    const response = await new Browser().request("POST", "/api/auth/complete-oauth", {
      json: { token: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("Sign in with Apple (form_post)", () => {
  it("signs in with the ES256 client-secret JWT Apple expects", async () => {
    const secret = await appleClientSecret({
      clientId: idp.apple.clientId,
      teamId: idp.apple.teamId,
      keyId: idp.apple.keyId,
      privateKey: idp.apple.privateKeyPem,
    });
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: idp.apple.keyId });
    const claims = decodeJwt(secret);
    expect(claims).toMatchObject({ iss: idp.apple.teamId, sub: idp.apple.clientId, aud: "https://appleid.apple.com" });
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(15_777_000);

    // The stand-in's token endpoint accepts only such a JWT: a completed sign-in proves the app sent one.
    const user = await createUser(t.db, { email: email("apple-user"), provider: "apple", providerId: "apple-sub-1" });
    const browser = new Browser();
    const started = await browser.get("/api/auth/apple?intent=login");
    const url = new URL(started.location as string);
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("openid name email");
    const landing = await signIn(browser, "apple", "intent=login", { email: user.email, sub: "apple-sub-1" });
    const completed = await complete(browser, landing);
    expect(completed.status, completed.text).toBe(200);
    expect((json(completed).user as { id: number }).id).toBe(user.id);
  });

  it("registers with the name Apple posts on the first sign-in", async () => {
    const address = email("apple-new");
    const browser = new Browser();
    const landing = await signIn(
      browser,
      "apple",
      "intent=register&role=guest",
      { email: address, given_name: "", family_name: "" },
      { user: JSON.stringify({ name: { firstName: "Tim", lastName: "Apple" }, email: address }) },
    );
    expect((await complete(browser, landing)).status).toBe(200);
    expect(await userRow(address)).toMatchObject({ provider: "apple", firstName: "Tim", lastName: "Apple" });
  });

  it("asks for a real address instead of a private relay one, and verifies it by e-mail", async () => {
    const relay = `${++counter}${Date.now()}@privaterelay.appleid.com`;
    const browser = new Browser();
    const landing = await signIn(browser, "apple", "intent=register&role=guest", { email: relay });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ error: "apple_private_relay", provider: "apple" });
    expect(await userRow(relay)).toBeUndefined();

    const body = { firstName: "Pri", lastName: "Vate", role: "guest", provider: "apple" };
    const stillRelay = await browser.post("/api/auth/register-oauth", { ...body, email: relay });
    expect(stillRelay.status).toBe(400);
    expect(json(stillRelay).message).toMatch(/real email address/);

    const real = email("real");
    const registered = await browser.post("/api/auth/register-oauth", { ...body, email: real });
    expect(registered.status, registered.text).toBe(201);
    expect(json(registered).user).toMatchObject({ email: real, emailVerified: false, provider: "apple" });
    expect(await userRow(real)).toMatchObject({ providerId: idp.subjectFor(relay) });
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, real));
    expect(mail).toHaveLength(1);

    // The next Apple sign-in finds the account by its Apple identity, whatever the relay address.
    const next = new Browser();
    const again = await signIn(next, "apple", "intent=login", { email: relay });
    expect((await complete(next, again)).status).toBe(200);
  });

  it("refuses a posted answer whose state is unknown, without a 403 from the cross-site check", async () => {
    const browser = new Browser();
    const posted = await browser.request("POST", "/api/auth/apple/callback", {
      form: { state: "made-up", code: "x" },
      headers: { origin: "https://appleid.apple.com", "sec-fetch-site": "cross-site" },
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=apple`);
    const cancelled = await browser.request("POST", "/api/auth/apple/callback", {
      form: { error: "user_cancelled_authorize" },
      headers: { origin: "https://appleid.apple.com" },
    });
    expect(cancelled.location).toBe(`${server.baseUrl}/auth?error=user_cancelled_authorize&provider=apple`);
  });

  it("does not take an Apple answer through the query string", async () => {
    const browser = new Browser();
    const started = await browser.get("/api/auth/apple?intent=login");
    const state = new URL(started.location as string).searchParams.get("state") as string;
    const direct = await browser.get(`/api/auth/apple/callback?state=${state}&code=anything`);
    expect(direct.location).toBe(`${server.baseUrl}/auth?error=invalid_state&provider=apple`);
  });
});

describe("housekeeping", () => {
  it("sweeps expired flows, pending identities and handoff tokens, and keeps live ones", async () => {
    const user = await createUser(t.db, { email: email("sweep") });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    const flow = { browserHash: "b", provider: "google", intent: "login", nonce: "n", codeVerifier: "v" } as const;
    await t.db.insert(oauthFlows).values([
      { ...flow, stateHash: "sweep-old", expiresAt: past },
      { ...flow, stateHash: "sweep-live", expiresAt: future },
    ]);
    const identity = { provider: "google", providerId: "p", email: "p@oauth.test", emailVerified: true } as const;
    await t.db.insert(oauthPendingIdentities).values([
      { ...identity, browserHash: "sweep-old", expiresAt: past },
      { ...identity, browserHash: "sweep-live", expiresAt: future },
    ]);
    await t.db.insert(oauthHandoffTokens).values([
      { tokenHash: "sweep-old", browserHash: "b", userId: user.id, provider: "google", expiresAt: past },
      { tokenHash: "sweep-live", browserHash: "b", userId: user.id, provider: "google", expiresAt: future },
    ]);

    await server.app.services.oauth.sweep();

    const keys = async (rows: Promise<{ key: string }[]>) =>
      (await rows).map((r) => r.key).filter((k) => k.startsWith("sweep-"));
    expect(await keys(t.db.select({ key: oauthFlows.stateHash }).from(oauthFlows))).toEqual(["sweep-live"]);
    expect(await keys(t.db.select({ key: oauthPendingIdentities.browserHash }).from(oauthPendingIdentities))).toEqual([
      "sweep-live",
    ]);
    expect(await keys(t.db.select({ key: oauthHandoffTokens.tokenHash }).from(oauthHandoffTokens))).toEqual([
      "sweep-live",
    ]);
  });
});
