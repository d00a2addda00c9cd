import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAccountClosure,
  ZAccountClosureStatus,
  ZAccountSession,
  ZAccountSessionParams,
  ZEmailChangeRequest,
  ZEmailChangeToken,
  ZEmailPreferences,
  ZEmailPreferencesView,
  ZPasswordChange,
  ZPhoneChangeConfirm,
  ZPhoneChangeRequest,
  ZProfileUpdate,
  ZSessionsEnded,
} from "../../../../common/schemas/account";
import { ZAuthUserResponse, ZPhoneCodeSent } from "../../../../common/schemas/auth";
import { allow, requireUser, signedInUser } from "../../../access/gates";
import { UnauthorizedError } from "../../../lib/errors";
import { toSessionUser } from "../../../services/auth.service";
import { refusals } from "../../refusals";
import profilePhotoRoutes from "./photo";

/** The signed-in person and the session this request came from. */
function self(request: FastifyRequest) {
  const user = signedInUser(request);
  if (!request.sessionId) throw new UnauthorizedError("Not signed in");
  return { user, sessionId: request.sessionId };
}

/**
 * /api/account: a person running their own account from Profile. Every route acts on the signed-in account only;
 * nobody's id appears in a path.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = () => app.services.account;
  // The profile photo: its own plugin, the only one here that reads multipart bodies.
  await app.register(profilePhotoRoutes);

  app.patch(
    "/profile",
    {
      onRequest: requireUser,
      schema: {
        summary: "Change the name on my account",
        body: ZProfileUpdate,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      await account().updateProfile(signedInUser(request), request.body);
      return { message: "Your name has been saved." };
    },
  );

  app.post(
    "/password",
    {
      onRequest: requireUser,
      config: { rateLimit: "passwordChange" },
      schema: {
        summary: "Change (or add) my password",
        description:
          "The current password is required when the account has one. Every other session of the account ends; the " +
          "account's address is told by e-mail.",
        body: ZPasswordChange,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => account().changePassword(self(request), request.body),
  );

  app.post(
    "/email",
    {
      onRequest: requireUser,
      config: { rateLimit: "emailChange" },
      schema: {
        summary: "Move my account to another e-mail address",
        description:
          "Sends a link to the new address (valid 24 hours); nothing changes until it is opened. The current " +
          "password is required when the account has one. An address another account uses is refused with 409.",
        body: ZEmailChangeRequest,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => account().requestEmailChange(self(request), request.body),
  );

  app.post(
    "/email/confirm",
    {
      config: { rateLimit: "emailChange" },
      schema: {
        summary: "Confirm a new e-mail address (the link sent to it)",
        description: "Open to anyone holding the link. The old address is then sent a link to undo it for 7 days.",
        body: ZEmailChangeToken,
        response: {
          200: z.object({ message: z.string(), email: z.string() }),
          ...refusals(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => account().confirmEmailChange(request.body.token),
  );

  app.post(
    "/email/undo",
    {
      config: { rateLimit: "emailChange" },
      schema: {
        summary: "Put my old e-mail address back (the link sent to it)",
        description: "Within 7 days of a change; every session of the account ends.",
        body: ZEmailChangeToken,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => account().undoEmailChange(request.body.token),
  );

  app.post(
    "/phone",
    {
      onRequest: allow("update", "profile"),
      config: { rateLimit: "phoneVerification" },
      schema: {
        summary: "Change (or add) my phone number: text a code to the new one",
        description:
          "A UK mobile number. The account keeps its current number, verified if it was, until the 6-digit code " +
          "(valid 10 minutes, 5 tries) comes back to POST /api/account/phone/verify. One code a minute per account.",
        body: ZPhoneChangeRequest,
        response: { 200: ZPhoneCodeSent, ...refusals(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      app.services.verification.sendPhoneCode(signedInUser(request).id, request.body.phoneNumber, "change"),
  );

  app.post(
    "/phone/verify",
    {
      onRequest: allow("update", "profile"),
      schema: {
        summary: "Confirm my new phone number with the code texted to it",
        description: "The right code makes the new number the account's, verified. A wrong code changes nothing.",
        body: ZPhoneChangeConfirm,
        response: { 200: ZAuthUserResponse.extend({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const user = await app.services.verification.verifyPhone(signedInUser(request).id, request.body.code);
      return { message: `Your phone number is now ${user.phoneNumber}, verified.`, user: toSessionUser(user) };
    },
  );

  app.get(
    "/export",
    {
      onRequest: requireUser,
      config: { rateLimit: "dataExport" },
      schema: {
        summary: "Download my data",
        description:
          "Everything held about the signed-in person as one JSON file (UK GDPR's right of access): account, " +
          "bookings, payments, reviews, saved homes, conversations, support requests, listings, sign-ins, sessions, " +
          "account history and the messages sent to them. Never a password hash, token or card number.",
        response: { 200: z.record(z.string(), z.unknown()), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await account().exportData(self(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-disposition", `attachment; filename="staylondon-my-data-${day}.json"`)
        .header("cache-control", "no-store")
        .send(data);
    },
  );

  app.get(
    "/sessions",
    {
      onRequest: allow("manage", "account-session"),
      schema: {
        summary: "Where I am signed in",
        response: { 200: z.array(ZAccountSession), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => account().sessions(self(request)),
  );

  app.delete(
    "/sessions/:id",
    {
      onRequest: allow("manage", "account-session"),
      schema: {
        summary: "Sign one of my other devices out",
        params: ZAccountSessionParams,
        response: { 204: z.null(), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await account().endSession(self(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/sessions/sign-out-others",
    {
      onRequest: allow("manage", "account-session"),
      schema: {
        summary: "Sign out everywhere else",
        response: { 200: ZSessionsEnded, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => account().endOtherSessions(self(request)),
  );

  app.get(
    "/email-preferences",
    {
      onRequest: requireUser,
      schema: {
        summary: "The e-mails I chose to receive",
        response: { 200: ZEmailPreferencesView, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => app.services.emailPreferences.get(signedInUser(request).id),
  );

  app.put(
    "/email-preferences",
    {
      onRequest: requireUser,
      schema: {
        summary: "Choose the e-mails I receive",
        description:
          "Stay reminders and news are opt-in; e-mails about bookings, payments, security and support are always sent.",
        body: ZEmailPreferences,
        response: { 200: ZEmailPreferencesView, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => app.services.emailPreferences.update(signedInUser(request), request.body),
  );

  app.get(
    "/closure",
    {
      onRequest: requireUser,
      schema: {
        summary: "Whether I can close my account now",
        description: "Every reason it cannot be closed yet: stays booked or under way, money on its way, work in hand.",
        response: { 200: ZAccountClosureStatus, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => app.services.accountClosure.status(signedInUser(request)),
  );

  app.post(
    "/close",
    {
      onRequest: requireUser,
      config: { rateLimit: "passwordChange" },
      schema: {
        summary: "Close my account",
        description:
          "Erases the signed-in person's personal data in one transaction and signs them out everywhere; the bookings " +
          "and payments the law requires us to keep stay, without their name. Refused with 409 and the reasons while " +
          "a stay is booked or under way or money is owed either way. The current password is required when the " +
          "account has one.",
        body: ZAccountClosure,
        response: { 200: z.object({ message: z.string() }), ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await app.services.accountClosure.close(self(request), request.body);
      await reply.endSession();
      return result;
    },
  );
};

export default accountRoutes;
