import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PHOTO_WIDTHS, storedPhotoKey, uploadedAvatarUrl, uploadedPhotoUrl } from "../../../common/domain/photo-sizes";
import { encodePhoto, type PhotoShape } from "./photo-encoding";

export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}$/;
/** The serving path of a stored file: /<key>/<width>.webp, and nothing else (no staging, no listings). */
export const SERVABLE_PHOTO_PATH = new RegExp(`^/[0-9a-f]{32}/(${PHOTO_WIDTHS.join("|")})\\.webp$`);

/** Staged uploads older than this were abandoned (a crash, a closed tab): the sweep removes them. */
export const ABANDONED_AFTER_MS = 3_600_000;

/** A photo checked and re-encoded, not yet visible: `keepWith` puts it in place with its rows. */
export type StagedPhoto = { key: string; url: string };

/** One stored size of a photo, as the photo route streams it. */
export type PhotoFile = { body: Readable; length?: number; etag?: string; lastModified?: Date };

/** Where /media/photos/ is answered from: a folder the static handler serves, or the store read file by file. */
export type PhotoServing =
  | { kind: "folder"; dir: string }
  | {
      kind: "reader";
      /** The file, "not-modified" when `ifNoneMatch` names it, null when there is none. */
      open: (key: string, width: number, ifNoneMatch?: string) => Promise<PhotoFile | "not-modified" | null>;
    };

/** Browsers sending a photo straight to the store: a presigned POST to `uploads/<id>`, read back on completion. */
export interface DirectUploads {
  /** The origin browsers post to (the CSP's connect-src must allow it). */
  readonly origin: string;
  /** A form the browser posts the file with: the store itself refuses another content type, size, or a late post. */
  presign(
    id: string,
    limits: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** The uploaded bytes; "missing" when nothing arrived, "too-large" (without reading it) past `maxBytes`. */
  read(id: string, maxBytes: number): Promise<Buffer | "missing" | "too-large">;
  delete(id: string): Promise<void>;
}

/**
 * Uploaded photos as `<key>/{480,960,1600}.webp`, on local disk or in an S3-compatible bucket. Every photo is
 * checked and re-encoded by `stage` (photo-encoding.ts); keys are random and never reused, so a file is cached for
 * a year. A staged photo becomes visible only with its database rows (`keepWith`), so a failed request leaves
 * nothing behind.
 */
export interface PhotoStore {
  readonly kind: "local" | "s3";
  readonly serving: PhotoServing;
  /** Null when browsers send photos through the app (multipart), as with local disk. */
  readonly directUploads: DirectUploads | null;
  /** At start: makes sure the store can be used, and clears what a crash left behind. */
  prepare(now?: number): Promise<void>;
  /**
   * Checks and re-encodes one upload: a listing photo in every width, or a profile photo as one small square.
   * 415 for non-images, 400 for oversized pictures.
   */
  stage(bytes: Buffer, filename: string, shape?: PhotoShape): Promise<StagedPhoto>;
  /**
   * Puts the staged photos in place, then runs `work` (the transaction writing their rows). Files first: a committed
   * row then never points at a missing file; if `work` fails, the files are dropped again (until then they sit at
   * random, unlinked addresses).
   */
  keepWith<T>(staged: readonly StagedPhoto[], work: () => Promise<T>): Promise<T>;
  /** Forgets staged photos (the request failed), whether still staged or already put in place. */
  discard(staged: readonly StagedPhoto[]): Promise<void>;
  /** Deletes every size of uploaded photos by url; urls of photos added by address are ignored. */
  remove(urls: readonly string[]): Promise<void>;
  /** Removes staged uploads abandoned more than an hour before `now`; answers how many went. */
  sweep(now?: number): Promise<number>;
  /**
   * Private documents (a landlord's certificates): kept as given under a new random key, never served under
   * /media; the app reads one back for whoever may see it.
   */
  putDocument(bytes: Buffer): Promise<string>;
  /** A document's bytes, or null when there is none. */
  readDocument(key: string): Promise<Buffer | null>;
  removeDocument(key: string): Promise<void>;
}

/** The keys of uploaded photos among `urls` (photos added by address have none). */
export function uploadedKeys(urls: readonly string[]): string[] {
  return urls.map(storedPhotoKey).filter((key): key is string => key !== null && PHOTO_KEY_PATTERN.test(key));
}

export const newPhotoKey = () => randomBytes(16).toString("hex");

/** Where a staged photo will be served: a listing photo's url names its largest size, a profile photo its only one. */
export const stagedPhotoUrl = (key: string, shape: PhotoShape = "listing") =>
  shape === "avatar" ? uploadedAvatarUrl(key) : uploadedPhotoUrl(key);

/**
 * The embedded default: `<root>/<key>/`, served by the static handler. Photos are first written to `<root>/.staging`
 * and moved into place once the rows are about to be written.
 */
export class LocalPhotoStore implements PhotoStore {
  readonly kind = "local";
  readonly directUploads = null;
  readonly serving: PhotoServing;
  private readonly stagingDir: string;

