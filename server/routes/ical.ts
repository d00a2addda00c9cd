import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZCalendarExportParams } from "../../common/schemas/calendar-sync";

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
          "for blocked nights. Nothing about guests. An unknown or renewed address is a 404.",
        params: ZCalendarExportParams,
      },
    },
    async (request, reply) => {
      const body = await app.services.calendarSync.exportFeed(request.params.file);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("Cache-Control", "no-store")
        .header("X-Robots-Tag", "noindex")
        .send(body);
    },
  );
};

export default icalRoutes;
