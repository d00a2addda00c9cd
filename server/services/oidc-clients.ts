import { importPKCS8, SignJWT } from "jose";
import * as oidc from "openid-client";
import type { AppConfig } from "../config/env";
import type { OAuthProvider } from "../db/schema/oauth";

/** Apple's fixed audience for the client-secret JWT (developer.apple.com, "Creating a client secret"). */
export const APPLE_AUDIENCE = "https://appleid.apple.com";
/** Apple accepts up to six months; an hour keeps a leaked secret short-lived and costs one signature an hour. */
const APPLE_SECRET_LIFETIME_S = 3600;

export type OidcSettings = Pick<
  AppConfig,
  | "publicUrl"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_ISSUER"
  | "APPLE_CLIENT_ID"
  | "APPLE_TEAM_ID"
  | "APPLE_KEY_ID"
  | "APPLE_PRIVATE_KEY"
  | "APPLE_ISSUER"
>;

/** What a provider proved about the person, read from the validated ID token. */
export type ProviderIdentity = {
  provider: OAuthProvider;
  /** The provider's stable `sub`. */
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  /** An Apple "Hide My Email" relay address. */
  privateRelay: boolean;
  firstName: string | null;
  lastName: string | null;
};

export type AuthorizationChecks = { state: string; nonce: string; codeVerifier: string };

type AppleKey = { clientId: string; teamId: string; keyId: string; privateKey: string };

/** The ES256 client secret Apple's token endpoint asks for instead of a static secret. */
export async function appleClientSecret(key: AppleKey, now = Math.floor(Date.now() / 1000)): Promise<string> {
  // A key pasted into one environment variable often carries literal "\n" for its line breaks.
  const pem = key.privateKey.includes("\\n") ? key.privateKey.replaceAll("\\n", "\n") : key.privateKey;
  const signingKey = await importPKCS8(pem.trim(), "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(key.clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + APPLE_SECRET_LIFETIME_S)
    .sign(signingKey);
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const text = (value: unknown, max = 100): string | null =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;
const truthy = (value: unknown) => value === true || value === "true";
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+$/;

/**
 * Google and Apple as OpenID Connect clients (openid-client). A provider is on when its settings are
 * complete. Discovery happens on first use and is cached (a failure is retried next time), so the
 * app boots without reaching either provider.
 */
export class OidcClients {
  private readonly discovered = new Map<OAuthProvider, Promise<oidc.Configuration>>();
  private appleSecret: { value: string; renewAt: number } | null = null;

  constructor(private readonly settings: OidcSettings) {}

  configured(): Record<OAuthProvider, boolean> {
    const s = this.settings;
    return {
      google: Boolean(s.GOOGLE_CLIENT_ID && s.GOOGLE_CLIENT_SECRET),
      apple: Boolean(s.APPLE_CLIENT_ID && s.APPLE_TEAM_ID && s.APPLE_KEY_ID && s.APPLE_PRIVATE_KEY),
    };
  }

  isConfigured(provider: OAuthProvider): boolean {
    return this.configured()[provider];
  }

  redirectUri(provider: OAuthProvider): string {
    return new URL(`/api/auth/${provider}/callback`, this.settings.publicUrl).toString();
  }

  /** The URL to send the browser to. */
  async authorizationUrl(provider: OAuthProvider, checks: AuthorizationChecks): Promise<URL> {
    const config = await this.configuration(provider);
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(provider),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    };
    if (provider === "apple") {
      // Apple answers a request for name or e-mail only by POSTing the result (form_post).
      parameters.scope = "openid name email";
      parameters.response_mode = "form_post";
    } else {
      parameters.scope = "openid email profile";
    }
    return oidc.buildAuthorizationUrl(config, parameters);
  }

  /**
   * Exchanges the code (with the PKCE verifier) and validates the ID token: signature, issuer,
   * audience, expiry, nonce (openid-client). `params` are the callback's parameters, from the query
   * or Apple's form; Apple's `user` field carries the name on the first sign-in only.
   */
  async exchange(
    provider: OAuthProvider,
    params: Record<string, string>,
    checks: AuthorizationChecks,
  ): Promise<ProviderIdentity> {
    const config = await this.configuration(provider);
    const current = new URL(this.redirectUri(provider));
    for (const [key, value] of Object.entries(params)) {
      if (key !== "user") current.searchParams.append(key, value);
    }
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("the provider returned no ID token");

    const rawEmail = text(claims.email, 254)?.toLowerCase() ?? null;
    const email = rawEmail && EMAIL_SHAPE.test(rawEmail) ? rawEmail : null;
    let firstName = text(claims.given_name);
    let lastName = text(claims.family_name);
    if (provider === "apple" && params.user) {
      try {
        const user = JSON.parse(params.user) as { name?: { firstName?: unknown; lastName?: unknown } };
        firstName ??= text(user.name?.firstName);
        lastName ??= text(user.name?.lastName);
      } catch {
        // A malformed name is no reason to refuse a valid ID token.
      }
    }
    return {
      provider,
      subject: claims.sub,
      email,
      emailVerified: email !== null && truthy(claims.email_verified),
      privateRelay:
        provider === "apple" &&
        (truthy(claims.is_private_email) || (email?.endsWith("@privaterelay.appleid.com") ?? false)),
      firstName,
      lastName,
    };
  }

  private configuration(provider: OAuthProvider): Promise<oidc.Configuration> {
    let pending = this.discovered.get(provider);
    if (!pending) {
      pending = this.discover(provider);
      this.discovered.set(provider, pending);
      // A failed discovery (provider unreachable) is not cached: the next sign-in tries again.
      pending.catch(() => this.discovered.delete(provider));
    }
    return pending;
  }

  private async discover(provider: OAuthProvider): Promise<oidc.Configuration> {
    const s = this.settings;
    if (!this.isConfigured(provider)) throw new Error(`${provider} sign-in is not configured`);
    const issuer = new URL(provider === "google" ? s.GOOGLE_ISSUER : s.APPLE_ISSUER);
    // Plain HTTP only for a provider on this machine (the test stand-in); anything else must be HTTPS.
    const insecure = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
    const options = { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 };
    if (provider === "google") {
      return oidc.discovery(issuer, s.GOOGLE_CLIENT_ID as string, s.GOOGLE_CLIENT_SECRET as string, undefined, options);
    }
    const clientId = s.APPLE_CLIENT_ID as string;
    // Apple authenticates the client with a short-lived ES256 JWT sent as client_secret (client_secret_post).
    // oauth4webapi awaits the authentication function, so the secret can be renewed when it is due.
    const appleAuth: oidc.ClientAuth = async (_as, _client, body) => {
      body.set("client_id", clientId);
      body.set("client_secret", await this.currentAppleSecret());
    };
    return oidc.discovery(issuer, clientId, { token_endpoint_auth_method: "client_secret_post" }, appleAuth, options);
  }

  private async currentAppleSecret(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (this.appleSecret && now < this.appleSecret.renewAt) return this.appleSecret.value;
    const s = this.settings;
    const value = await appleClientSecret(
      {
        clientId: s.APPLE_CLIENT_ID as string,
        teamId: s.APPLE_TEAM_ID as string,
        keyId: s.APPLE_KEY_ID as string,
        privateKey: s.APPLE_PRIVATE_KEY as string,
      },
      now,
    );
    this.appleSecret = { value, renewAt: now + APPLE_SECRET_LIFETIME_S - 300 };
    return value;
  }
}
