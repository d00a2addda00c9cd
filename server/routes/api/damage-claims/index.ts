import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DAMAGE_CLAIM_WINDOW_DAYS, MAX_DAMAGE_CLAIM_PHOTOS } from "../../../../common/domain/damage-claims";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import {
  ZDamageClaim,
  ZDamageClaimParams,
  ZDamageClaimPayment,
  ZDisputeDamageClaim,
  ZRaiseDamageClaim,
} from "../../../../common/schemas/damage-claims";
import { MAX_PHOTO_BYTES } from "../../../../common/schemas/property-form";
import { ZSecurityDepositHold } from "../../../../common/schemas/security-deposits";
import { gateFolder, signedInUser } from "../../../access/gates";
import { badRequest } from "../../../lib/errors";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";
import { readPhotoForm } from "../properties/photos";

const PHOTO_FIELD = "photos";

/**
 * Damage claims after a short let: the host raises one on a booking, the guest reads it on theirs and accepts or
 * disputes it. Disputed claims are decided under /api/admin/damage-claims. Which claim a person may touch is the
 * access module's answer in the service; the folder's gate refuses roles that can never use a route.
 */
const damageClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  // The description, the amount and a few photos, each at most 10 MB, cut off while streaming.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: MAX_DAMAGE_CLAIM_PHOTOS,
      fields: 2,
      parts: MAX_DAMAGE_CLAIM_PHOTOS + 2,
    },
  });
  gateFolder(app);
  keepAnswersPrivate(app);
  const claims = () => app.services.damageClaims;

  app.post(
    "/api/bookings/:id/damage-claims",
    {
      config: { access: ["raise", "damage-claim"], rateLimit: "upload" },
      schema: {
        summary: "The host raises a damage claim on a stay (multipart: description, amount, photos)",
        description:
          `From check-out to ${DAMAGE_CLAIM_WINDOW_DAYS} days after it (London dates; a later day is a 422). amount ` +
          "is in pounds with at most two decimal places, at most the listing's damage deposit or £2,500. One to " +
          `${MAX_DAMAGE_CLAIM_PHOTOS} photos in the field \`photos\`, checked by content (anything but an image is a 415). ` +
          "One claim per stay. The guest is told by e-mail.",
        params: ZBookingIdParams,
        response: { 201: ZDamageClaim, ...refusals(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Who may claim, and whether the window is open, is known before any upload is read.
      await claims().mayRaise(user, request.params.id);
      if (!request.isMultipart()) {
        throw badRequest(`Send the claim as multipart/form-data, with its photos in the field '${PHOTO_FIELD}'`);
      }
      const { staged, fields } = await readPhotoForm(request, claims().photos, {
        maxFiles: MAX_DAMAGE_CLAIM_PHOTOS,
        fields: ["description", "amount"],
        fileField: PHOTO_FIELD,
        tooMany: `A claim can have at most ${MAX_DAMAGE_CLAIM_PHOTOS} photos`,
      });
      const parsed = ZRaiseDamageClaim.safeParse(fields);
      if (!parsed.success || staged.length === 0) {
        await claims().photos.discard(staged);
        throw badRequest(parsed.error?.issues[0]?.message ?? "Add at least one photo of the damage");
      }
      const claim = await claims().raise(user, request.params.id, parsed.data, staged);
      return reply.code(201).send(claim);
    },
  );

  app.get(
    "/api/bookings/:id/damage-claims",
    {
      config: { access: ["read", "damage-claim"] },
      schema: {
        summary: "The damage claims on a stay, for its guest, its host or an admin (404 for anyone else)",
        params: ZBookingIdParams,
        response: { 200: z.array(ZDamageClaim), ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => claims().claimsOfBooking(signedInUser(request), request.params.id),
  );

  app.get(
    "/api/damage-claims/mine",
    {
      config: { access: ["read", "damage-claim"] },
      schema: {
        summary: "The damage claims on the signed-in guest's own stays, newest first",
        response: { 200: z.array(ZDamageClaim), ...refusals(401, 403) },
      },
    },
    async (request) => claims().claimsOfGuest(signedInUser(request)),
  );

  app.get(
    "/api/bookings/:id/security-deposit",
    {
      config: { access: ["read", "damage-claim"] },
      schema: {
        summary: "A short let's refundable security deposit and its card hold, for the guest, the host or an admin",
        description:
          "status is null until the hold is placed (the day before check-in); demo is true for a hold recorded " +
          "without Stripe keys, when no card was touched. 404 for anyone else.",
        params: ZBookingIdParams,
        response: { 200: ZSecurityDepositHold, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => app.services.securityDepositHolds.holdOfBooking(signedInUser(request), request.params.id),
  );

  app.get(
    "/api/damage-claims/:id",
    {
      config: { access: ["read", "damage-claim"] },
      schema: {
        summary: "One damage claim, for the stay's guest, its host or an admin (404 for anyone else)",
        params: ZDamageClaimParams,
        response: { 200: ZDamageClaim, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => claims().getClaim(signedInUser(request), request.params.id),
  );

  app.post(
    "/api/damage-claims/:id/accept",
    {
      config: { access: ["answer", "damage-claim"] },
      schema: {
        summary: "The guest accepts a claim: its amount is charged",
        description:
          "With Stripe, a card payment the guest makes from their booking (GET …/payment); without, a demo charge.",
        params: ZDamageClaimParams,
        response: { 200: ZDamageClaim, ...refusals(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => claims().accept(signedInUser(request), request.params.id),
  );

  app.post(
    "/api/damage-claims/:id/dispute",
    {
      config: { access: ["answer", "damage-claim"] },
      schema: {
        summary: "The guest disputes a claim, with their reason: an administrator decides it",
        params: ZDamageClaimParams,
        body: ZDisputeDamageClaim,
        response: { 200: ZDamageClaim, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => claims().dispute(signedInUser(request), request.params.id, request.body.reason),
  );

  app.get(
    "/api/damage-claims/:id/payment",
    {
      config: { access: ["answer", "damage-claim"] },
      schema: {
        summary: "The guest's card payment of an agreed claim: the client secret for Stripe's card form",
        description: "clientSecret is null unless the claim is awaiting payment.",
        params: ZDamageClaimParams,
        response: { 200: ZDamageClaimPayment, ...refusals(400, 401, 403, 404, 502) },
      },
    },
    async (request) => claims().payment(signedInUser(request), request.params.id),
  );
};

export default damageClaimRoutes;
