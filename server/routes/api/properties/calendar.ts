import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZCalendarMonth,
  ZCalendarQuery,
  ZManagedPropertyParams,
  ZNightRange,
  ZNightRangeQuery,
  ZNightsChanged,
} from "../../../../common/schemas/landlord-properties";
import { signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";
import { guardLandlordRoutes } from "./landlord-route-helpers";

/**
 * /api/properties/{id}/calendar and /blocked-nights: the landlord gate, then the owner
 * or an admin; anyone else gets 404.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const calendar = app.services.propertyCalendar;
  guardLandlordRoutes(app);

  app.get(
    "/:id/calendar",
    {
      schema: {
        summary: "Every night of a month: free, blocked, booked, requested or past, with its price",
        description:
          "booked: a confirmed or completed stay; requested: a pending booking; past: before today in London and not " +
          "booked. price is a one-night stay's price that night from the pricing rules (else the base price), in pounds.",
        params: ZManagedPropertyParams,
        querystring: ZCalendarQuery,
        response: { 200: ZCalendarMonth, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => calendar.month(signedInUser(request), request.params.id, request.query.month),
  );

  app.post(
    "/:id/blocked-nights",
    {
      schema: {
        summary: "Block the nights from `from` to `to` (both included, at most 366)",
        description:
          "Guests can no longer book them. Past nights and nights more than 730 days after today (London) are a 400; " +
          "a night held by a pending or confirmed booking is a 409 naming those nights, and then nothing is blocked. " +
          "changed: the nights newly blocked or given a new note.",
        params: ZManagedPropertyParams,
        body: ZNightRange,
        response: { 200: ZNightsChanged, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => calendar.block(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    "/:id/blocked-nights",
    {
      schema: {
        summary: "Open the blocked nights from `from` to `to` (both included, at most 366) again",
        description:
          "Past nights and nights more than 730 days after today (London) are a 400. changed: the nights that were blocked.",
        params: ZManagedPropertyParams,
        querystring: ZNightRangeQuery,
        response: { 200: ZNightsChanged, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => calendar.unblock(signedInUser(request), request.params.id, request.query.from, request.query.to),
  );
};

export default calendarRoutes;
