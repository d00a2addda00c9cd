import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAccessRefusal } from "../../../../common/schemas/auth";
import { ZBooking, ZCreateBookingRequest, ZIdempotencyHeaders } from "../../../../common/schemas/bookings";
import { ZErrorResponse } from "../../../../common/schemas/properties";
import { requireVerified, signedInUser } from "../../../plugins/auth-guards";

/** /api/bookings (issue 4). */
const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      // Feature access (spec 2 §6): booking needs a verified e-mail and phone.
      onRequest: requireVerified({ email: true, phone: true }),
      schema: {
        summary: "Request a stay: a pending booking at the server's price",
        description:
          "The total is computed on the server; any price or status in the body is refused. With an Idempotency-Key, " +
          "the same request answers the same booking and another request with that key is a 422. 409 when the nights " +
          "are taken.",
        headers: ZIdempotencyHeaders,
        body: ZCreateBookingRequest,
        response: {
          201: ZBooking,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZAccessRefusal,
          404: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { booking } = await app.services.bookings.createBooking(
        signedInUser(request).id,
        request.body,
        request.headers["idempotency-key"],
      );
      return reply.code(201).send(booking);
    },
  );
};

export default bookingsRoutes;
