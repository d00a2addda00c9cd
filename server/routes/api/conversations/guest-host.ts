import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZBookingThread,
  ZEnquiryStarted,
  ZHostResponse,
  ZInboxQuery,
  ZMessageBookingParams,
  ZMessageThreadParams,
  ZPostMessage,
  ZStartEnquiry,
  ZThread,
  ZThreadMessage,
  ZThreadSummaries,
  ZUnreadCount,
} from "../../../../common/schemas/messages";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import { gateFolder, requireVerified, signedInUser } from "../../../access/gates";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";

const ACCESS = ["message", "message-thread"] as const;

/**
 * /api/messages: conversations between a guest and a listing's host side (its owner, and its manager while one is
 * assigned): an enquiry per listing and guest before booking, one per booking after. Only the parties read or
 * write one; anyone else, admins included, gets a 404.
 */
export const guestHostRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = app.services.conversations.guestHost;
  gateFolder(app);
  keepAnswersPrivate(app);

  app.get(
    "/threads",
    {
      config: { access: ACCESS },
      schema: {
        summary: "The signed-in user's conversations with guests or hosts, the latest first",
        description:
          "As a guest (their enquiries and stays), as a listing's owner, and as the manager of listings assigned to " +
          "them now. unread: others' messages not yet read. Paged with page and pageSize; the count is in " +
          "X-Total-Count. Contact details are hidden across sides until the guest has a confirmed booking.",
        querystring: ZInboxQuery,
        response: { 200: ZThreadSummaries, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await messages.findThreads(signedInUser(request), request.query);
      reply.header("X-Total-Count", String(page.total));
      return page.items;
    },
  );

  app.get(
    "/unread",
    {
      config: { access: ACCESS },
      schema: {
        summary: "How many messages the signed-in user has not read, and in how many conversations",
        response: { 200: ZUnreadCount, ...refusals(401, 403) },
      },
    },
    async (request) => messages.unreadCount(signedInUser(request)),
  );

  app.get(
    "/threads/:threadId",
    {
      config: { access: ACCESS },
      schema: {
        summary: "One conversation's messages, oldest first; reading it marks them read",
        description:
          "Its guest, the listing's owner and its current manager only (404 for anyone else). Before the guest has " +
          "a confirmed booking of the listing, e-mail addresses, phone numbers and links written by the other side " +
          "come back hidden (masked: true).",
        params: ZMessageThreadParams,
        response: { 200: ZThread, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => messages.getThread(signedInUser(request), request.params.threadId),
  );

  app.post(
    "/threads/:threadId/messages",
    {
      config: { access: ACCESS, rateLimit: "message" },
      schema: {
        summary: "Write to the other parties of a conversation",
        description:
          "Plain text, 1 to 4,000 characters once trimmed. Each other party is e-mailed when this is the first " +
          "message they have not read, so a burst sends one notice.",
        params: ZMessageThreadParams,
        body: ZPostMessage,
        response: { 201: ZThreadMessage, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.postMessage(signedInUser(request), request.params.threadId, request.body)),
  );

  app.post(
    "/enquiries",
    {
      // Asking a host needs a verified e-mail, as saving and reviewing do: it keeps throwaway accounts out.
      onRequest: requireVerified({ email: true }),
      config: { access: ACCESS, rateLimit: "message" },
      schema: {
        summary: "Ask a listing's host a question before booking",
        description:
          "Starts the caller's enquiry about the listing, or adds to it (one per listing and guest). A listing " +
          "that is not published is a 404; one's own listing, or one managed by the caller, a 409.",
        body: ZStartEnquiry,
        response: { 201: ZEnquiryStarted, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await messages.startEnquiry(signedInUser(request), request.body)),
  );

  app.post(
    "/bookings/:bookingId/thread",
    {
      config: { access: ACCESS },
      schema: {
        summary: "The conversation about a booking, started if it has not been yet",
        description:
          "For the booking's guest, its listing's owner and current manager (404 for anyone else). 201 when it was " +
          "started now, 200 when it already existed.",
        params: ZMessageBookingParams,
        response: { 200: ZBookingThread, 201: ZBookingThread, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { threadId, created } = await messages.bookingThread(signedInUser(request), request.params.bookingId);
      return reply.code(created ? 201 : 200).send({ threadId });
    },
  );
};

/** GET /api/properties/{id}/host-response, public, registered under /api/properties beside the detail route. */
export const hostResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:id/host-response",
    {
      schema: {
        summary: "How a listing's host answers enquiries: response rate within a day and median first reply",
        description:
          "Over enquiries started in the last 90 days that are at least a day old. Below 3 such enquiries the " +
          "figures are null: too few to say.",
        params: ZPropertyRef,
        response: { 200: ZHostResponse, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return app.services.conversations.guestHost.hostResponse(request.params.id);
    },
  );
};
