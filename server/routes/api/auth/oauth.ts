import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAuthOutcome,
  ZAuthProviders,
  ZCompleteOAuthRequest,
  ZOAuthStartQuery,
  ZRegisterOAuthRequest,
} from "../../../../common/schemas/auth";
import { OAUTH_PROVIDERS, type OAuthProvider } from "../../../db/schema/oauth";
import type { AuthResult } from "../../../services/auth.service";
import { OAUTH_COOKIE_MAX_AGE_S } from "../../../services/oauth.service";
import { refusals } from "../../refusals";
import { applySignIn } from "./sign-in-result";

/** The browser-binding cookie of a Google or Apple sign-in (a random value; rows keep its SHA-256). */
export const OAUTH_COOKIE = "sl_oauth";
const SWEEP_EVERY_MS = 15 * 60_000;

/** Callback parameters: code, state, iss, error… and whatever else the provider adds (Google's scope, authuser). */
/** What a provider sends back (named for the reference); anything else it adds is passed on to the check too. */
const ZCallbackParams = z
  .object({
    code: z.string().max(8192).optional(),
    state: z.string().max(8192).optional(),
    iss: z.string().max(8192).optional(),
    error: z.string().max(8192).optional(),
    error_description: z.string().max(8192).optional(),
    id_token: z.string().max(8192).optional(),
    user: z.string().max(8192).optional(),
  })
  .catchall(z.string().max(8192));

const context = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? null });

/**
 * /api/auth: sign-in with Google and Apple through OpenID Connect (flow in
 * docs/architecture.md, choices in docs/decisions/005-oidc-sign-in.md).
 */
const oauthRoutes: FastifyPluginAsyncZod<{ secureCookie: boolean }> = async (app, options) => {
  const service = app.services.oauth;
  const cookieOptions = {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: options.secureCookie,
  };
  const browserToken = (request: FastifyRequest) => {
    const value = request.cookies[OAUTH_COOKIE];
    return value && value.length <= 100 ? value : undefined;
  };
  const go = (reply: FastifyReply, location: string) =>
    reply.header("Cache-Control", "no-store").redirect(location, 302);
  async function answer(reply: FastifyReply, result: AuthResult) {
    if (result.signIn !== undefined || result.twoFactorFor !== undefined) {
      await applySignIn(reply, result);
      reply.clearCookie(OAUTH_COOKIE, cookieOptions);
    }
    return reply.code(result.status).send(result.body);
  }

  // Apple's form_post. Parsed only inside this plugin; the rest of the API stays JSON-only.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    "/providers",
    { schema: { summary: "Which sign-in providers are configured", response: { 200: ZAuthProviders } } },
    async () => service.providers(),
  );

  for (const provider of OAUTH_PROVIDERS satisfies readonly OAuthProvider[]) {
    app.get(
      `/${provider}`,
      {
        config: { rateLimit: "oauthStart" },
        schema: {
          summary: `Start signing in or registering with ${provider}`,
          description:
            "Redirects to the provider, or to /auth?error=… when it is not configured (`<provider>_not_configured`) " +
            "or a registration has no role (`role_required`).",
          querystring: ZOAuthStartQuery,
          response: { ...refusals(400) },
        },
      },
      async (request, reply) => {
        const started = await service.start(provider, request.query);
        if (started.browserToken) {
          reply.setCookie(OAUTH_COOKIE, started.browserToken, { ...cookieOptions, maxAge: OAUTH_COOKIE_MAX_AGE_S });
        }
        return go(reply, started.location);
      },
    );

    app.get(
      `/${provider}/callback`,
      {
        schema: {
          summary: `${provider} redirects back here`,
          description: "Redirects to /auth?auth=success&token=… or /auth?error=…",
          querystring: ZCallbackParams,
          response: { ...refusals(400) },
        },
      },
      async (request, reply) =>
        go(reply, await service.callback(provider, request.query, browserToken(request), context(request))),
    );
  }

  // Apple answers with a cross-site POST (response_mode=form_post); plugins/same-origin.ts exempts this path.
  app.post(
    "/apple/callback",
    {
      schema: {
        summary: "Apple posts its answer here",
        description: "Keeps the answer on the flow and continues with a same-site GET to the callback.",
        body: ZCallbackParams,
        response: { ...refusals(400) },
      },
    },
    async (request, reply) => {
      const location = await service.acceptFormPost("apple", request.body);
      // 303: the browser follows with a GET, a top-level navigation that carries the SameSite=Lax cookie.
      return reply.header("Cache-Control", "no-store").redirect(location, 303);
    },
  );

  app.post(
    "/complete-oauth",
    {
      schema: {
        summary: "Exchange the one-time token of a provider sign-in for a session",
        body: ZCompleteOAuthRequest,
        response: { 200: ZAuthOutcome, 400: ZAuthOutcome, 403: ZAuthOutcome },
      },
    },
    async (request, reply) =>
      answer(reply, await service.complete(request.body.token, browserToken(request), context(request))),
  );

  app.post(
    "/register-oauth",
    {
      schema: {
        summary: "Create the account of a provider identity that has none yet",
        body: ZRegisterOAuthRequest,
        response: { 201: ZAuthOutcome, 400: ZAuthOutcome, 409: ZAuthOutcome },
      },
    },
    async (request, reply) => {
      const result = await service.registerPending(request.body, browserToken(request), context(request));
      if (result.signIn === undefined) reply.clearCookie(OAUTH_COOKIE, cookieOptions);
      return answer(reply, result);
    },
  );

  const sweep = setInterval(() => {
    service.sweep().catch((error: unknown) => app.log.warn({ err: error }, "OAuth sweep failed"));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));
};

export default oauthRoutes;
