import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZTaxDetailsAnswer, ZTaxDetailsFields } from "../../../../common/entities/tax-details";
import { ZPlatformReportYearParams, ZSellerPlatformReport } from "../../../../common/schemas/platform-report";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/account/tax-details: the tax details HMRC's yearly report of platform sellers' earnings needs, given by the
 * landlords, property managers and contractors paid through StayLondon; and /api/account/platform-report/{year}, their
 * copy of what that report says about them. Each person reaches only their own.
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

  // What HMRC is told about the seller, which the rules oblige the platform to give them: only ever their own.
  app.get(
    "/platform-report/:year",
    {
      onRequest: gate,
      schema: {
        summary: "What the platform reports to HMRC about me for a year",
        description:
          "The signed-in seller's own listings, consideration (pence) and stays per quarter from real money only, and " +
          "their tax details as reported with every identifier masked. There is no user in the path: only one's own.",
        params: ZPlatformReportYearParams,
        response: { 200: ZSellerPlatformReport, ...refusals(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return app.services.platformReport.sellerCopy(signedInUser(request), request.params.year);
    },
  );
};

export default taxDetailsRoutes;
