import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  ZAddPhotoByUrl,
  ZManagedPhotos,
  ZManagedPropertyParams,
  ZPhotoOrder,
  ZPhotoParams,
} from "../../../../common/schemas/landlord-properties";
import { ZPhotoUploadParams, ZPhotoUploadRequest, ZPhotoUploadTicket } from "../../../../common/schemas/photo-uploads";
import { MAX_PHOTOS_PER_PROPERTY } from "../../../../common/schemas/property-form";
import { signedInUser } from "../../../access/gates";
import { AppError, badRequest, PayloadTooLargeError } from "../../../lib/errors";
import { refuseUnstorableText } from "../../../plugins/text-input-guard";
import type { PhotoShape } from "../../../services/photos/photo-encoding";
import type { PhotoStore, StagedPhoto } from "../../../services/photos/photo-store";
import { TOO_MANY_PHOTOS } from "../../../services/properties/landlord-listings.service";
import { refusals } from "../../refusals";

/**
 * The body checked against `schema`; the first problem's message, word for word, is the 400's message
 *, as the dialog shows it. Used for JSON and multipart bodies alike.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  // Multipart text fields skip the global guard (their body is read here, after it ran).
  refuseUnstorableText(value, "Form field");
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "The request is not valid");
  return result.data;
}

/** The parser's own errors as answers that say what to fix; `tooMany` is the answer to one photo too many. */
function formError(error: unknown, tooMany = TOO_MANY_PHOTOS): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new PayloadTooLargeError("A photo can be at most 10 MB");
    case "FST_FILES_LIMIT":
      return badRequest(tooMany);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return badRequest("The form has too many fields");
    case "FST_INVALID_JSON_FIELD_ERROR":
      return badRequest("The form field 'property' is not valid JSON");
    default:
      // Anything else from the parser is a malformed or cut-off body.
      return badRequest("The upload could not be read: send the photos as multipart/form-data");
  }
}

/** The next part, with parser failures turned into clear 4xx answers. */
async function nextPart(parts: AsyncIterableIterator<Multipart>, tooMany: string): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch (error) {
    throw formError(error, tooMany);
  }
}

