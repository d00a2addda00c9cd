import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { AVATAR_SIZE, PHOTO_WIDTHS } from "../../../common/domain/photo-sizes";
import { InvalidInputError, UnsupportedMediaTypeError } from "../../lib/errors";

/** A decoded photo may have at most this many pixels: a small file must not unpack into gigabytes. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Content types we take, by what sharp reads from the bytes (AVIF reads as heif with av1 compression). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

/** One stored size of a photo: `<key>/<width>.webp`. */
export type EncodedSize = { width: number; data: Buffer };

/** A listing photo (every width, its own proportions) or a profile photo (one small square). */
export type PhotoShape = "listing" | "avatar";

const notAnImage = (filename: string) =>
  new UnsupportedMediaTypeError(`${filename} is not an image we can use: upload a JPEG, PNG, WebP or AVIF photo`);

const tooLarge = (filename: string) =>
  new InvalidInputError(`${filename} is too large a picture: at most 50 megapixels`);

/**
 * Checks one upload by its bytes, never its name or declared type, and re-encodes it into every stored width (a
 * profile photo: one small square):
 * turned upright, metadata such as GPS dropped, so what we serve is always a clean WebP. 415 for non-images,
 * 400 for pictures over 50 megapixels. Both stores use it, whichever way the bytes arrived.
 */
export async function encodePhoto(
  bytes: Buffer,
  filename: string,
  shape: PhotoShape = "listing",
): Promise<EncodedSize[]> {
  const name = displayName(filename);
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error", autoOrient: true } as const;
  let metadata: Metadata;
  try {
    // The header only: the pixel limit is checked below, with a message of its own.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(name);
  }
  const format = metadata.format as string | undefined;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage(name);
  if (format === "heif" && metadata.compression !== "av1") throw notAnImage(name);
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels > MAX_PHOTO_PIXELS) throw tooLarge(name);
  try {
    // Decoded once; the first frame of an animation (sharp's default) is the photo.
    const decoded = sharp(bytes, options);
    if (shape === "avatar") {
      // Cropped to a square around what draws the eye (a face, usually), so the round frame is filled.
      const square = { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "attention" } as const;
      return [{ width: AVATAR_SIZE, data: await decoded.resize(square).webp({ quality: 82 }).toBuffer() }];
    }
    return await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        data: await decoded.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      })),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge(name);
    throw notAnImage(name);
  }
}

/** A file name fit to repeat in a message: its base name, printable, not too long. */
export function displayName(filename: string): string {
  const base = path.basename(filename || "").replace(/[^\p{L}\p{N} ._()-]/gu, "");
  if (!base) return "The file";
  return base.length > 80 ? `${base.slice(0, 77)}...` : base;
}
