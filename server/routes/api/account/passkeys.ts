import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZPasskey,
  ZPasskeyParams,
  ZPasskeyRegistration,
  ZPasskeyRename,
  ZWebAuthnOptions,
} from "../../../../common/schemas/passkeys";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** /api/account/passkeys: the signed-in person's own passkeys, from Profile. */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const passkeys = () => app.services.passkeys;
  const gate = allow("manage", "passkey");

  app.get(
    "/passkeys",
    {
      onRequest: gate,
      schema: {
        summary: "My passkeys",
        response: { 200: z.array(ZPasskey), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => passkeys().list(signedInUser(request)),
  );

  app.post(
    "/passkeys/options",
    {
      onRequest: gate,
      config: { rateLimit: "passkey" },
      schema: {
        summary: "Start adding a passkey",
        description: "WebAuthn creation options with a challenge valid for five minutes, once.",
        response: { 200: ZWebAuthnOptions, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => passkeys().registrationOptions(signedInUser(request)),
  );

  app.post(
    "/passkeys",
    {
      onRequest: gate,
      config: { rateLimit: "passkey" },
      schema: {
        summary: "Add a passkey",
        description: "The browser's answer to the challenge of /passkeys/options, checked against this site.",
        body: ZPasskeyRegistration,
        response: { 201: ZPasskey, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await passkeys().register(
        signedInUser(request),
        request.body,
        request.headers["user-agent"] ?? null,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/passkeys/:id",
    {
      onRequest: gate,
      schema: {
        summary: "Rename one of my passkeys",
        params: ZPasskeyParams,
        body: ZPasskeyRename,
        response: { 200: ZPasskey, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => passkeys().rename(signedInUser(request), request.params.id, request.body.name),
  );

  app.delete(
    "/passkeys/:id",
    {
      onRequest: gate,
      schema: {
        summary: "Remove one of my passkeys",
        params: ZPasskeyParams,
        response: { 204: z.null(), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await passkeys().remove(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default passkeyRoutes;
