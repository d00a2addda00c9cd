import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAP_PIN_CAP } from "../../../../common/domain/map-bounds";
import { ZMapPinsResponse, ZPropertyMapQuery } from "../../../../common/schemas/map-search";
import { keptQueryValidation } from "../../../lib/kept-query-validation";
import { sendPreparedJson } from "../../../lib/prepared-json";
import { refusals } from "../../refusals";

/** GET /api/properties/map: the pins of the browse page's map, public like the search it mirrors. */
const mapPinsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/map",
    {
      // Ready bytes, compressed once per coding with the kept answer (as the search sends its pages).
      compress: false,
      logLevel: "warn",
      config: { withoutSession: true, rateLimit: "search" },
      validatorCompiler: keptQueryValidation,
      schema: {
        summary: "Every matching listing on the map's visible area, as compact pins",
        description:
          "Takes the search's filters and a required bbox=west,south,east,north in decimal degrees. Answers " +
          `{ pins: [[id, latitude, longitude, allInPencePerNight, title], ...], capped }, at most ${MAP_PIN_CAP} pins; ` +
          "capped: true means more listings match and the map should zoom in. A box upside down, across the " +
          "antimeridian (west > east) or wider than 40 by 25 degrees is refused with a 400. Listings without " +
          "coordinates are never pins.",
        querystring: ZPropertyMapQuery,
        response: {
          200: ZMapPinsResponse,
          304: z.undefined().describe("Not modified: the pins named in If-None-Match are still current"),
          ...refusals(400),
        },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await app.services.mapPins.findPins(request.query)),
  );
};

export default mapPinsRoutes;
