import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { gateFolder } from "../../../access/gates";

/** The instance a route plugin receives. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

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
