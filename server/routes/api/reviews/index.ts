import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import {
  ZCreateReviewRequest,
  ZPropertyReviewsQuery,
  ZPropertyReviewsResponse,
  ZPublicReview,
  ZReview,
  ZReviewIdParams,
  ZReviewResponseRequest,
} from "../../../../common/schemas/reviews";
import { allow, requireVerified, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** /api/reviews: guests review completed stays; landlords answer them. */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      // Feature access: leaving a review needs a verified e-mail.
      onRequest: requireVerified({ email: true }),
      config: { rateLimit: "review" },
      schema: {
        summary: "Review a completed stay",
        description:
          "Only the booking's guest, only once the stay is completed, and only once per booking. Someone else's " +
          "booking answers 404. The property's rating and review count are recomputed with the review.",
        body: ZCreateReviewRequest,
        response: { 201: ZReview, ...refusals(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const review = await app.services.reviews.createReview(signedInUser(request), request.body);
      return reply.code(201).send(review);
    },
  );

  app.post(
    "/:id/response",
    {
      // Landlords (approved, phone verified) and admins; a guest is refused here with a 403.
      onRequest: allow("respond", "review"),
      schema: {
        summary: "The host's answer to a review",
        description: "Only the landlord of the reviewed property, or an admin, and only once. Other landlords get 404.",
        params: ZReviewIdParams,
        body: ZReviewResponseRequest,
        response: { 200: ZPublicReview, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.reviews.respondToReview(signedInUser(request), request.params.id, request.body.response),
  );
};

/** GET /api/properties/{id}/reviews, registered under the /api/properties prefix beside the detail route. */
export const propertyReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:id/reviews",
    {
      schema: {
        summary: "A listing's public reviews, newest first, with their averages",
        description:
          "Guests are named by first name and last initial. Paged with limit (1 to 50, default 10) and offset.",
        params: ZPropertyRef,
        querystring: ZPropertyReviewsQuery,
        response: { 200: ZPropertyReviewsResponse, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return app.services.reviews.findPropertyReviews(request.params.id, request.query);
    },
  );
};

export default reviewsRoutes;
