import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAccessRefusal } from "../../../../common/schemas/auth";
import { ZErrorResponse } from "../../../../common/schemas/errors";
import { gateFolder } from "../../../access/gates";

/** The instance a route plugin receives. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a route on one landlord property may answer besides its result: bad input, signed out, refused, not theirs. */
export const landlordRefusals = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZAccessRefusal, 404: ZErrorResponse };

/**
 * The landlord gate on every route of the plugin (landlords with their features open, and admins), and no caching:
 * each answer is one landlord's own data. Which property a route may touch is checked per record.
 */
export function guardLandlordRoutes(app: ZodApp): void {
  gateFolder(app, { fallback: ["update", "property"] });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
}
