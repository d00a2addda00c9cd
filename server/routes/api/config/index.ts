import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZMapConfig } from "../../../../common/schemas/places";

/** /api/config: the few settings the browser needs from the server's configuration. */
const configRoutes: FastifyPluginAsyncZod<{ map: { tileUrl: string; attribution: string } }> = async (app, options) => {
  const map = { tileUrl: options.map.tileUrl, attribution: options.map.attribution };
  app.get(
    "/map",
    {
      schema: {
        summary: "Where maps load their tiles from (MAP_TILE_URL) and the credit they show (MAP_ATTRIBUTION)",
        response: { 200: ZMapConfig },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return map;
    },
  );
};

export default configRoutes;
