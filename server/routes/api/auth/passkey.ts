import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAuthOutcome } from "../../../../common/schemas/auth";
import { ZPasskeySignIn, ZWebAuthnOptions } from "../../../../common/schemas/passkeys";
import { refusals } from "../../refusals";
import { applySignIn } from "./sign-in-result";

/** /api/auth/passkey: signing in with a passkey, no e-mail address needed (the passkey names its account). */
const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/passkey/options",
    {
      config: { rateLimit: "passkey" },
      schema: {
        summary: "Start signing in with a passkey",
        description: "WebAuthn request options with a challenge valid for five minutes, once.",
        response: { 200: ZWebAuthnOptions, ...refusals(429) },
      },
    },
    async () => app.services.passkeys.signInOptions(),
  );

  app.post(
    "/passkey/verify",
    {
      config: { rateLimit: "passkey" },
      schema: {
        summary: "Sign in with a passkey",
        description:
          "The browser's signed answer. Every failure reads the same (400), so nothing tells whether a passkey or an " +
          "account exists; the account's sign-in rules then apply as for a password (403 frozen, and so on).",
        body: ZPasskeySignIn,
        response: { 200: ZAuthOutcome, 403: ZAuthOutcome, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const result = await app.services.passkeys.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      await applySignIn(reply, result);
      return reply.send(result.body);
    },
  );
};

export default passkeySignInRoutes;
