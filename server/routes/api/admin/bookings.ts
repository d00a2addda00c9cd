import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminBooking,
  ZAdminBookingDetails,
  ZAdminBookingStats,
  ZAdminBookingsQuery,
} from "../../../../common/schemas/admin-bookings";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import { signedInUser } from "../../../access/gates";
import { sendPage } from "../../../lib/paging";
import { messageOnlyRefusals } from "../../refusals";

/**
 * Booking Oversight under /api/admin (registered inside the admin folder's gate). Confirming and cancelling use
 * /api/bookings/{id}/accept, /decline and /cancel, the same routes and lifecycle rules as for landlords.
 */
const adminBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminBookings = () => app.services.adminBookings;

  app.get(
    "/bookings",
    {
      config: { access: ["read", "property-booking", "any"] },
      schema: {
        summary: "Every booking, newest first: searched, filtered by status and paged",
        description:
          "q matches the property's title or place, the guest's name (on the booking or the account) or account " +
          "e-mail. The match count is in X-Total-Count; a search counts up to 1,000 (X-Total-Count-Capped: true " +
          "means there are more) and pages no further.",
        querystring: ZAdminBookingsQuery,
        response: { 200: z.array(ZAdminBooking), ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const page = await adminBookings().findBookings(request.query);
      if (page.capped) reply.header("X-Total-Count-Capped", "true");
      return sendPage(reply, page);
    },
  );

  app.get(
    "/bookings/stats",
    {
      config: { access: ["read", "property-booking", "any"] },
      schema: {
        summary: "Booking figures over the whole platform",
        description: "Revenue counts confirmed and completed bookings, in pounds.",
        response: { 200: ZAdminBookingStats, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return adminBookings().stats();
    },
  );

  app.get(
    "/bookings/:id",
    {
      config: { access: ["read", "property-booking", "any"] },
      schema: {
        summary: "One booking in full: guest and owner, status history and payments",
        params: ZBookingIdParams,
        response: { 200: ZAdminBookingDetails, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return adminBookings().bookingDetails(signedInUser(request), request.params.id);
    },
  );
};

export default adminBookingsRoutes;
