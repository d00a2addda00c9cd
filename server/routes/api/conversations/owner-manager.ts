import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZManagerMessage,
  ZManagerThread,
  ZManagerThreadSummaries,
  ZPostManagerMessage,
  ZThreadParams,
} from "../../../../common/schemas/property-management";
import { gateFolder, signedInUser } from "../../../access/gates";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";

/**
 * /api/manager-threads: the conversation between a property's manager and its owner, one per assignment. The two
 * sides only (an owner with their landlord features open, and the assignment's manager); anyone else gets 404.
 */
export const ownerManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const threads = app.services.conversations.ownerManager;
  gateFolder(app);
  keepAnswersPrivate(app);

  app.get(
    "/",
    {
      config: { access: ["message", "manager-thread"] },
      schema: {
        summary: "The signed-in user's conversations: a manager's assignments, or those on an owner's properties",
        description:
          "Ended assignments too (isCurrent false: readable, no longer writable). Current ones first, then by the " +
          "latest message. unread: the other side's messages not yet read.",
        response: { 200: ZManagerThreadSummaries, ...refusals(401, 403) },
      },
    },
    async (request) => threads.findThreads(signedInUser(request)),
  );

  app.get(
    "/:assignmentId",
    {
      config: { access: ["message", "manager-thread"] },
      schema: {
        summary: "One conversation's messages, oldest first; reading it marks them read",
        params: ZThreadParams,
        response: { 200: ZManagerThread, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => threads.getThread(signedInUser(request), request.params.assignmentId),
  );

  app.post(
    "/:assignmentId/messages",
    {
      config: { access: ["message", "manager-thread"] },
      schema: {
        summary: "Write to the other side",
        description:
          "Only while the assignment is current (409 once it has ended). Plain text, 1 to 2,000 characters. The " +
          "other side is e-mailed when this is the first message they have not read, so a burst sends one notice.",
        params: ZThreadParams,
        body: ZPostManagerMessage,
        response: { 201: ZManagerMessage, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await threads.postMessage(signedInUser(request), request.params.assignmentId, request.body)),
  );
};
