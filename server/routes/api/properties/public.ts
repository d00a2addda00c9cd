import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZQuote, ZQuoteQuery } from "../../../../common/schemas/bookings";
import {
  ZPropertyDetail,
  ZPropertyRef,
  ZPropertySearchQuery,
  ZPropertySearchResponse,
} from "../../../../common/schemas/properties";
import { keptQueryValidation } from "../../../lib/kept-query-validation";
import { sendPreparedJson } from "../../../lib/prepared-json";
import { refusals } from "../../refusals";

/** /api/properties: public listing search, detail and quote. */
const publicPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      // Sends its own compressed bytes (see the handler).
      compress: false,
      // The busiest public read: two access-log lines per search cost more than answering it from the
      // cache. Warnings and errors (with their request id) are still logged.
      logLevel: "warn",
      // The same answer for everyone: a signed-in visitor's search costs no session lookup.
      config: { withoutSession: true, rateLimit: "search" },
      validatorCompiler: keptQueryValidation,
      schema: {
        summary: "Search active listings",
        description:
          "Filters by city or region, nightly price and text. With checkIn and checkOut (YYYY-MM-DD, together), only " +
          "listings free for every night of [checkIn, checkOut): no pending or confirmed stay, no blocked night, not " +
          "under maintenance, open by checkIn; with guests, only listings that sleep that many. Instead of dates, flex " +
          "(weekend: Friday to Sunday, week: 7 nights, month: one calendar month) with months (1 to 3, YYYY-MM, " +
          "comma-separated) finds listings with such a stay starting in those months, under the same rules, each with " +
          "its first one as window (dates, nights, all-in total). The match count is in " +
          "X-Total-Count, exact up to 1000 (100 for flex); X-Total-Count-Capped: true means there are more. Each page carries an " +
          "ETag: a request with If-None-Match naming it gets a 304 while the page and its count are unchanged.",
        querystring: ZPropertySearchQuery,
        response: {
          200: ZPropertySearchResponse,
          304: z.undefined().describe("Not modified: the page named in If-None-Match is still current"),
          ...refusals(400),
        },
      },
    },
    async (request, reply) => {
      const { properties } = app.services;
      const result = await properties.findProperties(request.query);
      const headers: Record<string, string> = { "x-total-count": String(result.total) };
      if (result.totalIsCapped) headers["x-total-count-capped"] = "true";
      // The same URL is answered again before Fastify while this page stays kept.
      const query = request.query;
      app.earlyAnswers.keep(request.url, {
        route: "/api/properties",
        body: result.body,
        headers,
        current: () => properties.stillKeeps(query, result),
        rateLimit: "search",
      });
      // The body is already JSON (built from the typed rows) and compressed once per coding with the cached
      // result, so it skips both the serializer and the compression plugin; the 200 schema above still documents it.
      return sendPreparedJson(request, reply.headers(headers), result.body);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        summary: "One listing by numeric id or slug",
        params: ZPropertyRef,
        response: { 200: ZPropertyDetail, ...refusals(400, 404) },
      },
    },
    async (request) => app.services.properties.getProperty(request.params.id),
  );

  app.get(
    "/:id/quote",
    {
      schema: {
        summary: "The price of a stay and whether it can be booked",
        description:
          "`mode` is decided from the dates: a short let (under 28 nights), a mid let (28 nights up to 6 calendar " +
          "months) or a tenancy (longer, or from 28 nights with `asTenancy=true` where the listing offers tenancies). " +
          "Short and mid lets price each night from the property's pricing rules (else its base price) and add the 10% " +
          "service fee; a tenancy is rent by the month with no fee, and carries its deposits and their legal caps. " +
          "`guidance` holds the mode's rules with their sources (VAT from the 29th night of a serviced stay). " +
          "`available` is false, with `reasons`, when the nights are taken or blocked, the party is too large, the " +
          "listing does not offer the mode or this length, or the property is under maintenance. A tenancy on terms " +
          "the law does not allow (a deposit above its cap, an F or G energy rating without exemption) is a 422. A " +
          "listing whose required safety certificate has lapsed takes no new bookings: a 409 saying which and since when.",
        params: ZPropertyRef,
        querystring: ZQuoteQuery,
        response: { 200: ZQuote, ...refusals(400, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return app.services.bookings.quote(request.params.id, request.query);
    },
  );
};

export default publicPropertiesRoutes;
