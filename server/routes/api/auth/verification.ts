import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAuthUserResponse,
  ZEmail,
  ZMessageResponse,
  ZPhoneCodeSent,
  ZSendPhoneVerificationRequest,
  ZVerifyEmailQuery,
  ZVerifyEmailResponse,
  ZVerifyPhoneRequest,
} from "../../../../common/schemas/auth";
import { requireUser, sessionUser, signedInUser } from "../../../access/gates";
import { toSessionUser } from "../../../services/auth.service";
import { refusals } from "../../refusals";

/** The signed-in page sends an empty body; a signed-out visitor may name the address instead. */
const ZSendEmailVerificationBody = z.object({ email: ZEmail.optional() }).nullish();

/** /api/auth: e-mail and phone verification. */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const verification = () => app.services.verification;

  app.post(
    "/verify-email",
    {
      schema: {
        querystring: ZVerifyEmailQuery,
        response: { 200: ZVerifyEmailResponse, 400: ZVerifyEmailResponse.partial({ expired: true }) },
      },
    },
    async (request) => verification().verifyEmail(request.query.token),
  );

  app.post(
    "/send-email-verification",
    {
      config: { rateLimit: "emailVerification" },
      schema: {
        body: ZSendEmailVerificationBody,
        response: { 200: ZMessageResponse, ...refusals(400, 401, 409, 429, 503) },
      },
    },
    async (request) => ({
      message: await verification().resendEmailVerification(
        (await sessionUser(request))?.id ?? null,
        request.body?.email,
      ),
    }),
  );

  app.post(
    "/send-phone-verification",
    {
      onRequest: requireUser,
      config: { rateLimit: "phoneVerification" },
      schema: {
        body: ZSendPhoneVerificationRequest,
        response: { 200: ZPhoneCodeSent, ...refusals(400, 401, 409, 429, 503) },
      },
    },
    async (request) => verification().sendPhoneCode(signedInUser(request).id, request.body.phoneNumber),
  );

  app.post(
    "/verify-phone",
    {
      onRequest: requireUser,
      schema: {
        body: ZVerifyPhoneRequest,
        response: { 200: ZAuthUserResponse.extend({ message: z.string() }), ...refusals(400, 401, 409, 429, 503) },
      },
    },
    async (request) => {
      const user = await verification().verifyPhone(signedInUser(request).id, request.body.code);
      return { message: "Phone verified successfully!", user: toSessionUser(user) };
    },
  );
};

export default verificationRoutes;
