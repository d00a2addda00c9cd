import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZBooking,
  ZBookingChangeRequest,
  ZBookingIdParams,
  ZCancelBookingResponse,
  ZGuestBooking,
  ZIdempotencyHeaders,
  ZLandlordBooking,
} from "../../../../common/schemas/bookings";
import { ZCreateBookingWithTenancyTerms } from "../../../../common/schemas/tenancies";
import { allow, requireUser, requireVerified, signedInUser } from "../../../access/gates";
import type { BookingAction } from "../../../access/records";
import { refusals } from "../../refusals";

/** /api/bookings: making a booking, the guest's list, and every later change of status. */
const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookings, bookingLifecycle } = app.services;

  /**
   * GET /:id and /:id/cancel serve the guest and the property's landlord alike. The access module checks the
   * signed-in user's part before anything is read, validated or changed: someone acting as the landlord needs
   * the landlord features open (as for /accept and /decline); the booking's guest needs only to be signed in.
   */
  const partIn = (action: BookingAction) => async (request: FastifyRequest) => {
    const params = ZBookingIdParams.safeParse(request.params);
    // A malformed id is the route's validation to answer.
    if (!params.success) return;
    await bookingLifecycle.checkPart(signedInUser(request), params.data.id, action);
  };

  app.post(
    "/",
    {
      // Feature access: booking needs a verified e-mail and phone.
      onRequest: [allow("create", "booking"), requireVerified({ email: true, phone: true })],
      config: { rateLimit: "booking" },
      schema: {
        summary: "Request a stay: a pending booking at the server's price",
        description:
          "The total is computed on the server; any price or status in the body is refused. With an Idempotency-Key, " +
          "the same request answers the same booking and another request with that key is a 422. 409 when the nights " +
          "are taken. The booking holds its nights for 30 minutes when card payments are on (until paid), otherwise " +
          "for 48 hours as a request the landlord accepts or declines. The stay's mode is decided like the quote's " +
          "(`asTenancy` asks for a tenancy from 28 nights); a stay the listing does not offer is a 400 saying why, and a " +
          "tenancy on terms the law does not allow is a 422.",
        headers: ZIdempotencyHeaders,
        body: ZCreateBookingWithTenancyTerms,
        response: { 201: ZBooking, ...refusals(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { booking } = await bookings.createBooking(
        signedInUser(request).id,
        request.body,
        request.headers["idempotency-key"],
      );
      return reply.code(201).send(booking);
    },
  );

  app.get(
    "/my-bookings",
    {
      onRequest: allow("read", "booking"),
      schema: {
        summary: "The signed-in user's bookings as a guest, newest first",
        response: { 200: z.array(ZGuestBooking), ...refusals(401) },
      },
    },
    async (request) => bookingLifecycle.myBookings(signedInUser(request).id),
  );

  app.get(
    "/landlord-bookings",
    {
      // The landlord feature gate: approved, phone verified; admins see every landlord's.
      onRequest: allow("read", "property-booking"),
      schema: {
        summary: "The bookings of the signed-in landlord's properties, newest first",
        response: { 200: z.array(ZLandlordBooking), ...refusals(401, 403) },
      },
    },
    async (request) => bookingLifecycle.landlordBookings(signedInUser(request)),
  );

  app.get(
    "/:id",
    {
      onRequest: [requireUser, partIn("read")],
      schema: {
        summary: "One booking, for its guest, the property's landlord or an admin (404 for anyone else)",
        description: "The property's landlord passes the landlord gate first (403 as for /accept).",
        params: ZBookingIdParams,
        response: { 200: ZGuestBooking, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bookingLifecycle.bookingFor(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/cancel",
    {
      onRequest: [requireUser, partIn("cancel")],
      schema: {
        summary: "Cancel a booking",
        description:
          "The guest withdraws a pending request or cancels a confirmed stay before check-in, with the refund of the " +
          "cancellation policy the booking was made under; the landlord or an admin cancelling refunds in full (a pending request is " +
          "declined). A card payment is refunded through Stripe; if that fails (502) nothing changes. The " +
          "property's landlord passes the landlord gate first (403 as for /decline).",
        params: ZBookingIdParams,
        body: ZBookingChangeRequest.nullish(),
        response: { 200: ZCancelBookingResponse, ...refusals(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => bookingLifecycle.cancel(signedInUser(request), request.params.id, request.body?.reason),
  );

  app.post(
    "/:id/accept",
    {
      onRequest: allow("respond", "property-booking"),
      schema: {
        summary:
          "The landlord accepts a booking request (when card payments are off and check-in has not passed), confirming the stay",
        params: ZBookingIdParams,
        body: ZBookingChangeRequest.nullish(),
        response: { 200: ZGuestBooking, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bookingLifecycle.accept(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/decline",
    {
      onRequest: allow("respond", "property-booking"),
      schema: {
        summary: "The landlord declines a booking request, releasing its nights",
        params: ZBookingIdParams,
        body: ZBookingChangeRequest.nullish(),
        response: { 200: ZGuestBooking, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bookingLifecycle.decline(signedInUser(request), request.params.id, request.body?.reason),
  );
};

export default bookingsRoutes;
