import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZManagedBookings, ZManagedBookingsQuery } from "../../../../common/schemas/property-management";
import { gateFolder, signedInUser } from "../../../access/gates";
import { sendPage } from "../../../lib/paging";
import { refusals } from "../../refusals";

/**
 * GET /api/bookings/managed-properties: the manager's Bookings tab. Its own plugin so the gate covers exactly it;
 * the static path wins over /api/bookings/:id whatever the order.
 */
const managedBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app);

  app.get(
    "/managed-properties",
    {
      config: { access: ["read", "managed-property"] },
      schema: {
        summary: "The bookings of the properties the signed-in property manager manages now",
        description:
          "when=upcoming (the default): stays checking out today or later, soonest first; past: checked out before " +
          "today (London), latest first; all: latest first. status narrows to one booking status. The match count " +
          "is in X-Total-Count. Bookings of a property whose assignment has ended are no longer listed.",
        querystring: ZManagedBookingsQuery,
        response: { 200: ZManagedBookings, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await app.services.propertyManagement.findManagedBookings(signedInUser(request), request.query)),
  );
};

export default managedBookingsRoutes;
