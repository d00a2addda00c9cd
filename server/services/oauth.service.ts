import { createHash, randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import { SELF_SERVICE_ROLES } from "../../common/domain/roles";
import type { TOAuthStartQuery, TRegisterOAuthRequest } from "../../common/schemas/auth";
import type { Database } from "../db/client";
import type { OAuthProvider } from "../db/schema/oauth";
import { ConflictError, InvalidInputError } from "../lib/errors";
import {
  deletePendingIdentity,
  findPendingIdentity,
  findUserByProviderIdentity,
  insertFlow,
  insertHandoffToken,
  linkProviderIdentity,
  type OAuthFlowRow,
  savePendingIdentity,
  stashCallbackParams,
  sweepExpiredOAuthRows,
  takeFlow,
  takeHandoffToken,
} from "../repositories/oauth.repository";
import { findUserByEmail, findUserById, insertUser, type UserRow, updateUser } from "../repositories/users.repository";
import { type AuthResult, type AuthService, type RequestContext, toSessionUser } from "./auth.service";
import type { OidcClients, ProviderIdentity } from "./oidc-clients";

/** A flow must come back from the provider within this time… */
const FLOW_TTL_MS = 10 * 60_000;
/** …a provider identity without an account waits this long for POST /register-oauth… */
const PENDING_TTL_MS = 30 * 60_000;
/** …and the handoff token lives just long enough for the /auth page to post it. */
const HANDOFF_TTL_MS = 2 * 60_000;
/** The browser-binding cookie outlives the longest of the above. */
export const OAUTH_COOKIE_MAX_AGE_S = PENDING_TTL_MS / 1000;

export const PROVIDER_LABELS: Record<OAuthProvider, string> = { google: "Google", apple: "Apple" };
const RELAY_DOMAIN = "@privaterelay.appleid.com";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");

/** Where the browser goes next: a page of the client (`/auth?…`) or the provider. */
const authPage = (params: Record<string, string>) => `/auth?${new URLSearchParams(params).toString()}`;

/** A provider's error code, passed on to /auth only if it looks like one (`access_denied`). */
const providerError = (code: string | undefined) => (code && /^[a-z0-9_.-]{1,64}$/i.test(code) ? code : "oauth_failed");

type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];
const isSelfServiceRole = (role: string | null): role is SelfServiceRole =>
  (SELF_SERVICE_ROLES as readonly (string | null)[]).includes(role);

type Log = { warn: (o: object, m: string) => void };
type Options = { log: Log; sendEmailVerification?: (userId: number) => Promise<void> };

/**
 * Google and Apple sign-in. The flow's state lives server-side (`oauth_flows`), bound
 * to the browser by the random value of the `sl_oauth` cookie; a finished sign-in reaches the session
 * through a one-time handoff token that POST /complete-oauth exchanges, after the shared admission
 * rules of AuthService.admit.
 */
export class OAuthService {
  constructor(
    private readonly db: Database,
    private readonly clients: OidcClients,
    private readonly auth: AuthService,
    private readonly options: Options,
  ) {}

  providers(): Record<OAuthProvider, boolean> {
    return this.clients.configured();
  }

