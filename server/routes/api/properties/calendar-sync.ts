import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MAX_CALENDAR_FEEDS,
  ZAddCalendarFeed,
  ZCalendarExport,
  ZCalendarFeed,
  ZCalendarFeedParams,
  ZCalendarSync,
} from "../../../../common/schemas/calendar-sync";
import { ZDeleted, ZManagedPropertyParams } from "../../../../common/schemas/landlord-properties";
import { signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";
import { guardLandlordRoutes } from "./landlord-route-helpers";

const FETCH_RULES =
  "The feed is fetched at once: only http(s) (webcal:// is read as https://), never an address that leads to a " +
  "private, loopback or link-local network, within the fetch timeout (10 s by default) and up to 2 MB; a feed that " +
  "cannot be read or is not iCal is a 422 saying why.";

/**
 * /api/properties/{id}/calendar-sync and /calendar-feeds: the listing's own feed address and the feeds it imports.
 * The landlord gate, then the owner or an admin; anyone else gets 404.
 */
const calendarSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const sync = app.services.calendarSync;
  guardLandlordRoutes(app);

  app.get(
    "/:id/calendar-sync",
    {
      schema: {
        summary: "The listing's calendar feed address, the calendars it imports, and their overlaps with bookings",
        description:
          "exportUrl is made on first asking. feeds: each imported calendar with its last attempt and last good " +
          "fetch. conflicts: imported stays that share nights with a pending or confirmed booking here.",
        params: ZManagedPropertyParams,
        response: { 200: ZCalendarSync, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => sync.overview(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/calendar-sync/export-token",
    {
      schema: {
        summary: "Give the listing's calendar feed a new secret address; the old address answers 404 from now on",
        params: ZManagedPropertyParams,
        response: { 200: ZCalendarExport, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => sync.renewExport(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/calendar-feeds",
    {
      config: { rateLimit: "calendarSync" },
      schema: {
        summary: "Import another site's calendar feed: its nights can no longer be booked here",
        description: `${FETCH_RULES} Nothing is kept then. At most ${MAX_CALENDAR_FEEDS} feeds per listing, each address once (409).`,
        params: ZManagedPropertyParams,
        body: ZAddCalendarFeed,
        response: { 201: ZCalendarFeed, ...refusals(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sync.addFeed(signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    "/:id/calendar-feeds/:feedId/sync",
    {
      config: { rateLimit: "calendarSync" },
      schema: {
        summary: "Fetch an imported calendar now and replace its nights",
        description: `${FETCH_RULES} The feed then shows the failure and keeps the nights of its last good fetch.`,
        params: ZCalendarFeedParams,
        response: { 200: ZCalendarFeed, ...refusals(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => sync.syncFeed(signedInUser(request), request.params.id, request.params.feedId),
  );

  app.delete(
    "/:id/calendar-feeds/:feedId",
    {
      schema: {
        summary: "Stop importing a calendar: its nights are open here again",
        params: ZCalendarFeedParams,
        response: { 200: ZDeleted, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => sync.removeFeed(signedInUser(request), request.params.id, request.params.feedId),
  );
};

export default calendarSyncRoutes;
