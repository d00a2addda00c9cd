import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminUserProfile,
  ZApproveLandlordResponse,
  ZPendingLandlord,
  ZUserIdParams,
} from "../../../../common/schemas/admin";
import { ZErrorResponse } from "../../../../common/schemas/properties";
import { requireRole, signedInUser } from "../../../plugins/auth-guards";

const refusals = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** /api/admin: every route needs the admin role (spec 2 §6), checked here on the server. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = () => app.services.admin;

  app.get(
    "/pending-landlords",
    {
      onRequest: requireRole(["admin"], ["approve_landlords"]),
      schema: { response: { 200: z.array(ZPendingLandlord), ...refusals } },
    },
    async () => admin().pendingLandlords(),
  );

  app.post(
    "/approve-landlord/:id",
    {
      onRequest: requireRole(["admin"], ["approve_landlords"]),
      schema: { params: ZUserIdParams, response: { 200: ZApproveLandlordResponse, 409: ZErrorResponse, ...refusals } },
    },
    async (request) => admin().approveLandlord(request.params.id, signedInUser(request).id),
  );

  app.get(
    "/users/:id/profile",
    {
      onRequest: requireRole(["admin"], ["manage_users"]),
      schema: { params: ZUserIdParams, response: { 200: ZAdminUserProfile, ...refusals } },
    },
    async (request) => admin().userProfile(request.params.id),
  );
};

export default adminRoutes;
