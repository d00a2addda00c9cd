import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZTaxDetailsAnswer, ZTaxDetailsFields } from "../../../../common/entities/tax-details";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/account/tax-details: the tax details HMRC's yearly report of platform sellers' earnings needs, given by the
 * landlords, property managers and contractors paid through StayLondon. Each person reaches only their own.
 */
const taxDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const taxDetails = () => app.services.taxDetails;
  const gate = allow("manage", "tax-details");

  app.get(
    "/tax-details",
    {
      onRequest: gate,
      schema: {
        summary: "My tax details",
        description: "Identifiers are masked: only their last three characters show. `details` is null until saved.",
        response: { 200: ZTaxDetailsAnswer, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => taxDetails().get(signedInUser(request)),
  );

  app.put(
    "/tax-details",
    {
      onRequest: gate,
      schema: {
        summary: "Give or change my tax details",
        description:
          "A person gives a National Insurance number or a UTR, a business a company number or a UTR. An identifier " +
          "left out keeps the one saved for the same kind of seller. Answers the details as GET does, masked.",
        body: ZTaxDetailsFields,
        response: { 200: ZTaxDetailsAnswer, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => taxDetails().save(signedInUser(request), request.body),
  );
};

export default taxDetailsRoutes;
