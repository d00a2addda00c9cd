import { z } from "zod";
import { ZManagedPropertyParams } from "./landlord-properties";
import { MAX_PHOTO_BYTES } from "./property-form";

/**
 * A photo sent by the browser straight to the photo store: the app hands out a short-lived, single-use ticket (a
 * presigned form limited to the declared type and size), the browser posts the file to the store, then tells the
 * app it is done; the app reads it back, checks it by content and re-encodes it like any upload.
 */

/** The types a browser may declare; the bytes are still checked, whatever was declared. */
export const PHOTO_UPLOAD_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/gif",
  "image/tiff",
] as const;

const MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);

/** POST /api/properties/{id}/photos/uploads: what the browser is about to send. */
export const ZPhotoUploadRequest = z.strictObject({
  fileName: z
    .string({ error: "fileName is required" })
    .trim()
    .min(1, "fileName is required")
    .max(255, "fileName must be at most 255 characters"),
  contentType: z.enum(PHOTO_UPLOAD_TYPES, {
    error: "Upload a JPEG, PNG, WebP, AVIF, GIF or TIFF photo",
  }),
  size: z
    .number({ error: "size must be the file's size in bytes" })
    .int("size must be the file's size in bytes")
    .positive("The file is empty")
    .max(MAX_PHOTO_BYTES, `A photo can be at most ${MEGABYTES} MB`),
});
export type TPhotoUploadRequest = z.infer<typeof ZPhotoUploadRequest>;

/** An upload ticket's id: 32 hex digits. */
const ZUploadId = z.string().regex(/^[0-9a-f]{32}$/, "uploadId must be an upload ticket's id");

/**
 * The answer: "form" when this server takes photos through the app (multipart POST …/photos); "direct" with the
 * form to post the file to, its fields first and the file last in the field `file`, before `expiresAt`.
 */
export const ZPhotoUploadTicket = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("form") }),
  z.object({
    mode: z.literal("direct"),
    uploadId: ZUploadId,
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
]);
export type TPhotoUploadTicket = z.infer<typeof ZPhotoUploadTicket>;

/** POST /api/properties/{id}/photos/uploads/{uploadId}/complete */
export const ZPhotoUploadParams = ZManagedPropertyParams.extend({ uploadId: ZUploadId });

/** POST /api/account/photo/uploads/{uploadId}/complete: one's own profile photo. */
export const ZProfilePhotoUploadParams = z.object({ uploadId: ZUploadId });
