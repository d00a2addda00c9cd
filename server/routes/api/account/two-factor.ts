import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZRecoveryCodes,
  ZTwoFactorConfirm,
  ZTwoFactorProof,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from "../../../../common/schemas/two-factor";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/account/two-factor: the signed-in person's authenticator app. Open to an administrator who has not set it up
 * yet (ENROLMENT_PERMISSIONS), since this is where they do.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = () => app.services.twoFactor;
  const gate = allow("manage", "two-factor");

  app.get(
    "/two-factor",
    {
      onRequest: gate,
      schema: {
        summary: "Whether two-factor sign-in is on",
        response: { 200: ZTwoFactorStatus, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => twoFactor().status(signedInUser(request)),
  );

  app.post(
    "/two-factor/setup",
    {
      onRequest: gate,
      config: { rateLimit: "twoFactorChange" },
      schema: {
        summary: "Start setting up an authenticator app",
        description:
          "A new secret (kept encrypted, pending until a code from it is confirmed), as an otpauth:// address, a QR " +
          "code and text to type in. Nothing changes for signing in yet.",
        response: { 200: ZTwoFactorSetup, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => twoFactor().startSetup(signedInUser(request)),
  );

  app.post(
    "/two-factor/confirm",
    {
      onRequest: gate,
      config: { rateLimit: "twoFactorChange" },
      schema: {
        summary: "Turn two-factor sign-in on with a code from the app",
        description: "Answers ten one-time recovery codes, shown this once.",
        body: ZTwoFactorConfirm,
        response: { 200: ZRecoveryCodes, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => twoFactor().confirmSetup(signedInUser(request), request.body.code),
  );

  app.post(
    "/two-factor/disable",
    {
      onRequest: gate,
      config: { rateLimit: "twoFactorChange" },
      schema: {
        summary: "Turn two-factor sign-in off",
        description: "Needs the current password or a code. Administrators must keep it on (403).",
        body: ZTwoFactorProof,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => twoFactor().disable(signedInUser(request), request.body),
  );

  app.post(
    "/two-factor/recovery-codes",
    {
      onRequest: gate,
      config: { rateLimit: "twoFactorChange" },
      schema: {
        summary: "Make new recovery codes",
        description: "Needs the current password or a code; the old codes stop working.",
        body: ZTwoFactorProof,
        response: { 200: ZRecoveryCodes, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => twoFactor().regenerateRecoveryCodes(signedInUser(request), request.body),
  );
};

export default twoFactorRoutes;
