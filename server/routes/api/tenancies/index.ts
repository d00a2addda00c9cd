import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PET_ANSWER_DAYS } from "../../../../common/domain/tenant-rights";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import {
  ZAcceptStatement,
  ZAnswerPetRequest,
  ZAskPetRequest,
  ZPetRequest,
  ZPetRequestParams,
  ZProposeRentIncrease,
  ZRentIncrease,
  ZRentIncreaseParams,
  ZStatementOfTerms,
  ZTenancyRights,
} from "../../../../common/schemas/tenant-rights";
import { allow, requireUser, signedInUser } from "../../../access/gates";
import type { UserRow } from "../../../repositories/users.repository";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";
import { sendPdf, ZPdf } from "../bookings/documents";

/**
 * A tenancy's rights under the Renters' Rights Act 2025, on its booking: the written statement of terms the tenant
 * accepts before the landlord may agree the tenancy, Section 13 rent increases the landlord serves, and pet requests
 * the tenant asks and the landlord answers. Which side may take which step is the access module's answer
 * (server/access/tenancies.ts) in the service: parties to the booking read, the tenant and the landlord each act
 * on their own steps, anyone else gets the 404 of a booking that does not exist.
 */
const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  keepAnswersPrivate(app);
  const rights = () => app.services.tenancyRights;

  app.get(
    "/api/bookings/:id/tenancy-rights",
    {
      onRequest: requireUser,
      schema: {
        summary:
          "A tenancy's statement of terms, rent increases and pet requests, for its tenant, landlord or an admin",
        description: "409 for a booking that is not a tenancy.",
        params: ZBookingIdParams,
        response: { 200: ZTenancyRights, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rights().rightsOf(signedInUser(request), request.params.id),
  );

  pdfRoute(app, "/api/bookings/:id/statement-of-terms.pdf", {
    summary: "The tenancy's written statement of terms (PDF): the accepted one once accepted",
    params: ZBookingIdParams,
    make: (user, id) => rights().statements.pdf(user, id),
  });

  app.post(
    "/api/bookings/:id/statement-of-terms/accept",
    {
      onRequest: requireUser,
      schema: {
        summary: "The tenant accepts the written statement of terms they read, named by its SHA-256",
        description:
          "Only the tenant (403 for the landlord or an admin). 409 when already accepted, when the statement changed " +
          "since (the listing was edited: read the current one), or for a booking that is not a live tenancy.",
        params: ZBookingIdParams,
        body: ZAcceptStatement,
        response: { 200: ZStatementOfTerms, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rights().statements.accept(signedInUser(request), request.params.id, request.body.sha256),
  );

  app.post(
    "/api/bookings/:id/rent-increases",
    {
      onRequest: requireUser,
      schema: {
        summary: "The landlord serves a Section 13 notice of a new monthly rent",
        description:
          "monthlyRent in pounds (at most two decimal places), startsOn a date. Only on an agreed tenancy (409), and " +
          "only as the law allows (422 saying why): a higher rent, at least two months after today, not within 52 " +
          "weeks of the tenancy's start or of the last increase, on the first day of a rent period. The notice is " +
          "made as a PDF and the tenant is told.",
        params: ZBookingIdParams,
        body: ZProposeRentIncrease,
        response: { 201: ZRentIncrease, ...refusals(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const increase = await rights().rentIncreases.propose(signedInUser(request), request.params.id, request.body);
      return reply.code(201).send(increase);
    },
  );

  pdfRoute(app, "/api/rent-increases/:id/notice.pdf", {
    summary: "A Section 13 notice as served (PDF), for the tenancy's parties",
    params: ZRentIncreaseParams,
    make: (user, id) => rights().rentIncreases.notice(user, id),
  });

  app.post(
    "/api/bookings/:id/pet-requests",
    {
      onRequest: requireUser,
      schema: {
        summary: "The tenant asks to keep a pet, describing it",
        description: `The landlord must answer within ${PET_ANSWER_DAYS} days. One open request at a time (409).`,
        params: ZBookingIdParams,
        body: ZAskPetRequest,
        response: { 201: ZPetRequest, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const asked = await rights().petRequests.ask(signedInUser(request), request.params.id, request.body);
      return reply.code(201).send(asked);
    },
  );

  app.post(
    "/api/pet-requests/:id/answer",
    {
      onRequest: requireUser,
      schema: {
        summary: "The landlord agrees to a pet request, or refuses it with a reason",
        description: "A refusal without a reason is a 400. Only the landlord (403 for the tenant or an admin).",
        params: ZPetRequestParams,
        body: ZAnswerPetRequest,
        response: { 200: ZPetRequest, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rights().petRequests.answer(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    "/api/pet-requests/overdue",
    {
      // Every landlord's requests: administrators only.
      onRequest: allow("read", "property-booking", "any"),
      schema: {
        summary: "Pet requests left unanswered past their 28 days, across every tenancy (admins)",
        response: { 200: z.array(ZPetRequest), ...refusals(401, 403) },
      },
    },
    async () => rights().petRequests.overdue(),
  );
};

/** A PDF for the tenancy's parties, made by the service after its access check. */
function pdfRoute(
  app: FastifyInstance,
  path: string,
  route: {
    summary: string;
    params: typeof ZBookingIdParams | typeof ZRentIncreaseParams;
    make: (user: UserRow, id: number) => Promise<{ pdf: Buffer; filename: string }>;
  },
) {
  app.route({
    method: "GET",
    url: path,
    onRequest: requireUser,
    schema: {
      response: { 200: ZPdf, ...refusals(400, 401, 403, 404, 409) },
      summary: route.summary,
      params: route.params,
    },
    handler: async (request, reply) => {
      const made = await route.make(signedInUser(request), (request.params as { id: number }).id);
      return sendPdf(reply, made.pdf, made.filename);
    },
  });
}

export default tenancyRoutes;
