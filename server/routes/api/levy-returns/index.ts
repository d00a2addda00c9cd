import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZLevyReturn, ZLevyYearParam } from "../../../../common/schemas/levy-returns";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** /api/levy-returns: a host's own quarterly visitor levy return. No id in the path: nobody can name another host's. */
export const levyReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:year",
    {
      onRequest: allow("read", "levy-return"),
      schema: {
        summary: "My visitor levy return for a year, by quarter",
        description:
          "Edinburgh's visitor levy on my confirmed and completed stays, by the quarter of check-in: stays, levied " +
          "nights, their accommodation price and the levy collected, in pence.",
        params: ZLevyYearParam,
        response: { 200: ZLevyReturn, ...refusals(400, 401, 403) },
      },
    },
    async (request) => app.services.levyReturns.levyReturn(signedInUser(request), request.params.year),
  );
};
