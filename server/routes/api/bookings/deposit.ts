import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import { ZDepositProtection, ZRecordDepositProtection } from "../../../../common/schemas/tenancy-deposits";
import { allow, requireUser, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";
import { sendPdf, ZPdf } from "./documents";

/**
 * A tenancy's deposit: the landlord records where it is protected, and both sides download the prescribed
 * information. Which booking a person may touch is the access module's answer in the service.
 */
const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const deposits = () => app.services.tenancyDeposits;

  app.put(
    "/:id/deposit",
    {
      onRequest: allow("respond", "property-booking"),
      schema: {
        summary: "The landlord records a tenancy deposit received and the scheme protecting it",
        description:
          "amount in pounds with at most two decimal places, at most the Tenant Fees Act cap (five weeks' rent, six " +
          "where the annual rent is £50,000 or more); scheme dps, tds or mydeposits; the scheme's certificate number; " +
          "the days it was received and protected (not in the future, protected on or after receipt). Recording again " +
          "corrects it. 409 until the tenancy is confirmed. Only the landlord: a guest account is refused at the gate (403), another landlord gets a 404, an admin a 403.",
        params: ZBookingIdParams,
        body: ZRecordDepositProtection,
        response: { 200: ZDepositProtection, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deposits().record(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    "/:id/deposit/prescribed-information.pdf",
    {
      onRequest: requireUser,
      schema: {
        summary: "The prescribed information of a protected tenancy deposit (PDF), for the tenant and the landlord",
        description: "409 until the landlord records the protection; anyone but the two sides and an admin gets a 404.",
        response: { 200: ZPdf, ...refusals(400, 401, 403, 404, 409) },
        params: ZBookingIdParams,
      },
    },
    async (request, reply) => {
      const pdf = await deposits().prescribedInformationPdf(signedInUser(request), request.params.id);
      return sendPdf(reply, pdf, `staylondon-deposit-prescribed-information-${request.params.id}.pdf`);
    },
  );
};

export default depositRoutes;
