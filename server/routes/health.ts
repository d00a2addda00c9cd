import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** GET /healthz: 200 when the app can reach its database, else 503. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      schema: {
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("up") }),
          503: z.object({
            status: z.literal("unavailable"),
            database: z.literal("down"),
            message: z.string(),
          }),
        },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      try {
        await app.db.execute("select 1");
        return { status: "ok" as const, database: "up" as const };
      } catch {
        return reply.code(503).send({
          status: "unavailable" as const,
          database: "down" as const,
          message: "The database is unreachable",
        });
      }
    },
  );
};

export default healthRoutes;
