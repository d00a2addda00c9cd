import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSiteHighlights } from "../../../../common/schemas/site-highlights";

/** /api/site: what the public pages say about the platform as a whole, from the data. Open to everyone. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/highlights",
    {
      config: { rateLimit: "search" },
      schema: {
        summary: "The platform's figures and guest words, as the home page shows them",
        description:
          "Active listings; the booked share of the nights they were open over the last 90 days (null below 10 " +
          "listings or 500 open nights); the average public review of active listings (null below 20 reviews); " +
          "and up to three recent four- or five-star reviews with a comment, one per guest. Recomputed every 10 minutes.",
        response: { 200: ZSiteHighlights },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=300");
      return app.services.siteHighlights.highlights();
    },
  );
};

export default siteRoutes;
