import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import { ZSavedProperty, ZSavedPropertyList } from "../../../../common/schemas/saved-properties";
import { allow, requireVerified, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/properties/saved and /api/properties/{id}/save. Feature access: a signed-in
 * user with a verified e-mail. The static /saved path wins over /:id in Fastify's router whatever the order.
 */
const savedPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", allow("manage", "saved-property"));
  app.addHook("onRequest", requireVerified({ email: true }));

  app.get(
    "/saved",
    {
      schema: {
        summary: "The signed-in user's saved properties, newest first",
        description: "Only listed properties are shown.",
        response: { 200: ZSavedPropertyList, ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return app.services.savedProperties.findSavedProperties(signedInUser(request).id);
    },
  );

  app.post(
    "/:id/save",
    {
      schema: {
        summary: "Save a property (by numeric id or slug)",
        description: "201 with the saved item; saving an already saved property answers 200 with the same item.",
        params: ZPropertyRef,
        response: { 200: ZSavedProperty, 201: ZSavedProperty, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { saved, created } = await app.services.savedProperties.createSavedProperty(
        signedInUser(request).id,
        request.params.id,
      );
      return reply.code(created ? 201 : 200).send(saved);
    },
  );

  app.delete(
    "/:id/save",
    {
      schema: {
        summary: "Remove a property from the saved list",
        description: "204 when removed; 404 when the property is not in the user's saved list.",
        params: ZPropertyRef,
        response: { 204: z.null().describe("No content"), ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.savedProperties.deleteSavedProperty(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default savedPropertiesRoutes;
