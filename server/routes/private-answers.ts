import type { FastifyInstance } from "fastify";

/**
 * Marks every answer of a route folder as one person's own data (their conversations, their jobs, the properties they
 * manage), so no browser or shared proxy keeps a copy that someone else could be shown.
 */
export function keepAnswersPrivate(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });
}
