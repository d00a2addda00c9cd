import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAvailability, ZAvailabilityQuery } from "../../../../common/schemas/availability";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import { keptQueryValidation } from "../../../lib/kept-query-validation";
import { sendPreparedJson } from "../../../lib/prepared-json";
import { refusals } from "../../refusals";

/** GET /api/properties/{id}/availability: the public calendar the listing's price card opens. */
const listingAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:id/availability",
    {
      // Sends its own compressed bytes, as the search does.
      compress: false,
      // The same answer for everyone: no session lookup.
      config: { withoutSession: true, rateLimit: "search" },
      validatorCompiler: keptQueryValidation,
      schema: {
        summary: "Which nights of one to three months are free, and their prices",
        description:
          "Every day from `from` (YYYY-MM-DD, not before the first day of this month in London, not beyond the 2-year " +
          "booking window) up to the same day `months` (1 to 3) months later. `free` false comes with `reason`: past, " +
          "taken (a stay booked here), blocked (by the host), imported (booked on another site) or closed (before the " +
          "listing opens, or beyond the booking window); never who booked. `price` is a free night's price after the " +
          "pricing rules for the listing's shortest stay, `allInPrice` the same with the service fee and any levy. " +
          "`stayLengths`: how long a stay may be in each mode. Never kept by the server; revalidate with the ETag " +
          "(If-None-Match gives a 304 while the answer is unchanged).",
        params: ZPropertyRef,
        querystring: ZAvailabilityQuery,
        response: {
          200: ZAvailability,
          304: z.undefined().describe("Not modified: the answer named in If-None-Match is still current"),
          ...refusals(400, 404),
        },
      },
    },
    async (request, reply) => {
      const body = await app.services.listingAvailability.findAvailability(request.params.id, request.query);
      return sendPreparedJson(request, reply, body);
    },
  );
};

export default listingAvailabilityRoutes;
