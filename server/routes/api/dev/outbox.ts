import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZOutboxList } from "../../../../common/schemas/dev-outbox";
import { listOutboxMessages } from "../../../repositories/outbox.repository";

/**
 * GET /api/dev/outbox: the messages the app "sent" while no mail or SMS provider is configured.
 * Registered only when the outbox is on; otherwise the path is an ordinary 404.
 */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/outbox", { schema: { response: { 200: ZOutboxList } } }, async () => {
    const rows = await listOutboxMessages(app.db);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  });
};

export default devOutboxRoutes;

/** GET /dev/outbox while the outbox is off: a plain JSON 404 that says so, rather than a page. */
export const devOutboxOffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dev/outbox", async (_request, reply) =>
    reply.code(404).send({ message: "The dev outbox is switched off." }),
  );
};
