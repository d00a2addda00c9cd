import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAdminReason } from "../../../../common/schemas/admin";
import {
  MAX_EXPORT_ROWS,
  ZAdminProperty,
  ZAdminPropertyAnalytics,
  ZAdminPropertyExportQuery,
  ZAdminPropertyListQuery,
  ZAdminPropertyParams,
  ZAdminPropertyRemoval,
  ZVerifyProperty,
} from "../../../../common/schemas/admin-properties";
import { signedInUser } from "../../../access/gates";
import { sendPage } from "../../../lib/paging";
import { messageOnlyRefusals } from "../../refusals";

/**
 * /api/admin/properties (Property Management). Registered inside the admin folder, whose gate checks each route's
 * `config.access`: every listing is the admin's only at the `any` scope, which landlords (who read their own) lack.
 */
const adminPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.adminProperties;

  app.get(
    "/properties",
    {
      config: { access: ["read", "property", "any"] },
      schema: {
        summary: "Every listing, searched and paged",
        description:
          "q matches part of the title, the place (borough, town or region) or the owner's name or e-mail, any letter " +
          "case; status is active (listed and bookable), pending (listed but under maintenance or available only from " +
          "a later date) or inactive (not listed: deactivated by its owner or removed by an admin). Newest first; the " +
          "match count is in X-Total-Count.",
        querystring: ZAdminPropertyListQuery,
        response: { 200: z.array(ZAdminProperty), ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => sendPage(reply, await service().findProperties(request.query)),
  );

  app.get(
    "/properties/export.csv",
    {
      config: { access: ["read", "property", "any"] },
      schema: {
        summary: "The filtered list as CSV",
        description:
          `The same q and status as the list; every matching listing up to ${MAX_EXPORT_ROWS.toLocaleString("en-GB")}, ` +
          "newest first (X-Total-Count says how many matched, X-Exported-Count how many were written). UTF-8 with a " +
          "byte-order mark so spreadsheets read £ and accents; a cell a spreadsheet would run as a formula starts with " +
          "an apostrophe.",
        querystring: ZAdminPropertyExportQuery,
        response: { 200: z.string().describe("text/csv"), ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { csv, total, rows, date } = await service().exportCsv(request.query);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="staylondon-properties-${date}.csv"`)
        .header("X-Total-Count", String(total))
        .header("X-Exported-Count", String(rows))
        .header("Cache-Control", "private, no-store")
        .send(`\uFEFF${csv}`);
    },
  );

  app.post(
    "/properties/:id/remove",
    {
      config: { access: ["remove", "property"] },
      schema: {
        summary: "Remove a listing, with a reason",
        description:
          "Unlists it (guests can no longer find or book it) and its owner cannot list it again until an admin " +
          "restores it. Refused with 409 while a guest's confirmed stay there is not over (cancel or move upcoming " +
          "ones in Booking Oversight first; a stay under way must end) and when it is already removed. Its pending " +
          "requests are declined in the same step, so their guests are told at once instead of waiting for the hold " +
          "to lapse; nothing was paid for them, and a card payment arriving later is refunded in full. Written to " +
          "System Logs as property.removed (and booking.declined_by_admin for each request).",
        params: ZAdminPropertyParams,
        body: ZAdminReason.strict(),
        response: { 200: ZAdminPropertyRemoval, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service().removeProperty(request.params.id, signedInUser(request), request.body.reason),
  );

  app.post(
    "/properties/:id/restore",
    {
      config: { access: ["remove", "property"] },
      schema: {
        summary: "Restore a removed listing",
        description:
          "Clears the removal and lists it again (its owner may then deactivate it as before). 409 when it is not " +
          "removed. Written to System Logs as property.restored.",
        params: ZAdminPropertyParams,
        response: { 200: ZAdminProperty, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service().restoreProperty(request.params.id, signedInUser(request)),
  );

  app.post(
    "/properties/:id/verify",
    {
      config: { access: ["verify", "property"] },
      schema: {
        summary: "Verify a listing: record what was checked",
        description:
          "The checks made (the visit and the photos at least) and an optional note. From then on the listing shows " +
          "Verified and is found by the Verified homes filter; its page says what was checked and when. 409 while a " +
          "verification already stands or the listing is removed. Written to System Logs as property.verified.",
        params: ZAdminPropertyParams,
        body: ZVerifyProperty,
        response: { 200: ZAdminProperty, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service().verifyProperty(request.params.id, signedInUser(request), request.body),
  );

  app.post(
    "/properties/:id/withdraw-verification",
    {
      config: { access: ["verify", "property"] },
      schema: {
        summary: "Withdraw a listing's verification, with a reason",
        description:
          "The Verified label goes at once; the record stays, with who withdrew it and why. 409 when the listing is " +
          "not verified. Written to System Logs as property.verification_withdrawn.",
        params: ZAdminPropertyParams,
        body: ZAdminReason.strict(),
        response: { 200: ZAdminProperty, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service().withdrawVerification(request.params.id, signedInUser(request), request.body.reason),
  );

  app.get(
    "/properties/:id/analytics",
    {
      config: { access: ["read", "analytics", "any"] },
      schema: {
        summary: "One listing's revenue and occupancy",
        description:
          "By the landlord's rules (docs/analytics.md): revenue from confirmed and completed stays by check-in month " +
          "(all time, this month, last month, growth); occupancy as booked over open nights this month and in each " +
          "of the 8 weeks ending with this one. occupancy is null for a listing that is not listed.",
        params: ZAdminPropertyParams,
        response: { 200: ZAdminPropertyAnalytics, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return service().propertyAnalytics(request.params.id, signedInUser(request));
    },
  );
};

export default adminPropertiesRoutes;