  constructor(readonly root: string) {
    this.stagingDir = path.join(root, ".staging");
    this.serving = { kind: "folder", dir: root };
  }

  /**
   * Makes the folder (so the static handler has one to serve) and clears what a crash left in staging. Only entries
   * older than an hour go: another instance sharing the folder may be mid-upload.
   */
  async prepare(now = Date.now()): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    await this.sweep(now);
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    let entries: string[];
    try {
      entries = await readdir(this.stagingDir);
    } catch {
      return 0;
    }
    for (const entry of entries) {
      const full = path.join(this.stagingDir, entry);
      const { mtimeMs } = await stat(full).catch(() => ({ mtimeMs: now }));
      if (now - mtimeMs > ABANDONED_AFTER_MS) {
        await rm(full, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  async stage(bytes: Buffer, filename: string, shape: PhotoShape = "listing"): Promise<StagedPhoto> {
    const sizes = await encodePhoto(bytes, filename, shape);
    const key = newPhotoKey();
    const dir = path.join(this.stagingDir, key);
    await mkdir(dir, { recursive: true });
    try {
      await Promise.all(sizes.map(({ width, data }) => writeFile(path.join(dir, `${width}.webp`), data)));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return { key, url: stagedPhotoUrl(key, shape) };
  }

  /** Moves staged photos into place (just before their rows are written). */
  private async commit(staged: readonly StagedPhoto[]): Promise<void> {
    if (staged.length === 0) return;
    await mkdir(this.root, { recursive: true });
    for (const photo of staged) {
      await rename(path.join(this.stagingDir, photo.key), path.join(this.root, photo.key));
    }
  }

  async keepWith<T>(staged: readonly StagedPhoto[], work: () => Promise<T>): Promise<T> {
    try {
      await this.commit(staged);
      return await work();
    } catch (error) {
      await this.discard(staged);
      throw error;
    }
  }

  async discard(staged: readonly StagedPhoto[]): Promise<void> {
    await Promise.all(
      staged.flatMap((photo) => [
        rm(path.join(this.stagingDir, photo.key), { recursive: true, force: true }),
        rm(path.join(this.root, photo.key), { recursive: true, force: true }),
      ]),
    );
  }

  async remove(urls: readonly string[]): Promise<void> {
    await Promise.all(uploadedKeys(urls).map((key) => rm(path.join(this.root, key), { recursive: true, force: true })));
  }

  /** Beside the photos' folder, not inside it: the static handler must never serve a document. */
  private documentPath(key: string): string {
    if (!PHOTO_KEY_PATTERN.test(key)) throw new Error("not a document key");
    return path.join(path.dirname(this.root), "documents", key);
  }

  async putDocument(bytes: Buffer): Promise<string> {
    const key = newPhotoKey();
    const file = this.documentPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return key;
  }

  async readDocument(key: string): Promise<Buffer | null> {
    return readFile(this.documentPath(key)).catch(() => null);
  }

  async removeDocument(key: string): Promise<void> {
    await rm(this.documentPath(key), { force: true });
  }
}
