import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZPlatformReportExportQuery,
  ZPlatformReportSummary,
  ZPlatformReportYearParams,
} from "../../../../common/schemas/platform-report";
import { signedInUser } from "../../../access/gates";
import { messageOnlyRefusals } from "../../refusals";

/**
 * /api/admin/platform-report: HMRC's yearly report of what sellers earned through the platform (Reporting Rules for
 * Digital Platforms), as a summary and as the OECD DPI XML file HMRC takes, inside the admin folder's gate.
 */
const platformReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = () => app.services.platformReport;

  // Registered before /:year, whose parameter would otherwise take "2026.xml" whole.
  app.get(
    "/platform-report/:year.xml",
    {
      config: { access: ["read", "platform-report", "any"] },
      schema: {
        summary: "HMRC's platform report for a year, as DPI XML",
        description:
          "The OECD DPI XML (urn:oecd:ties:dpi:v1) of every seller with real stays charged in the year and complete " +
          "tax details, money in whole pounds by quarter. A year with nothing real to report is a nil report (DPI403). " +
          "409 names the platform operator settings still unset. Each export is recorded in System Logs by year and " +
          "seller count. ?test=true marks it as test data (OECD11).",
        params: ZPlatformReportYearParams,
        querystring: ZPlatformReportExportQuery,
        response: { 200: z.string().describe("application/xml"), ...messageOnlyRefusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { year } = request.params;
      const xml = await reports().exportXml(year, signedInUser(request), { test: request.query.test });
      return reply
        .header("Content-Type", "application/xml; charset=utf-8")
        .header("Content-Disposition", `attachment; filename=staylondon-dpi-${year}.xml`)
        .header("Cache-Control", "private, no-store")
        .send(xml);
    },
  );

  app.get(
    "/platform-report/:year",
    {
      config: { access: ["read", "platform-report", "any"] },
      schema: {
        summary: "HMRC's platform report for a year, summarised",
        description:
          "Each seller with real stays charged in the year (never demo money): listings, stays, consideration in pence " +
          "and whether their tax details are complete; the totals; the deadline; and the settings the export still needs.",
        params: ZPlatformReportYearParams,
        response: { 200: ZPlatformReportSummary, ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return reports().summary(request.params.year);
    },
  );
};

export default platformReportRoutes;
