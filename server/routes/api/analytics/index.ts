import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZLandlordAnalytics,
  ZMonthlyRevenueAnalytics,
  ZOccupancyAnalytics,
  ZRevenueAnalytics,
} from "../../../../common/schemas/analytics";
import { gateFolder, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

const RULES =
  "Revenue: confirmed and completed bookings, in the London calendar month of check-in. Occupancy: booked nights " +
  "(confirmed and completed stays) over open nights (from the listing date, blocked nights excluded) of active " +
  "properties. A landlord sees their own properties; an admin sees everyone's. See docs/analytics.md.";

/** /api/analytics: the landlord's figures, behind the landlord gate (approved, phone verified). */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app, { fallback: ["read", "analytics"] });
  // Per-user figures: never kept by a browser or proxy cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  app.get(
    "/landlord",
    {
      schema: {
        summary: "The landlord dashboard's figures",
        description: `All-time revenue, this month's revenue and occupancy, bookings that are not cancelled, properties. ${RULES}`,
        response: { 200: ZLandlordAnalytics, ...refusals(401, 403) },
      },
    },
    async (request) => app.services.landlordAnalytics.getSummary(signedInUser(request)),
  );

  app.get(
    "/revenue",
    {
      schema: {
        summary: "Revenue Analytics",
        description: `Totals, this month with its growth over last month, and the latest 20 revenue bookings by check-in. ${RULES}`,
        response: { 200: ZRevenueAnalytics, ...refusals(401, 403) },
      },
    },
    async (request) => app.services.landlordAnalytics.getRevenue(signedInUser(request)),
  );

  app.get(
    "/monthly-revenue",
    {
      schema: {
        summary: "Monthly Revenue Analysis",
        description: `The 8 months up to this one, oldest first, each with its properties by revenue. ${RULES}`,
        response: { 200: ZMonthlyRevenueAnalytics, ...refusals(401, 403) },
      },
    },
    async (request) => app.services.landlordAnalytics.getMonthlyRevenue(signedInUser(request)),
  );

  app.get(
    "/occupancy",
    {
      schema: {
        summary: "Occupancy Analytics",
        description: `The 8 Monday-to-Sunday weeks ending with this one, per property and per week, and this calendar month. ${RULES}`,
        response: { 200: ZOccupancyAnalytics, ...refusals(401, 403) },
      },
    },
    async (request) => app.services.landlordAnalytics.getOccupancy(signedInUser(request)),
  );
};

export default analyticsRoutes;
