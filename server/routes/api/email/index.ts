import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZUnsubscribeToken } from "../../../../common/schemas/account";
import { InvalidInputError } from "../../../lib/errors";
import { refusals } from "../../refusals";

/**
 * /api/email: what the links in our e-mails reach without signing in. The one-click unsubscribe address is the one
 * List-Unsubscribe names: a mail program posts "List-Unsubscribe=One-Click" to it (RFC 8058), and the page
 * /unsubscribe posts the same token when the person clicks the footer's link instead.
 */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail programs post the one-click form ("List-Unsubscribe=One-Click"); only this plugin reads forms.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1_024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    "/unsubscribe",
    {
      config: { rateLimit: "emailChange" },
      schema: {
        summary: "Stop an e-mail I chose to receive (one click)",
        description:
          "The token is the one in the e-mail's link, in the query (as mail programs post it) or in a JSON body.",
        querystring: ZUnsubscribeToken.partial(),
        body: z
          .object({ token: z.string().max(200).optional(), "List-Unsubscribe": z.string().max(50).optional() })
          .nullish(),
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 429) },
      },
    },
    async (request) => {
      const given = ZUnsubscribeToken.safeParse({ token: request.query.token ?? request.body?.token });
      if (!given.success) throw new InvalidInputError("This unsubscribe link is not valid.");
      return app.services.emailPreferences.unsubscribe(given.data.token);
    },
  );

  // A mail program that cannot post opens the same address in a browser: show the page that asks.
  app.get(
    "/unsubscribe",
    {
      schema: {
        summary: "Open an unsubscribe link in a browser",
        description: "For mail programs that open the one-click address instead of posting to it: 303 to the page.",
        querystring: ZUnsubscribeToken.partial(),
      },
    },
    async (request, reply) => {
      const page = new URL("/unsubscribe", "http://local");
      if (request.query.token) page.searchParams.set("token", request.query.token);
      return reply.redirect(`${page.pathname}${page.search}`, 303);
    },
  );
};

export default emailRoutes;
