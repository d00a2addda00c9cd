import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZMyProperties } from "../../../../common/schemas/landlord-properties";
import { gateFolder, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * GET /api/properties/my-properties. The static path wins over the public /:id in Fastify's
 * router whatever the registration order; the guard stays inside this plugin.
 */
const myPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app, { fallback: ["read", "property"] });

  app.get(
    "/my-properties",
    {
      schema: {
        summary: "The landlord's properties with this month's figures",
        description:
          "Every property of the signed-in landlord (an admin: every property), newest first, active or not. " +
          "bookingCount: bookings not cancelled; pendingCount: requests waiting; monthlyRevenue and occupancyRate: " +
          "this London calendar month, by the rules of /api/analytics (docs/analytics.md).",
        response: { 200: ZMyProperties, ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return app.services.landlordAnalytics.findMyProperties(signedInUser(request));
    },
  );
};

export default myPropertiesRoutes;
