import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZDamageClaim, ZDamageClaimParams, ZDecideDamageClaim } from "../../../../common/schemas/damage-claims";
import { signedInUser } from "../../../access/gates";
import { messageOnlyRefusals } from "../../refusals";

/** Disputed damage claims under /api/admin (inside the admin folder's gate): the evidence, and the decision. */
const adminDamageClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const claims = () => app.services.damageClaims;

  app.get(
    "/damage-claims",
    {
      config: { access: ["read", "damage-claim", "any"] },
      schema: {
        summary: "Disputed damage claims first (oldest first), then those decided or paid",
        response: { 200: z.array(ZDamageClaim), ...messageOnlyRefusals(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return claims().adminClaims();
    },
  );

  app.post(
    "/damage-claims/:id/decision",
    {
      config: { access: ["decide", "damage-claim", "any"] },
      schema: {
        summary:
          "Decide a disputed claim: uphold in full, in part (amountPence below the claim) or reject, with a reason",
        description:
          "Recorded in System Logs; both sides are e-mailed; an upheld amount is charged as an accepted claim.",
        params: ZDamageClaimParams,
        body: ZDecideDamageClaim,
        response: { 200: ZDamageClaim, ...messageOnlyRefusals(400, 401, 403, 404, 409, 422, 502) },
      },
    },
    async (request) => claims().decide(signedInUser(request), request.params.id, request.body),
  );
};

export default adminDamageClaimRoutes;
