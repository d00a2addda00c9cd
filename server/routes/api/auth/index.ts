import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZAuthOutcome, ZAuthUserResponse, ZLoginRequest, ZRegisterRequest } from "../../../../common/schemas/auth";
import { ZErrorResponse } from "../../../../common/schemas/errors";
import type { AuthResult } from "../../../services/auth.service";
import { refusals } from "../../refusals";
import { applySignIn } from "./sign-in-result";

const context = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

async function answer(reply: FastifyReply, result: AuthResult) {
  await applySignIn(reply, result);
  return reply.code(result.status).send(result.body);
}

/** A refused sign-in or registration answers with the outcome (what to do next); bad input and throttling with a message. */
const errors = { ...refusals(400, 429), 401: ZAuthOutcome, 403: ZAuthOutcome, 409: ZAuthOutcome };

/** /api/auth: registration, sign-in and sign-out with e-mail and password; the current user. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/register",
    {
      config: { rateLimit: "register" },
      schema: { body: ZRegisterRequest, response: { 201: ZAuthOutcome, ...errors } },
    },
    async (request, reply) => answer(reply, await app.services.auth.register(request.body, context(request))),
  );

  app.post(
    "/login",
    { schema: { body: ZLoginRequest, response: { 200: ZAuthOutcome, ...errors } } },
    async (request, reply) => answer(reply, await app.services.auth.login(request.body, context(request))),
  );

  app.post("/logout", { schema: { response: { 200: ZErrorResponse } } }, async (_request, reply) => {
    await reply.endSession();
    return { message: "Signed out" };
  });

  app.get("/user", { schema: { response: { 200: ZAuthUserResponse, ...refusals(401) } } }, async (request) => ({
    user: app.services.auth.currentUser(request.currentUser),
  }));
};

/** GET /api/logout: reached by navigation from most pages; ends the session and goes home. */
export const logoutNavigationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/logout", async (_request, reply) => {
    await reply.endSession();
    return reply.redirect("/");
  });
};

export default authRoutes;
