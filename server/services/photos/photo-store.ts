import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { PHOTO_WIDTHS, uploadedPhotoKey, uploadedPhotoUrl } from "../../../common/domain/photo-sizes";
import { AppError } from "../../lib/errors";

/** A decoded photo may have at most this many pixels: a small file must not unpack into gigabytes. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Content types we take, by what sharp reads from the bytes (AVIF reads as heif with av1 compression). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

const KEY_PATTERN = /^[0-9a-f]{32}$/;
/** The serving path of a stored file: /<key>/<width>.webp, and nothing else (no staging, no listings). */
export const SERVABLE_PHOTO_PATH = new RegExp(`^/[0-9a-f]{32}/(${PHOTO_WIDTHS.join("|")})\\.webp$`);

/** A photo re-encoded into the staging area, not yet visible: `commit` moves it into place. */
export type StagedPhoto = { key: string; url: string };

const notAnImage = (filename: string) =>
  new AppError(415, `${filename} is not an image we can use: upload a JPEG, PNG, WebP or AVIF photo`);

/**
 * Uploaded photos under `<root>/<key>/{480,960,1600}.webp`. The type is read from the bytes, never
 * from the name; every photo is decoded and re-encoded (turned upright, metadata such as GPS dropped),
 * so what we serve is always a clean WebP. Keys are random and never reused, which lets the files be
 * cached for a year. Photos are first written to `<root>/.staging` and only moved into place once the
 * database rows exist (`commit`), so a failed request leaves nothing behind.
 */
export class PhotoStore {
  private readonly stagingDir: string;

  constructor(readonly root: string) {
    this.stagingDir = path.join(root, ".staging");
  }

  /**
   * At start: makes the folder (so the static handler has one to serve) and clears what a crash left in
   * staging. Only entries older than an hour go: another instance sharing the folder may be mid-upload.
   */
  async prepare(now = Date.now()): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    for (const entry of await readdir(this.stagingDir)) {
      const full = path.join(this.stagingDir, entry);
      const { mtimeMs } = await stat(full);
      if (now - mtimeMs > 3_600_000) await rm(full, { recursive: true, force: true });
    }
  }

  /** Checks and re-encodes one upload into the staging area. 415 for non-images, 400 for oversized pictures. */
  async stage(bytes: Buffer, filename: string): Promise<StagedPhoto> {
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
    if (pixels > MAX_PHOTO_PIXELS) {
      throw new AppError(400, `${name} is too large a picture: at most 50 megapixels`);
    }

    const key = randomBytes(16).toString("hex");
    const dir = path.join(this.stagingDir, key);
    await mkdir(dir, { recursive: true });
    try {
      // Decoded once; the first frame of an animation (sharp's default) is the photo.
      const decoded = sharp(bytes, options);
      await Promise.all(
        PHOTO_WIDTHS.map((width) =>
          decoded
            .clone()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 82 })
            .toFile(path.join(dir, `${width}.webp`)),
        ),
      );
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new AppError(400, `${name} is too large a picture: at most 50 megapixels`);
      }
      throw notAnImage(name);
    }
    return { key, url: uploadedPhotoUrl(key) };
  }

  /** Moves staged photos into place (just before their rows are written). */
  async commit(staged: readonly StagedPhoto[]): Promise<void> {
    if (staged.length === 0) return;
    await mkdir(this.root, { recursive: true });
    for (const photo of staged) {
      await rename(path.join(this.stagingDir, photo.key), path.join(this.root, photo.key));
    }
  }

  /**
   * Moves the staged photos into place, then runs `work` (the transaction writing their rows). Files first: a
   * committed row then never points at a missing file; if `work` fails, the files are dropped again (until then
   * they sit at random, unlinked addresses).
   */
  async keepWith<T>(staged: readonly StagedPhoto[], work: () => Promise<T>): Promise<T> {
    try {
      await this.commit(staged);
      return await work();
    } catch (error) {
      await this.discard(staged);
      throw error;
    }
  }

  /** Forgets staged photos (the request failed), whether still staged or already moved into place. */
  async discard(staged: readonly StagedPhoto[]): Promise<void> {
    await Promise.all(
      staged.flatMap((photo) => [
        rm(path.join(this.stagingDir, photo.key), { recursive: true, force: true }),
        rm(path.join(this.root, photo.key), { recursive: true, force: true }),
      ]),
    );
  }

  /** Deletes the files of uploaded photos by url; urls of photos added by address are ignored. */
  async remove(urls: readonly string[]): Promise<void> {
    const keys = urls.map(uploadedPhotoKey).filter((key): key is string => key !== null && KEY_PATTERN.test(key));
    await Promise.all(keys.map((key) => rm(path.join(this.root, key), { recursive: true, force: true })));
  }
}

/** A file name fit to repeat in a message: its base name, printable, not too long. */
function displayName(filename: string): string {
  const base = path.basename(filename || "").replace(/[^\p{L}\p{N} ._()-]/gu, "");
  if (!base) return "The file";
  return base.length > 80 ? `${base.slice(0, 77)}...` : base;
}
