import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAuthOutcome } from "../../../../common/schemas/auth";
import { ZTwoFactorSignIn } from "../../../../common/schemas/two-factor";
import { AppError, UnauthorizedError } from "../../../lib/errors";
import { TWO_FACTOR_STEP_MAX_FAILURES } from "../../../plugins/sessions";
import { findUserById } from "../../../repositories/users.repository";
import { refusals } from "../../refusals";
import { applySignIn } from "./sign-in-result";

const EXPIRED = "Your sign-in has expired. Please sign in again.";

/**
 * POST /api/auth/two-factor: the second step of signing in, after the password (or Google or Apple) was right,
 * on the same browser within five minutes.
 */
const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/two-factor",
    {
      config: { rateLimit: "twoFactorSignIn" },
      schema: {
        summary: "Finish signing in with a two-factor code",
        description:
          "A code from the authenticator app (each accepted once) or a recovery code (each works once). Five wrong " +
          "codes end the waiting sign-in; wrong codes also count towards the account's sign-in lockout.",
        body: ZTwoFactorSignIn,
        response: { 200: ZAuthOutcome, 403: ZAuthOutcome, ...refusals(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const context = { ip: request.ip, userAgent: request.headers["user-agent"] ?? null };
      const step = await reply.twoFactorStep();
      const user = step && (await findUserById(app.db, step.userId));
      if (!step || !user) throw new UnauthorizedError(EXPIRED);
      await app.services.auth.refuseIfThrottled(user.email, context, user);
      try {
        await app.services.twoFactor.checkSignIn(user, request.body);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await app.services.auth.recordAttempt(
          { email: user.email, success: false, reason: error.reason ?? "wrong_two_factor_code", user },
          context,
        );
        const failures = await reply.countTwoFactorFailure();
        if (failures >= TWO_FACTOR_STEP_MAX_FAILURES) {
          throw new UnauthorizedError("Too many wrong codes. Please sign in again.");
        }
        throw error;
      }
      const result = await app.services.auth.signIn(user, { email: user.email }, context, { secondFactorDone: true });
      await applySignIn(reply, result);
      return reply.send(result.body);
    },
  );
};

export default twoFactorSignInRoutes;
