import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZStatement,
  ZStatementMonth,
  ZStatementMonthParam,
  ZTaxReport,
  ZTaxYearParam,
} from "../../../../common/schemas/money-documents";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";
import { sendPdf, ZPdf } from "../bookings/documents";

/**
 * /api/statements: a payee's monthly statements (landlords, property managers, contractors), from their own ledger
 * lines only, as JSON for the page, a PDF and a CSV. No id in the path: nobody can name anyone else's.
 */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statements = () => app.services.statements;
  const gate = allow("read", "statement");
  const monthRefusals = refusals(400, 401, 403);

  app.get(
    "/",
    {
      onRequest: gate,
      schema: {
        summary: "The months with lines on my statement, newest first",
        response: { 200: z.array(ZStatementMonth), ...refusals(401, 403) },
      },
    },
    async (request) => statements().months(signedInUser(request)),
  );

  app.get(
    "/:month",
    {
      onRequest: gate,
      schema: {
        summary: "My statement for a London calendar month",
        description:
          "Opening balance, each line with its running balance, and the closing balance, in pence (money to me " +
          "positive). A landlord's stay lines carry the stay's total, service fee and manager's fee. 400 for a month " +
          "that is malformed or has not started.",
        params: ZStatementMonthParam,
        response: { 200: ZStatement, ...monthRefusals },
      },
    },
    async (request) => statements().statement(signedInUser(request), request.params.month),
  );

  app.get(
    "/:month.pdf",
    {
      onRequest: gate,
      schema: {
        summary: "My statement for a month (PDF)",
        params: ZStatementMonthParam,
        response: { 200: ZPdf, ...monthRefusals },
      },
    },
    async (request, reply) => {
      const pdf = await statements().statementPdf(signedInUser(request), request.params.month);
      return sendPdf(reply, pdf, `staylondon-statement-${request.params.month}.pdf`);
    },
  );

  app.get(
    "/:month.csv",
    {
      onRequest: gate,
      schema: {
        summary: "My statement for a month (CSV)",
        description: "One header row, ISO dates, amounts in pounds with two decimals, UTF-8.",
        params: ZStatementMonthParam,
        response: { 200: z.string().describe("text/csv"), ...monthRefusals },
      },
    },
    async (request, reply) => {
      const csv = await statements().statementCsv(signedInUser(request), request.params.month);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="staylondon-statement-${request.params.month}.csv"`)
        .header("Cache-Control", "private, no-store")
        .send(csv);
    },
  );
};

/** /api/tax-reports: a landlord's tax-year summary of their lettings income, to help with Self Assessment. */
export const taxReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statements = () => app.services.statements;
  const gate = allow("read", "tax-report");

  app.get(
    "/",
    {
      onRequest: gate,
      schema: {
        summary: "The tax years with lines, newest first",
        response: { 200: z.object({ years: z.array(z.string()) }), ...refusals(401, 403) },
      },
    },
    async (request) => ({ years: await statements().taxYears(signedInUser(request)) }),
  );

  app.get(
    "/:taxYear",
    {
      onRequest: gate,
      schema: {
        summary: "My tax-year summary",
        description:
          "UK tax year (6 April to 5 April): stay income, refunds, manager's fees, job costs, net, transfers " +
          "received, and how much is demo money, in total and per property. A summary, not tax advice.",
        params: ZTaxYearParam,
        response: { 200: ZTaxReport, ...refusals(400, 401, 403) },
      },
    },
    async (request) => statements().taxReport(signedInUser(request), request.params.taxYear),
  );

  app.get(
    "/:taxYear.pdf",
    {
      onRequest: gate,
      schema: {
        summary: "My tax-year summary (PDF)",
        params: ZTaxYearParam,
        response: { 200: ZPdf, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const pdf = await statements().taxReportPdf(signedInUser(request), request.params.taxYear);
      return sendPdf(reply, pdf, `staylondon-tax-year-${request.params.taxYear}.pdf`);
    },
  );
};
