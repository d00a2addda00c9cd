import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAccessRefusal } from "../../../../common/schemas/auth";
import { ZErrorResponse } from "../../../../common/schemas/properties";
import { requireLandlordAccess } from "../../../plugins/auth-guards";

/** The instance a route plugin receives. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a route on one landlord property may answer besides its result: bad input, signed out, refused, not theirs. */
export const landlordRefusals = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZAccessRefusal, 404: ZErrorResponse };

/** The landlord gate on every route of the plugin, and no caching: each answer is one landlord's own data. */
export function guardLandlordRoutes(app: ZodApp): void {
  app.addHook("onRequest", requireLandlordAccess);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
}
