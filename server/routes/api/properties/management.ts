import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZManagedPropertyParams } from "../../../../common/schemas/landlord-properties";
import {
  ZAssignManager,
  ZManagedPropertySummaries,
  ZPropertyManagement,
} from "../../../../common/schemas/property-management";
import { gateFolder, signedInUser } from "../../../access/gates";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";

/**
 * /api/properties/managed (a manager's properties) and /api/properties/{id}/manager (who manages a property). The
 * static /managed wins over the public /:id in Fastify's router whatever the order, like /my-properties; /:id/manager
 * is its own path beside /:id. Each answer is one person's own data: never cached.
 */
const propertyManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const management = app.services.propertyManagement;
  gateFolder(app);
  keepAnswersPrivate(app);

  app.get(
    "/managed",
    {
      config: { access: ["read", "managed-property"] },
      schema: {
        summary: "The properties the signed-in property manager manages now, with this month's figures",
        description:
          "Newest first. occupancyRate and monthlyRevenue: this London calendar month, by the rules of the landlord's " +
          "figures (docs/analytics.md). openMaintenance: pending, scheduled and in-progress jobs; activeBookings: " +
          "confirmed stays not yet checked out; unreadMessages: the owner's messages in the assignment's thread not " +
          "yet read. A property whose assignment has ended is no longer listed.",
        response: { 200: ZManagedPropertySummaries, ...refusals(401, 403) },
      },
    },
    async (request) => management.findManagedProperties(signedInUser(request)),
  );

  app.get(
    "/:id/manager",
    {
      config: { access: ["assign", "property-manager"] },
      schema: {
        summary: "Who manages the property now, and who did before (its owner or an admin)",
        params: ZManagedPropertyParams,
        response: { 200: ZPropertyManagement, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => management.getManagement(signedInUser(request), request.params.id),
  );

  app.put(
    "/:id/manager",
    {
      config: { access: ["assign", "property-manager"] },
      schema: {
        summary: "Make the property manager account with this e-mail the property's manager",
        description:
          "Ends the current manager's assignment (if any) and starts the new one together. 404 when no active " +
          "property manager account uses the address; 409 when that account already manages the property.",
        params: ZManagedPropertyParams,
        body: ZAssignManager,
        response: { 200: ZPropertyManagement, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => management.assignManager(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    "/:id/manager",
    {
      config: { access: ["assign", "property-manager"] },
      schema: {
        summary: "End the current manager's assignment",
        description:
          "The manager loses sight of the property at once; their conversation with the owner stays readable to both. " +
          "404 when the property has no manager.",
        params: ZManagedPropertyParams,
        response: { 200: ZPropertyManagement, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => management.endAssignment(signedInUser(request), request.params.id),
  );
};

export default propertyManagementRoutes;
