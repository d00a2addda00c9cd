import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZLevyPaymentRequest, ZLevyReturn, ZLevyYearParam } from "../../../../common/schemas/levy-returns";
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
  app.post(
    "/:year/payments",
    {
      onRequest: allow("pay", "levy-return"),
      schema: {
        summary: "Pay a quarter's held visitor levy to the council",
        description:
          "Records the payment of one ended quarter's levy, held for me by the platform, to the council: a ledger " +
          "transaction that clears it from my levy account. A quarter is paid once and never more than it owes " +
          "(409 or 422 otherwise). Answers the year's return with the payment in it; demo money is labelled.",
        params: ZLevyYearParam,
        body: ZLevyPaymentRequest,
        response: { 201: ZLevyReturn, ...refusals(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await app.services.levyReturns.payLevy(signedInUser(request), request.params.year, request.body);
      return reply.code(201).send(answer);
    },
  );
};
