import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZMapConfig } from "../../../../common/schemas/places";
import { type TSiteFacts, ZSiteFacts } from "../../../../common/schemas/site-facts";

/** /api/config: the few settings the browser needs from the server's configuration. */
const configRoutes: FastifyPluginAsyncZod<{ map: { tileUrl: string; attribution: string }; site: TSiteFacts }> = async (
  app,
  options,
) => {
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

  app.get(
    "/site",
    {
      schema: {
        summary: "Who runs this site, the outside services that handle people's data here, and how long data is kept",
        description:
          "From the server's configuration (COMPANY_*, SUPPORT_EMAIL, ICO_REGISTRATION and the services switched " +
          "on): the footer, the terms and the privacy notice read it. Details not configured are null.",
        response: { 200: ZSiteFacts },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=300");
      return options.site;
    },
  );
};

export default configRoutes;
