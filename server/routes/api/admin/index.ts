import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminUserProfile,
  ZApproveLandlordResponse,
  ZPendingLandlord,
  ZUserIdParams,
} from "../../../../common/schemas/admin";
import { ZErrorResponse } from "../../../../common/schemas/properties";
import { gateFolder, signedInUser } from "../../../access/gates";
import adminPropertiesRoutes from "./properties";

const refusals = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/**
 * /api/admin: every route states the permission it needs (`config.access`), which only the admin role holds
 * (spec 2 §6); the folder's gate refuses everyone else before any input is read.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app);
  await app.register(adminPropertiesRoutes);
  const admin = () => app.services.admin;

  app.get(
    "/pending-landlords",
    {
      config: { access: ["approve", "landlord"] },
      schema: { response: { 200: z.array(ZPendingLandlord), ...refusals } },
    },
    async () => admin().pendingLandlords(),
  );

  app.post(
    "/approve-landlord/:id",
    {
      config: { access: ["approve", "landlord"] },
      schema: { params: ZUserIdParams, response: { 200: ZApproveLandlordResponse, 409: ZErrorResponse, ...refusals } },
    },
    async (request) => admin().approveLandlord(request.params.id, signedInUser(request).id),
  );

  app.get(
    "/users/:id/profile",
    {
      config: { access: ["read", "user"] },
      schema: { params: ZUserIdParams, response: { 200: ZAdminUserProfile, ...refusals } },
    },
    async (request) => admin().userProfile(request.params.id),
  );
};

export default adminRoutes;
