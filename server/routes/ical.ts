import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZCalendarExportParams } from "../../common/schemas/calendar-sync";
import { ifNoneMatchNames } from "../lib/etags";

/**
 * GET /ical/{token}.ics: a listing's calendar for other sites to import. The secret address is the credential (no
 * session); an unknown or renewed one is a 404. No rate limit: a booking site polls every listing of every landlord
 * from the same few addresses.
 */
const icalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ical/:file",
    {
      logLevel: "warn",
      schema: {
        summary: "A listing's booked and blocked nights as an iCal feed, at its secret address",
        description:
          'All-day events from the start of this year: "Booked" for pending and confirmed stays, "Not available" ' +
          "for blocked nights. Nothing about guests. An unknown or renewed address is a 404. It carries an ETag: " +
          "asked with If-None-Match, an unchanged feed is a 304 with no body.",
        params: ZCalendarExportParams,
      },
    },
    async (request, reply) => {
      const feed = await app.services.calendarSync.exportFeed(request.params.file);
      // Sites poll every feed they import: one that has not changed is answered without its body.
      reply.header("ETag", feed.etag).header("Cache-Control", "private, no-cache").header("X-Robots-Tag", "noindex");
      if (ifNoneMatchNames(request.headers["if-none-match"], feed.etag)) return reply.code(304).send();
      return reply.type("text/calendar; charset=utf-8").send(feed.body);
    },
  );
};

export default icalRoutes;
