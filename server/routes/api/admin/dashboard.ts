import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAdminStats, ZSystemStatus } from "../../../../common/schemas/admin-dashboard";
import { messageOnlyRefusals } from "../../refusals";

/** The admin dashboard's figures and System Status card (inside the gated /api/admin folder). */
const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = () => app.services.adminDashboard;

  app.get(
    "/stats",
    {
      config: { access: ["read", "analytics"] },
      schema: {
        summary: "The admin dashboard's figures",
        description:
          "Users (all; active = signed in or made a request in the last 30 days), listings (all; listed now), bookings " +
          "(all), this London month's revenue (confirmed and completed stays by check-in, as the landlord figures count), " +
          "and Pending Issues: landlords awaiting approval plus card payments and messages that failed in the last 7 days.",
        response: { 200: ZAdminStats, ...messageOnlyRefusals(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return dashboard().stats();
    },
  );

  app.get(
    "/system-status",
    {
      config: { access: ["read", "system"] },
      schema: {
        summary: "The state of the database, card payments, sign-in providers and e-mail",
        description:
          "Real checks, repeated at most every 30 seconds per app instance: the database answers; Stripe answers with the " +
          "configured key (or demo mode without one); which sign-in providers are configured; the SMTP server answers and " +
          "accepts the login (or the dev outbox stands in).",
        response: { 200: ZSystemStatus, ...messageOnlyRefusals(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return dashboard().systemStatus();
    },
  );
};

export default adminDashboardRoutes;
