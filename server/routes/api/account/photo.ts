import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZProfilePhoto } from "../../../../common/schemas/account";
import {
  ZPhotoUploadRequest,
  ZPhotoUploadTicket,
  ZProfilePhotoUploadParams,
} from "../../../../common/schemas/photo-uploads";
import { MAX_PHOTO_BYTES } from "../../../../common/schemas/property-form";
import { allow, signedInUser } from "../../../access/gates";
import { badRequest } from "../../../lib/errors";
import { refusals } from "../../refusals";
import { readPhotoForm } from "../properties/photos";

const ONE_PHOTO = "Choose one photo for your profile";

/**
 * /api/account/photo: the signed-in person's profile photo, through the listing photos' store and checks. On local
 * disk the browser sends it here as multipart; with a bucket it asks for a ticket, posts the file to the bucket and
 * says "done", exactly as for listing photos.
 */
const profilePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  // One photo per request, at most 10 MB, cut off while streaming, never held.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2 } });
  const photos = () => app.services.profilePhotos;
  const onRequest = allow("update", "profile");

  app.post(
    "/photo",
    {
      onRequest,
      config: { rateLimit: "upload" },
      schema: {
        summary: "Upload or replace my profile photo (multipart `photo`)",
        description:
          "One file, checked by content (JPEG, PNG, WebP, AVIF, GIF, TIFF; else 415), at most 10 MB (else 413), stored " +
          "as a 480 px square WebP. The photo it replaces is deleted.",
        response: { 200: ZProfilePhoto, ...refusals(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { staged } = await readPhotoForm(request, photos().store, {
        maxFiles: 1,
        fields: [],
        fileField: "photo",
        tooMany: ONE_PHOTO,
        shape: "avatar",
      });
      const [photo] = staged;
      if (!photo) throw badRequest(ONE_PHOTO);
      return photos().replace(user, photo);
    },
  );

  app.delete(
    "/photo",
    {
      onRequest,
      schema: {
        summary: "Remove my profile photo",
        description: "The initial shows instead; an uploaded photo's file is deleted.",
        response: { 200: ZProfilePhoto, ...refusals(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => photos().remove(signedInUser(request)),
  );

  app.post(
    "/photo/uploads",
    {
      onRequest,
      config: { rateLimit: "upload" },
      schema: {
        summary: "Ask to send my profile photo straight to the photo store",
        description:
          "As for listing photos: with S3 storage (201) a single-use form to post the file to, then call …/complete; " +
          'without it (200) `{ mode: "form" }`: send the photo as multipart to POST /api/account/photo.',
        body: ZPhotoUploadRequest,
        response: { 200: ZPhotoUploadTicket, 201: ZPhotoUploadTicket, ...refusals(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const ticket = await app.services.photoUploads.requestProfilePhotoUpload(signedInUser(request), request.body);
      return reply.code(ticket.mode === "direct" ? 201 : 200).send(ticket);
    },
  );

  app.post(
    "/photo/uploads/:uploadId/complete",
    {
      onRequest,
      config: { rateLimit: "upload" },
      schema: {
        summary: "Make the photo I sent to the photo store my profile photo",
        description:
          "The app reads the upload back, checks and re-encodes it, deletes what was sent and the photo it replaces. " +
          "A ticket is used once (409 the second time) and expires (410); someone else's is a 404.",
        params: ZProfilePhotoUploadParams,
        response: { 200: ZProfilePhoto, ...refusals(400, 401, 403, 404, 409, 410, 413, 415, 429) },
      },
    },
    async (request) =>
      app.services.photoUploads.completeProfilePhotoUpload(signedInUser(request), request.params.uploadId),
  );
};

export default profilePhotoRoutes;
