import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZAuthOutcome,
  ZForgotPasswordRequest,
  ZMessageResponse,
  ZResetLinkQuery,
  ZResetLinkRefusal,
  ZResetPasswordRequest,
} from "../../../../common/schemas/auth";
import { messageOnlyRefusals, refusals } from "../../refusals";
import { applySignIn } from "./sign-in-result";

/** /api/auth: a forgotten password, reset through a single-use link sent by e-mail. Open to everyone. */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const resets = () => app.services.passwordResets;
  const context = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : null,
  });

  app.post(
    "/forgot-password",
    {
      config: { rateLimit: "passwordReset" },
      schema: {
        summary: "Send a password reset link",
        description:
          "E-mails the account a link to choose a new password, valid for 60 minutes and once. The answer is the " +
          "same whether or not the address has an account. An account that signs in with Google or Apple is told " +
          "so instead. At most three e-mails an hour go to one account.",
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse, ...refusals(400, 429) },
      },
    },
    async (request) => ({ message: await resets().request(request.body.email, context(request)) }),
  );

  app.get(
    "/reset-password",
    {
      schema: {
        summary: "Whether a password reset link can still be used",
        querystring: ZResetLinkQuery,
        response: { 200: ZMessageResponse, 400: ZResetLinkRefusal.partial({ expired: true }) },
      },
    },
    async (request) => {
      await resets().check(request.query.token);
      return { message: "This link can be used to choose a new password." };
    },
  );

  app.post(
    "/reset-password",
    {
      config: { rateLimit: "passwordReset" },
      schema: {
        summary: "Choose a new password with a reset link",
        description:
          "Sets the password, spends the link (and any other of the account's), ends every session the account " +
          "had and signs this browser in under the usual sign-in rules. Having opened the link verifies the address.",
        body: ZResetPasswordRequest,
        response: {
          200: ZAuthOutcome,
          400: ZResetLinkRefusal.partial({ expired: true }),
          ...messageOnlyRefusals(403, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await resets().reset(request.body.token, request.body.password, context(request));
      await applySignIn(reply, result);
      return result.body;
    },
  );
};

export default passwordResetRoutes;
