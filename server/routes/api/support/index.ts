import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCreateSupportTicket,
  ZSupportReply,
  ZSupportTicket,
  ZSupportTicketCreated,
  ZSupportTicketDetail,
  ZSupportTicketParams,
} from "../../../../common/schemas/support";
import { allow, sessionUser, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/**
 * /api/support: the contact page's requests. Anyone may write (a visitor with a name and an address); a signed-in
 * person follows their own requests and adds to them. The team's side is under /api/admin/support.
 */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = () => app.services.support;

  app.post(
    "/tickets",
    {
      config: { rateLimit: "support" },
      schema: {
        summary: "Write to the support team",
        description:
          "A topic, a message (10 to 4,000 characters) and, for a signed-in person, optionally one of their bookings " +
          "(as its guest or its host). Signed in, the answer goes to the account's verified address; signed out, a " +
          "name and an e-mail address are needed. The person gets an acknowledgement by e-mail, and the team a copy " +
          "at SUPPORT_EMAIL when one is set.",
        body: ZCreateSupportTicket,
        response: { 201: ZSupportTicketCreated, ...refusals(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await support().create(await sessionUser(request), request.body)),
  );

  app.get(
    "/tickets",
    {
      onRequest: allow("read", "support-ticket"),
      schema: {
        summary: "My requests to the support team",
        response: { 200: z.array(ZSupportTicket), ...refusals(400, 401, 403, 404, 429) },
      },
    },
    async (request) => support().listMine(signedInUser(request)),
  );

  app.get(
    "/tickets/:id",
    {
      onRequest: allow("read", "support-ticket"),
      schema: {
        summary: "One of my requests, with every message",
        params: ZSupportTicketParams,
        response: { 200: ZSupportTicketDetail, ...refusals(400, 401, 403, 404, 429) },
      },
    },
    async (request) => support().getMine(signedInUser(request), request.params.id),
  );

  app.post(
    "/tickets/:id/messages",
    {
      onRequest: allow("message", "support-ticket"),
      config: { rateLimit: "support" },
      schema: {
        summary: "Add to one of my requests",
        description: "Opens the request again (also a closed one), and sends the team a copy.",
        params: ZSupportTicketParams,
        body: ZSupportReply,
        response: { 200: ZSupportTicketDetail, ...refusals(400, 401, 403, 404, 429) },
      },
    },
    async (request) => support().replyAsRequester(signedInUser(request), request.params.id, request.body.body),
  );
};

export default supportRoutes;
