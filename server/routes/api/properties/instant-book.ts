import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZInstantBookOffer, ZInstantBookSettings } from "../../../../common/schemas/instant-book";
import { ZManagedPropertyParams } from "../../../../common/schemas/landlord-properties";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import { sessionUser, signedInUser } from "../../../access/gates";
import { instantBookSettingsOr404 } from "../../../access/records";
import { notFound } from "../../../lib/errors";
import { saveInstantBookTerms } from "../../../repositories/instant-book.repository";
import { refusals } from "../../refusals";
import { guardLandlordRoutes } from "./landlord-route-helpers";

/** GET /api/properties/{id}/instant-book: open to all; whether the signed-in guest qualifies is told to them alone. */
export const instantBookOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:id/instant-book",
    {
      schema: {
        summary:
          "Whether booking this listing is confirmed at once (instant book), and for the signed-in guest why not",
        description:
          "`on` says whether instant book is on. Signed in, `youQualify` says whether your booking would be confirmed " +
          "at once and `unmet` what you still lack; signed out, `unmet` lists the landlord's requirements. A tenancy " +
          "is always a request the landlord answers.",
        params: ZPropertyRef,
        response: { 200: ZInstantBookOffer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      // One person's standing: never kept by a shared cache.
      reply.header("Cache-Control", "private, no-store");
      const viewer = await sessionUser(request);
      return app.services.bookings.instantBookOffer(request.params.id, viewer?.id ?? null);
    },
  );
};

/** PUT /api/properties/{id}/instant-book: the landlord gate, then the listing's owner or an admin; anyone else 404. */
export const instantBookSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardLandlordRoutes(app);
  app.put(
    "/:id/instant-book",
    {
      schema: {
        summary: "Turn instant book on or off, with its requirements",
        description:
          "All three fields: instantBook (true or false), instantBookMinStays (a whole number of completed stays on " +
          "StayLondon, 0 to 10) and instantBookMessageRequired (true or false). Anything else is a 400 and nothing is " +
          "stored.",
        params: ZManagedPropertyParams,
        body: ZInstantBookSettings,
        response: { 200: ZInstantBookSettings, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const property = await instantBookSettingsOr404(app.db, request.params.id, signedInUser(request));
      if (!(await saveInstantBookTerms(app.db, property.id, request.body))) throw notFound("Property not found");
      return request.body;
    },
  );
};
