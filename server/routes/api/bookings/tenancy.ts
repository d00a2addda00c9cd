import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZRecordRightToRentCheck, ZRightToRentCheck } from "../../../../common/entities/right-to-rent";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import { ZGiveNoticeRequest, ZTenancy, ZTenancyCardSetup } from "../../../../common/schemas/tenancies";
import { allow, requireUser, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * A periodic tenancy on its booking: read by its tenant, its landlord or an admin; the card for the rent saved and
 * notice given by the tenant alone (server/access/records.ts `tenantOf`; anyone else gets a 404, its landlord a 403).
 */
const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tenancies = () => app.services.tenancies;

  app.get(
    "/:id/tenancy",
    {
      onRequest: requireUser,
      schema: {
        summary: "A booking's periodic tenancy: its rent, each month's payment and any notice given",
        params: ZBookingIdParams,
        response: { 200: ZTenancy, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => tenancies().view(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/tenancy/card",
    {
      onRequest: requireUser,
      schema: {
        summary:
          "The tenant saves the card their monthly rent is collected with, or replaces the saved one (a Stripe SetupIntent; nothing is charged)",
        description:
          "Answers the SetupIntent's client secret and Stripe.js's publishable key. With a card saved, a new SetupIntent " +
          "replaces it: the saved card is charged until the new one is confirmed with Stripe, then the new one is. 409 " +
          "in demo mode (no card payments) or on a tenancy that has ended.",
        params: ZBookingIdParams,
        response: { 200: ZTenancyCardSetup, ...refusals(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => tenancies().setUpCard(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/tenancy/notice",
    {
      onRequest: requireUser,
      schema: {
        summary: "The tenant gives notice: the tenancy's last day",
        description:
          "At least two months after today and the last day of a rent period (the day before rent is due); a day in the " +
          "past or too early is a 400 saying the earliest day allowed. Rent is collected up to that day and not after.",
        params: ZBookingIdParams,
        body: ZGiveNoticeRequest,
        response: { 200: ZTenancy, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => tenancies().giveNotice(signedInUser(request), request.params.id, request.body.endsOn),
  );

  app.put(
    "/:id/right-to-rent",
    {
      onRequest: allow("respond", "property-booking"),
      schema: {
        summary: "The landlord records the tenancy's Right to Rent check: the day it was made and how",
        description:
          "checkedOn is not in the future and at most 28 days before the tenancy starts (a day after the start is " +
          "recorded as late); method is original_documents, home_office_online or idsp. Recording again corrects it. " +
          "Only the landlord: a guest account is refused at the gate (403), the tenant and an admin get a 403, another " +
          "landlord a 404; a booking that is not a tenancy, or was cancelled, a 409.",
        params: ZBookingIdParams,
        body: ZRecordRightToRentCheck,
        response: { 200: ZRightToRentCheck, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.tenancyRights.rightToRent.record(signedInUser(request), request.params.id, request.body),
  );
};

export default tenancyRoutes;
