import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminSupportQuery,
  ZAdminSupportTicket,
  ZAdminSupportTicketDetail,
  ZSupportReply,
  ZSupportTicketParams,
} from "../../../../common/schemas/support";
import { signedInUser } from "../../../access/gates";
import { sendPage } from "../../../lib/paging";
import { messageOnlyRefusals } from "../../refusals";

/** /api/admin/support: the support team's queue (the admin folder's gate checks each route's permission). */
const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = () => app.services.support;

  app.get(
    "/support/tickets",
    {
      config: { access: ["read", "support-ticket", "any"] },
      schema: {
        summary: "The support queue",
        description: "Requests of one status (open by default), latest message first; the count is in X-Total-Count.",
        querystring: ZAdminSupportQuery,
        response: { 200: z.array(ZAdminSupportTicket), ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendPage(reply, await support().queue(request.query)),
  );

  app.get(
    "/support/tickets/:id",
    {
      config: { access: ["read", "support-ticket", "any"] },
      schema: {
        summary: "One request, with who wrote each message",
        params: ZSupportTicketParams,
        response: { 200: ZAdminSupportTicketDetail, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request) => support().getForTeam(request.params.id),
  );

  app.post(
    "/support/tickets/:id/reply",
    {
      config: { access: ["answer", "support-ticket", "any"] },
      schema: {
        summary: "Answer a request",
        description:
          "Adds the answer, marks the request answered and e-mails the words to the person. Written to System Logs as " +
          "support.answered.",
        params: ZSupportTicketParams,
        body: ZSupportReply,
        response: { 200: ZAdminSupportTicketDetail, ...messageOnlyRefusals(400, 401, 403, 404) },
      },
    },
    async (request) => support().answer(signedInUser(request), request.params.id, request.body.body),
  );

  app.post(
    "/support/tickets/:id/close",
    {
      config: { access: ["answer", "support-ticket", "any"] },
      schema: {
        summary: "Close a settled request",
        description: "A later message from the person opens it again. 409 when it is already closed.",
        params: ZSupportTicketParams,
        response: { 200: ZAdminSupportTicketDetail, ...messageOnlyRefusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => support().close(signedInUser(request), request.params.id),
  );
};

export default adminSupportRoutes;
