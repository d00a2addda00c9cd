import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminBooking,
  ZAdminBookingDetails,
  ZAdminBookingStats,
  ZAdminBookingsQuery,
  ZAdminRefundHeaders,
  ZAdminRefundRequest,
  ZAdminRefundResponse,
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

  app.post(
    "/bookings/:id/refund",
    {
      // A refund is the money side of cancelling, which an admin may do to any booking.
      config: { access: ["cancel", "property-booking", "any"] },
      schema: {
        summary: "Refund part or all of a stay that has begun or ended",
        description:
          "For a guest's complaint upheld after check-in, when the stay can no longer be cancelled. amountPence is " +
          "at most what is still refundable (the 422 says how much). Shares already transferred to the landlord or " +
          "manager are reversed from their transfers; the rest comes out of what the platform holds for them. " +
          "The Idempotency-Key header names the refund: a retried request answers the first refund.",
        params: ZBookingIdParams,
        headers: ZAdminRefundHeaders,
        body: ZAdminRefundRequest,
        response: { 200: ZAdminRefundResponse, ...messageOnlyRefusals(400, 401, 403, 404, 409, 422, 502, 503) },
      },
    },
    async (request) =>
      app.services.adminRefunds.refund(
        signedInUser(request),
        request.params.id,
        request.body,
        request.headers["idempotency-key"],
      ),
  );
};

export default adminBookingsRoutes;