/**
 * Reads a multipart body: each file of the `photos` field (or `fileField`) is checked and re-encoded into the
 * store's staging area as it arrives (at most `maxFiles`, else the 400 `tooMany`); the text fields named in `fields`
 * are returned. On any failure the photos staged so far are dropped. The caller moves them into place, or drops
 * them.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  store: PhotoStore,
  options: { maxFiles: number; fields: readonly string[]; fileField?: string; tooMany?: string; shape?: PhotoShape },
): Promise<{ staged: StagedPhoto[]; fields: Record<string, unknown> }> {
  const { fileField = "photos", tooMany = TOO_MANY_PHOTOS } = options;
  const staged: StagedPhoto[] = [];
  const fields: Record<string, unknown> = {};
  let parts: AsyncIterableIterator<Multipart> | undefined;
  try {
    try {
      parts = request.parts();
    } catch (error) {
      throw formError(error, tooMany);
    }
    for (let part = await nextPart(parts, tooMany); part; part = await nextPart(parts, tooMany)) {
      if (part.type === "field") {
        if (!options.fields.includes(part.fieldname)) throw badRequest(`Unknown form field: ${part.fieldname}`);
        if (part.fieldname in fields) throw badRequest(`The form field '${part.fieldname}' is given twice`);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) throw badRequest(`Unknown form field: ${part.fieldname}`);
      if (staged.length >= options.maxFiles) throw badRequest(tooMany);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        throw formError(error, tooMany);
      }
      // toBuffer misses a cut-off file when the limit falls exactly between two chunks.
      if (part.file.truncated) throw formError({ code: "FST_REQ_FILE_TOO_LARGE" });
      // A file input left empty still sends a part, with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      staged.push(await store.stage(bytes, part.filename, options.shape));
    }
  } catch (error) {
    // Whatever the client still sends is read and dropped (not parsed, not held), so that it gets the
    // answer and the connection does not hang on a parser nobody reads from.
    request.raw.unpipe();
    request.raw.resume();
    await store.discard(staged);
    throw error;
  }
  return { staged, fields };
}

/** /api/properties/{id}/photos: a property's photos, for its owner or an admin (inside the landlord gate). */
const propertyPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.landlordProperties;

  app.post(
    "/:id/photos",
    {
      config: { rateLimit: "upload" },
      schema: {
        summary: "Add photos: device files (multipart `photos`) or one photo by URL (JSON {url})",
        description:
          "Device photos are checked by content (JPEG, PNG, WebP, AVIF, GIF, TIFF), at most 10 MB each, and stored as " +
          "WebP in three widths. A property has at most 20 photos; its first photo becomes the main one. Answers " +
          "the whole list.",
        params: ZManagedPropertyParams,
        response: { 201: ZManagedPhotos, ...refusals(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const property = await service.manageable(request.params.id, signedInUser(request));
      if (!request.isMultipart()) {
        const { url } = parseInput(ZAddPhotoByUrl, request.body);
        return reply.code(201).send(await service.addPhotos(property.id, [], [url]));
      }
      const { staged } = await readPhotoForm(request, service.photos, {
        maxFiles: Math.max(0, MAX_PHOTOS_PER_PROPERTY - property.photoCount),
        fields: [],
      });
      if (staged.length === 0) throw badRequest("Choose at least one photo to upload");
      return reply.code(201).send(await service.addPhotos(property.id, staged, []));
    },
  );

  app.post(
    "/:id/photos/uploads",
    {
      config: { rateLimit: "upload" },
      schema: {
        summary: "Ask to send a device photo straight to the photo store",
        description:
          "Declare the file (name, type, size in bytes, at most 10 MB). With S3 storage the answer (201) is a " +
          "single-use form: post its `fields`, then the file as `file`, to `url` before `expiresAt`; the store refuses " +
          'another type or a larger file. Then call …/complete. Without it the answer (200) is `{ mode: "form" }`: ' +
          "send the photos as multipart to POST …/photos.",
        params: ZManagedPropertyParams,
        body: ZPhotoUploadRequest,
        response: { 200: ZPhotoUploadTicket, 201: ZPhotoUploadTicket, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const ticket = await app.services.photoUploads.requestUpload(
        request.params.id,
        signedInUser(request),
        request.body,
      );
      return reply.code(ticket.mode === "direct" ? 201 : 200).send(ticket);
    },
  );

  app.post(
    "/:id/photos/uploads/:uploadId/complete",
    {
      config: { rateLimit: "upload" },
      schema: {
        summary: "Add the photo a browser sent to the photo store",
        description:
          "The app reads the upload back, checks it by content (JPEG, PNG, WebP, AVIF, GIF, TIFF; else 415), re-encodes " +
          "it like any upload and deletes what was sent. A ticket is used once (409 the second time) and expires (410). " +
          "A refused upload leaves nothing stored. Answers the whole list.",
        params: ZPhotoUploadParams,
        response: { 201: ZManagedPhotos, ...refusals(400, 401, 403, 404, 409, 410, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      return reply.code(201).send(await app.services.photoUploads.completeUpload(id, signedInUser(request), uploadId));
    },
  );

  app.put(
    "/:id/photos/order",
    {
      schema: {
        summary: "Put the photos in a new order",
        description: "photoIds: every photo id of the property, once each.",
        params: ZManagedPropertyParams,
        response: { 200: ZManagedPhotos, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.reorderPhotos(request.params.id, signedInUser(request), parseInput(ZPhotoOrder, request.body).photoIds),
  );

  app.put(
    "/:id/photos/:photoId/main",
    {
      schema: {
        summary: "Make a photo the main photo",
        params: ZPhotoParams,
        response: { 200: ZManagedPhotos, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => service.setMainPhoto(request.params.id, signedInUser(request), request.params.photoId),
  );

  app.delete(
    "/:id/photos/:photoId",
    {
      schema: {
        summary: "Remove a photo",
        description: "Removing the main photo makes the next one main. An uploaded photo's files are deleted.",
        params: ZPhotoParams,
        response: { 200: ZManagedPhotos, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => service.deletePhoto(request.params.id, signedInUser(request), request.params.photoId),
  );
};

export default propertyPhotosRoutes;
