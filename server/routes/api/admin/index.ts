import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZApprovalFigures,
  ZApproveLandlordResponse,
  ZPendingLandlord,
  ZUserIdParams,
} from "../../../../common/schemas/admin";
import { gateFolder, signedInUser } from "../../../access/gates";
import { messageOnlyRefusals } from "../../refusals";
import platformAnalyticsRoutes from "./analytics";
import adminBookingsRoutes from "./bookings";
import adminCertificatesRoutes from "./certificates";
import adminDamageClaimRoutes from "./damage-claims";
import adminDashboardRoutes from "./dashboard";
import platformReportRoutes from "./platform-report";
import adminPropertiesRoutes from "./properties";
import adminSupportRoutes from "./support";
import systemLogsRoutes from "./system-logs";
import adminUsersRoutes from "./users";

/**
 * /api/admin: every route states the permission it needs (`config.access`), and the folder asks for it at the
 * `any` scope, which only admins hold: a landlord's own figures do not open the platform's. The gate refuses
 * everyone else before any input is read.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app, { scope: "any" });
  await app.register(adminDashboardRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminPropertiesRoutes);
  await app.register(adminBookingsRoutes);
  await app.register(adminDamageClaimRoutes);
  await app.register(platformAnalyticsRoutes);
  await app.register(platformReportRoutes);
  await app.register(systemLogsRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminCertificatesRoutes);
  const admin = () => app.services.admin;

  app.get(
    "/pending-landlords",
    {
      config: { access: ["approve", "landlord"] },
      schema: { response: { 200: z.array(ZPendingLandlord), ...messageOnlyRefusals(400, 401, 403, 404) } },
    },
    async () => admin().pendingLandlords(),
  );

  app.get(
    "/approval-figures",
    {
      config: { access: ["approve", "landlord"] },
      schema: {
        summary: "Landlords approved today and the average wait for a review",
        description:
          "approvedToday: landlords approved since midnight in London. averageReviewHours: the mean time from " +
          "application to approval of the landlords approved in the last 90 days, or null when there were none.",
        response: { 200: ZApprovalFigures, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async () => admin().approvalFigures(),
  );

  app.post(
    "/approve-landlord/:id",
    {
      config: { access: ["approve", "landlord"] },
      schema: {
        params: ZUserIdParams,
        response: { 200: ZApproveLandlordResponse, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => admin().approveLandlord(request.params.id, signedInUser(request)),
  );
};

export default adminRoutes;
