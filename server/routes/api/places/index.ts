import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZPlacesQuery, ZPlacesResponse } from "../../../../common/schemas/places";
import { refusals } from "../../refusals";

/** /api/places: UK location autocomplete from the bundled GeoNames list; public, no network needed. */
const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      config: { rateLimit: "places" },
      schema: {
        summary: "UK towns and localities whose words start with q",
        description:
          "Case- and accent-insensitive; the whole name first, then names that start with q, then other word " +
          "matches, the better-known place first among equals. At most 8. q is 1 to 100 characters.",
        querystring: ZPlacesQuery,
        response: { 200: ZPlacesResponse, ...refusals(400) },
      },
    },
    async (request, reply) => {
      // The list changes only with a new release.
      reply.header("Cache-Control", "public, max-age=3600");
      return { places: app.services.places.findPlaces(request.query.q) };
    },
  );
};

export default placesRoutes;
