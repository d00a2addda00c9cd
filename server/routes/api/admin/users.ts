import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminReason,
  ZAdminUser,
  ZAdminUserProfile,
  ZAdminUsersQuery,
  ZChangeRoleRequest,
  ZUserIdParams,
} from "../../../../common/schemas/admin";
import { signedInUser } from "../../../access/gates";
import { sendPage } from "../../../lib/paging";
import { messageOnlyRefusals } from "../../refusals";

/**
 * /api/admin/users: User Management and the admin's view of a profile. Registered inside the admin folder, whose
 * gate checks each route's `config.access` before any input is read.
 */
const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = () => app.services.adminUsers;

  app.get(
    "/users",
    {
      config: { access: ["read", "user"] },
      schema: {
        querystring: ZAdminUsersQuery,
        response: { 200: z.array(ZAdminUser), ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendPage(reply, await users().findUsers(request.query)),
  );

  app.put(
    "/users/:id/role",
    {
      config: { access: ["update", "user"] },
      schema: {
        params: ZUserIdParams,
        body: ZChangeRoleRequest,
        response: { 200: ZAdminUser, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => users().changeRole(signedInUser(request), request.params.id, request.body.role),
  );

  app.post(
    "/users/:id/freeze",
    {
      config: { access: ["update", "user"] },
      schema: {
        params: ZUserIdParams,
        body: ZAdminReason.strict(),
        response: { 200: ZAdminUser, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => users().freeze(signedInUser(request), request.params.id, request.body.reason),
  );

  app.post(
    "/users/:id/unfreeze",
    {
      config: { access: ["update", "user"] },
      schema: { params: ZUserIdParams, response: { 200: ZAdminUser, ...messageOnlyRefusals(400, 401, 403, 404, 409) } },
    },
    async (request) => users().unfreeze(signedInUser(request), request.params.id),
  );

  app.get(
    "/users/:id/profile",
    {
      config: { access: ["read", "user"] },
      schema: {
        params: ZUserIdParams,
        response: { 200: ZAdminUserProfile, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return users().userProfile(request.params.id);
    },
  );
};

export default adminUsersRoutes;
