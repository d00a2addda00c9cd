import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZDashboardStats, ZRecentActivity } from "../../../../common/schemas/dashboard";
import { requireUser, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** /api/dashboard: the signed-in user's own figures. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireUser);
  // Per-user answers: never kept by a browser or proxy cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  app.get(
    "/stats",
    {
      schema: {
        summary: "Dashboard counts for the signed-in user",
        description:
          "totalProperties: listings open to search; userBookingsCount: the user's bookings in any status; " +
          "savedPropertiesCount: the user's saved properties that are still listed.",
        response: { 200: ZDashboardStats, ...refusals(401) },
      },
    },
    async (request) => app.services.dashboard.getStats(signedInUser(request).id),
  );

  app.get(
    "/recent-activity",
    {
      schema: {
        summary: "The signed-in user's latest bookings and saved properties",
        description:
          'At most 5 items, newest first. Bookings carry their status and dates; saved properties have status "saved" ' +
          'and no dates. Ids are unique across both kinds ("booking-12", "saved-4").',
        response: { 200: ZRecentActivity, ...refusals(401) },
      },
    },
    async (request) => app.services.dashboard.findRecentActivity(signedInUser(request).id),
  );
};

export default dashboardRoutes;