  /**
   * GET /api/auth/{provider}: where to send the browser. `browserToken` is set when a flow was
   * created; the route puts it in the httpOnly cookie that binds the flow to this browser.
   */
  async start(provider: OAuthProvider, query: TOAuthStartQuery): Promise<{ location: string; browserToken?: string }> {
    if (!this.clients.isConfigured(provider)) {
      return { location: authPage({ error: `${provider}_not_configured`, provider }) };
    }
    if (query.intent === "register" && !query.role) {
      return { location: authPage({ tab: "register", error: "role_required", provider }) };
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    let url: URL;
    try {
      url = await this.clients.authorizationUrl(provider, { state, nonce, codeVerifier });
    } catch (error) {
      this.options.log.warn({ err: error, provider }, "OpenID Connect discovery failed");
      return { location: authPage({ error: "provider_unavailable", provider }) };
    }
    const browserToken = randomToken();
    await insertFlow(this.db, {
      stateHash: sha256(state),
      browserHash: sha256(browserToken),
      provider,
      intent: query.intent,
      role: query.intent === "register" ? (query.role ?? null) : null,
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    return { location: url.toString(), browserToken };
  }

  /**
   * POST /api/auth/apple/callback: Apple's form_post arrives cross-site, without the browser's
   * SameSite=Lax cookie. Its fields wait on the flow and the browser continues, by a same-site GET,
   * to the callback below, where the cookie is present again.
   */
  async acceptFormPost(provider: OAuthProvider, fields: Record<string, string>): Promise<string> {
    const { state, ...rest } = fields;
    if (!state) return authPage({ error: fields.error ? providerError(fields.error) : "invalid_state", provider });
    if (!(await stashCallbackParams(this.db, sha256(state), rest))) {
      return authPage({ error: "invalid_state", provider });
    }
    return `/api/auth/${provider}/callback?${new URLSearchParams({ state }).toString()}`;
  }

  /** GET /api/auth/{provider}/callback: answers where the browser goes next. */
  async callback(
    provider: OAuthProvider,
    query: Record<string, string>,
    browserToken: string | undefined,
    context: RequestContext,
  ): Promise<string> {
    const fail = (error: string) => authPage({ error, provider });
    const state = query.state;
    if (!state) return fail(query.error ? providerError(query.error) : "invalid_state");
    // The state is spent whatever happens next: a replayed or tampered callback finds nothing.
    const flow = await takeFlow(this.db, sha256(state));
    if (!flow || flow.provider !== provider) return fail("invalid_state");
    if (!browserToken || sha256(browserToken) !== flow.browserHash) return fail("invalid_state");

    // Apple's answer was posted and kept on the flow; Google's is in the query.
    const response = provider === "apple" ? flow.callbackParams : query;
    if (!response) return fail("invalid_state");
    if (response.error) return fail(providerError(response.error));

    let identity: ProviderIdentity;
    try {
      identity = await this.clients.exchange(
        provider,
        { ...response, state },
        {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        },
      );
    } catch (error) {
      this.options.log.warn({ err: error, provider }, "OpenID Connect code exchange or ID token check failed");
      return fail("oauth_failed");
    }
    return this.resolve(flow, identity, context);
  }

  /** POST /api/auth/complete-oauth: the handoff token becomes a session, under the shared admission rules. */
  async complete(token: string, browserToken: string | undefined, context: RequestContext): Promise<AuthResult> {
    const handoff = await takeHandoffToken(this.db, sha256(token));
    const invalid = new InvalidInputError(
      "This sign-in link is invalid, already used or expired. Please sign in again.",
    );
    if (!handoff || !browserToken || sha256(browserToken) !== handoff.browserHash) throw invalid;
    const user = await findUserById(this.db, handoff.userId);
    if (!user) throw invalid;
    // Refusals by the shared rules (frozen, unverified, awaiting approval) are recorded and audited as a password
    // sign-in's are; with two-factor on, the app's code is asked for as after a password.
    return this.auth.signIn(user, { email: user.email, provider: handoff.provider }, context);
  }

  /**
   * POST /api/auth/register-oauth: finishes the account of a provider identity that had none, kept
   * for this browser by the callback. The address must be the provider's, except for an Apple relay
   * address, which the user replaces with a real one that is then verified by e-mail.
   */
  async registerPending(
    input: TRegisterOAuthRequest,
    browserToken: string | undefined,
    context: RequestContext,
  ): Promise<AuthResult> {
    const pending = browserToken ? await findPendingIdentity(this.db, sha256(browserToken)) : undefined;
    if (!pending) {
      throw new InvalidInputError(
        "There is no Google or Apple sign-in to finish in this browser. Please continue with Google or Apple again.",
      );
    }
    const label = PROVIDER_LABELS[pending.provider];
    if (input.provider !== pending.provider) {
      throw new InvalidInputError(`The sign-in to finish is with ${label}, not ${PROVIDER_LABELS[input.provider]}.`);
    }
    const role = input.role;
    if (!isSelfServiceRole(role)) {
      throw new InvalidInputError("Only Guest/Tenant or Landlord/Owner can be chosen at registration");
    }
    let emailVerified: boolean;
    if (pending.privateRelay) {
      if (input.email.endsWith(RELAY_DOMAIN)) {
        throw new InvalidInputError("Please enter your real email address, not Apple's private relay address.");
      }
      emailVerified = false;
    } else {
      if (input.email !== pending.email) {
        throw new InvalidInputError(`Please use the email address of your ${label} account: ${pending.email}`);
      }
      emailVerified = pending.emailVerified;
    }

    const user = await this.createAccount(
      {
        provider: pending.provider,
        subject: pending.providerId,
        email: input.email,
        emailVerified,
        firstName: input.firstName,
        lastName: input.lastName,
        role,
      },
      context,
    );
    if (!user) {
      throw new ConflictError("An account with this email already exists. Please sign in instead.", {
        redirectToLogin: true,
      });
    }
    await deletePendingIdentity(this.db, pending.browserHash);
    if (user.role === "landlord") {
      return {
        status: 201,
        body: { requiresApproval: true, requiresEmailVerification: !user.emailVerified, email: user.email },
      };
    }
    await updateUser(this.db, user.id, { lastLoginAt: new Date(), lastLoginIp: context.ip });
    return { status: 201, body: { user: toSessionUser(user) }, signIn: user.id };
  }

  /** Deletes expired flows, pending identities and handoff tokens. */
  sweep(): Promise<void> {
    return sweepExpiredOAuthRows(this.db);
  }

  /** The account rules after the provider has proven who this is (see docs/decisions/005). */
  private async resolve(flow: OAuthFlowRow, identity: ProviderIdentity, context: RequestContext): Promise<string> {
    const { provider } = identity;
    const fail = (error: string, extra: Record<string, string> = {}) => authPage({ error, ...extra, provider });

    const linked = await findUserByProviderIdentity(this.db, provider, identity.subject);
    const byEmail = !linked && identity.email ? await findUserByEmail(this.db, identity.email) : undefined;
    const existing = linked ?? byEmail;
    if (existing) {
      if (flow.intent === "register") return fail("account_already_exists", { email: existing.email });
      if (linked) return this.handoff(linked, flow);
      // Signing in to an account by its e-mail address needs the provider's word that the address is theirs.
      if (!identity.emailVerified) return fail("email_not_verified");
      const user =
        existing.providerId === null
          ? ((await linkProviderIdentity(this.db, existing.id, provider, identity.subject)) ?? existing)
          : existing;
      if (!user.emailVerified) await updateUser(this.db, user.id, { emailVerified: true });
      return this.handoff(user, flow);
    }

    if (!identity.email) return fail("email_missing");
    if (identity.privateRelay || flow.intent === "login") {
      await savePendingIdentity(this.db, {
        browserHash: flow.browserHash,
        provider,
        providerId: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        privateRelay: identity.privateRelay,
        firstName: identity.firstName,
        lastName: identity.lastName,
        expiresAt: new Date(Date.now() + PENDING_TTL_MS),
      });
      if (identity.privateRelay) return fail("apple_private_relay");
      return fail("account_not_found", { email: identity.email });
    }

    const role = flow.role;
    if (!isSelfServiceRole(role)) return authPage({ tab: "register", error: "role_required", provider });
    const user = await this.createAccount({ ...identity, email: identity.email, role }, context);
    if (!user) return fail("account_already_exists", { email: identity.email });
    return this.handoff(user, flow);
  }

  private async createAccount(
    account: Pick<ProviderIdentity, "provider" | "subject" | "emailVerified" | "firstName" | "lastName"> & {
      email: string;
      role: SelfServiceRole;
    },
    context: RequestContext,
  ): Promise<UserRow | null> {
    const user = await insertUser(this.db, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      provider: account.provider,
      providerId: account.subject,
      // A landlord waits for an admin; a guest needs nobody's approval.
      isApproved: account.role !== "landlord",
      emailVerified: account.emailVerified,
      registrationIp: context.ip,
    });
    if (user && !user.emailVerified && this.options.sendEmailVerification) {
      await this.options
        .sendEmailVerification(user.id)
        .catch((error: unknown) =>
          this.options.log.warn({ err: error, userId: user.id }, "verification e-mail not sent"),
        );
    }
    return user;
  }

  private async handoff(user: UserRow, flow: OAuthFlowRow): Promise<string> {
    const token = randomToken();
    await insertHandoffToken(this.db, {
      tokenHash: sha256(token),
      browserHash: flow.browserHash,
      userId: user.id,
      provider: flow.provider,
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return authPage({ auth: "success", token });
  }
}
