import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZPlatformAnalytics, ZPlatformAnalyticsQuery } from "../../../../common/schemas/platform-analytics";
import { messageOnlyRefusals } from "../../refusals";

/** GET /api/admin/analytics: the whole platform's figures for a period, inside the admin folder's gate. */
const platformAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = () => app.services.platformAnalytics;

  app.get(
    "/analytics",
    {
      // The admin folder asks for the `any` scope: a landlord's own analytics do not open the platform's.
      config: { access: ["read", "analytics"] },
      schema: {
        summary: "Platform analytics",
        description:
          "Sign-ups (accounts by London creation date), revenue (from the ledger: charged to guests less refunds, by " +
          "check-in date, split into collected, expected and demo money) and bookings (confirmed and completed) per " +
          "day, week or month of the period, with growth over the previous period; the platform's fee income; the " +
          "top 10 cities by revenue; every account by role. period: 1m (30 days), 3m (13 weeks), 6m or 1y (calendar " +
          "months). See docs/analytics.md.",
        querystring: ZPlatformAnalyticsQuery,
        response: { 200: ZPlatformAnalytics, ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Business figures: never kept by a browser or proxy cache.
      reply.header("Cache-Control", "private, no-store");
      return analytics().getAnalytics(request.query.period);
    },
  );
};

export default platformAnalyticsRoutes;
