import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { PHOTO_WIDTHS } from "../../../common/domain/photo-sizes";
import type { S3Settings } from "../../config/env";
import { type EncodedSize, encodePhoto, type PhotoShape } from "./photo-encoding";
import {
  ABANDONED_AFTER_MS,
  type DirectUploads,
  newPhotoKey,
  type PhotoFile,
  type PhotoServing,
  type PhotoStore,
  type StagedPhoto,
  stagedPhotoUrl,
  uploadedKeys,
} from "./photo-store";

/** Private documents (certificates): `documents/<key>`, never streamed by the photo route. */
const documentObject = (key: string) => `documents/${key}`;

/** Stored photos: `photos/<key>/<width>.webp`. */
const PHOTOS_PREFIX = "photos/";
/** What browsers post straight to the store, until the app has checked and re-encoded it. */
const UPLOADS_PREFIX = "uploads/";
const IMMUTABLE = "public, max-age=31536000, immutable";

const photoObject = (key: string, width: number) => `${PHOTOS_PREFIX}${key}/${width}.webp`;
const uploadObject = (id: string) => `${UPLOADS_PREFIX}${id}`;

function clientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ["NoSuchKey", "NotFound"].includes((error as { name?: string })?.name ?? "");

/**
 * Photos in an S3-compatible bucket, so that every app instance serves and deletes the same files. A staged photo
 * stays in memory (three WebP files, well under a megabyte each) until `keepWith` writes it under its final key.
 */
export class S3PhotoStore implements PhotoStore {
  readonly kind = "s3";
  readonly serving: PhotoServing;
  readonly directUploads: DirectUploads;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly staged = new Map<string, EncodedSize[]>();

  private constructor(settings: S3Settings, uploadOrigin: string, presigner: S3Client) {
    this.client = clientFor(settings, settings.endpoint);
    this.bucket = settings.bucket;
    this.serving = { kind: "reader", open: (key, width, etag) => this.open(key, width, etag) };
    this.directUploads = {
      origin: uploadOrigin,
      presign: (id, limits) =>
        createPresignedPost(presigner, {
          Bucket: this.bucket,
          Key: uploadObject(id),
          Conditions: [
            ["content-length-range", 1, limits.maxBytes],
            ["eq", "$Content-Type", limits.contentType],
          ],
          Fields: { "Content-Type": limits.contentType },
          Expires: limits.expiresInSeconds,
        }),
      read: (id, maxBytes) => this.readUpload(id, maxBytes),
      delete: (id) => this.deleteObjects([uploadObject(id)]),
    };
  }

  /** The store for `settings`; presigned forms point at S3_PUBLIC_ENDPOINT when browsers reach the store there. */
  static async create(settings: S3Settings): Promise<S3PhotoStore> {
    const presigner = clientFor(settings, settings.publicEndpoint ?? settings.endpoint);
    // The SDK decides the address (path or virtual-host style, the region's host): ask it rather than guess.
    const sample = await createPresignedPost(presigner, { Bucket: settings.bucket, Key: "origin", Expires: 60 });
    return new S3PhotoStore(settings, new URL(sample.url).origin, presigner);
  }

  /** At start: the bucket must answer, or the app would take uploads it cannot keep. */
  async prepare(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(`The photo bucket ${this.bucket} cannot be reached (${statusOf(error) ?? String(error)})`);
    }
  }

  async stage(bytes: Buffer, filename: string, shape: PhotoShape = "listing"): Promise<StagedPhoto> {
    const sizes = await encodePhoto(bytes, filename, shape);
    const key = newPhotoKey();
    this.staged.set(key, sizes);
    return { key, url: stagedPhotoUrl(key, shape) };
  }

  async keepWith<T>(staged: readonly StagedPhoto[], work: () => Promise<T>): Promise<T> {
    try {
      await Promise.all(staged.map((photo) => this.write(photo.key)));
      return await work();
    } catch (error) {
      await this.discard(staged);
      throw error;
    } finally {
      for (const photo of staged) this.staged.delete(photo.key);
    }
  }

  private async write(key: string): Promise<void> {
    const sizes = this.staged.get(key);
    if (!sizes) throw new Error(`photo ${key} was not staged`);
    await Promise.all(
      sizes.map(({ width, data }) =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: photoObject(key, width),
            Body: data,
            ContentType: "image/webp",
            CacheControl: IMMUTABLE,
          }),
        ),
      ),
    );
  }

  async discard(staged: readonly StagedPhoto[]): Promise<void> {
    for (const photo of staged) this.staged.delete(photo.key);
    await this.deleteKeys(staged.map((photo) => photo.key));
  }

  async remove(urls: readonly string[]): Promise<void> {
    await this.deleteKeys(uploadedKeys(urls));
  }

  private deleteKeys(keys: readonly string[]): Promise<void> {
    return this.deleteObjects(keys.flatMap((key) => PHOTO_WIDTHS.map((width) => photoObject(key, width))));
  }

  private async deleteObjects(objects: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1,000 keys a call.
    for (let start = 0; start < objects.length; start += 1000) {
      const batch = objects.slice(start, start + 1000);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.filter((e) => e.Code !== "NoSuchKey") ?? [];
      if (failed.length > 0) throw new Error(`could not delete ${failed.map((e) => e.Key).join(", ")}`);
    }
  }

  /** Browser uploads that were never completed (their ticket has long expired). */
  async sweep(now = Date.now()): Promise<number> {
    const old: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: UPLOADS_PREFIX, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && now - object.LastModified.getTime() > ABANDONED_AFTER_MS) {
          old.push(object.Key);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    await this.deleteObjects(old);
    return old.length;
  }

  private async open(key: string, width: number, ifNoneMatch?: string): Promise<PhotoFile | "not-modified" | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: photoObject(key, width), IfNoneMatch: ifNoneMatch }),
      );
      return {
        body: answer.Body as Readable,
        length: answer.ContentLength,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (statusOf(error) === 304) return "not-modified";
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async putDocument(bytes: Buffer): Promise<string> {
    const key = newPhotoKey();
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: documentObject(key), Body: bytes }));
    return key;
  }

  async readDocument(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: documentObject(key) }));
      return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async removeDocument(key: string): Promise<void> {
    await this.deleteObjects([documentObject(key)]);
  }

  private async readUpload(id: string, maxBytes: number): Promise<Buffer | "missing" | "too-large"> {
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: uploadObject(id) }));
    } catch (error) {
      if (isMissing(error)) return "missing";
      throw error;
    }
    const body = answer.Body as Readable;
    if ((answer.ContentLength ?? 0) > maxBytes) {
      body.destroy();
      return "too-large";
    }
    // The length header is the store's word; the bytes are counted too.
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of body) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        body.destroy();
        return "too-large";
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
}
