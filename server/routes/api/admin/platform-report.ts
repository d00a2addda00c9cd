import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZPlatformReportExportQuery,
  ZPlatformReportSummary,
  ZPlatformReportYearParams,
} from "../../../../common/schemas/platform-report";
import {
  ZPlatformReportFilingList,
  ZPlatformReportFilingParams,
} from "../../../../common/schemas/platform-report-filings";
import { signedInUser } from "../../../access/gates";
import { messageOnlyRefusals } from "../../refusals";

const noStore = { "Cache-Control": "private, no-store" };

/** An XML file as a download: never kept by a shared cache, since it names sellers. */
function sendXml(reply: FastifyReply, file: string | Buffer, filename: string) {
  return reply
    .headers(noStore)
    .header("Content-Type", "application/xml; charset=utf-8")
    .header("Content-Disposition", `attachment; filename=${filename}`)
    .send(file);
}

/**
 * /api/admin/platform-report: HMRC's yearly report of what sellers earned through the platform (Reporting Rules for
 * Digital Platforms), as a summary and as the OECD DPI XML file HMRC takes, inside the admin folder's gate.
 */
const platformReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = () => app.services.platformReport;

  // A static segment, so it is found before /:year/... would read "filings" as a year.
  app.get(
    "/platform-report/filings/:id.xml",
    {
      config: { access: ["read", "platform-report", "any"] },
      schema: {
        summary: "A stored HMRC platform report, byte for byte as it was exported",
        description:
          "The DPI XML file exactly as it was first exported (never made again from today's data), checked against " +
          "its SHA-256. Each download is recorded in System Logs by year and seller count.",
        params: ZPlatformReportFilingParams,
        response: { 200: z.string().describe("application/xml"), ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { year, messageRefId, file } = await reports().storedFile(request.params.id, signedInUser(request));
      return sendXml(reply, file, `staylondon-dpi-${year}-${messageRefId}.xml`);
    },
  );

  app.get(
    "/platform-report/:year/filings",
    {
      config: { access: ["read", "platform-report", "any"] },
      schema: {
        summary: "The HMRC platform reports exported for a year and kept as they were",
        description:
          "Each real export of the year (files for HMRC's test service are not kept), newest first: when, who, how " +
          "many sellers it holds and how many were left out for want of tax details, its MessageRefId and the " +
          "SHA-256 of its bytes. No seller's identifier is part of the answer. Kept for at least six years.",
        params: ZPlatformReportYearParams,
        response: { 200: ZPlatformReportFilingList, ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return reports().filings(request.params.year);
    },
  );

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
          "seller count, and kept sealed as it was sent (GET /platform-report/filings/{id}.xml returns it again). " +
          "?test=true marks it as test data (OECD11) and does not keep it.",
        params: ZPlatformReportYearParams,
        querystring: ZPlatformReportExportQuery,
        response: { 200: z.string().describe("application/xml"), ...messageOnlyRefusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { year } = request.params;
      const xml = await reports().exportXml(year, signedInUser(request), { test: request.query.test });
      return sendXml(reply, xml, `staylondon-dpi-${year}.xml`);
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
      reply.headers(noStore);
      return reports().summary(request.params.year);
    },
  );
};

export default platformReportRoutes;
