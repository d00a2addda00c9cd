import type { TProfilePhoto } from "../../common/schemas/account";
import type { TManagedPhoto } from "../../common/schemas/landlord-properties";
import type { TPhotoUploadRequest, TPhotoUploadTicket } from "../../common/schemas/photo-uploads";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PROPERTY } from "../../common/schemas/property-form";
import { type Actor, mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { badRequest, ConflictError, GoneError, notFound, PayloadTooLargeError } from "../lib/errors";
import {
  claimPhotoUpload,
  deleteExpiredPhotoUploads,
  findPhotoUpload,
  insertPhotoUpload,
} from "../repositories/photo-uploads.repository";
import { displayName, type PhotoShape } from "./photos/photo-encoding";
import { newPhotoKey, type PhotoStore, type StagedPhoto } from "./photos/photo-store";
import type { ProfilePhotoService } from "./profile-photo.service";
import { type LandlordPropertiesService, TOO_MANY_PHOTOS } from "./properties/landlord-listings.service";

/** How long a browser has to post the file and report it done: enough for 10 MB on a slow phone connection. */
export const UPLOAD_TICKET_SECONDS = 600;
/** Used and expired tickets are kept this long, so a late retry is told what happened rather than "unknown". */
const TICKETS_KEPT_MS = 86_400_000;

export const UPLOAD_ALREADY_USED = "This upload was already completed. Choose the photo again to add it once more.";
export const UPLOAD_EXPIRED = "This upload took too long and has expired. Choose the photo again to upload it.";
const TOO_LARGE = `A photo can be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`;

/**
 * Photos sent by browsers straight to the photo store (S3 mode): tickets for a listing the user may manage or for
 * their own profile photo, and their completion, where the app reads the upload back, checks and re-encodes it like any other, writes the row and
 * deletes what the browser sent. Every refusal leaves nothing stored.
 */
export class PhotoUploadsService {
  constructor(
    private readonly db: Database,
    private readonly store: PhotoStore,
    private readonly listings: LandlordPropertiesService,
    private readonly profilePhotos: ProfilePhotoService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A ticket for one file, or "form" when this server takes photos through the app. */
  async requestUpload(ref: string, user: Actor, input: TPhotoUploadRequest): Promise<TPhotoUploadTicket> {
    const property = await this.listings.manageable(ref, user);
    if (!this.store.directUploads) return { mode: "form" };
    if (property.photoCount >= MAX_PHOTOS_PER_PROPERTY) throw badRequest(TOO_MANY_PHOTOS);
    return this.issueTicket(user, property.id, input);
  }

  /** The browser's "done": the upload becomes a photo of the listing, or is refused and deleted. */
  async completeUpload(ref: string, user: Actor, uploadId: string): Promise<TManagedPhoto[]> {
    const property = await this.listings.manageable(ref, user);
    const staged = await this.receive(user, property.id, uploadId, "listing");
    return this.listings.addPhotos(property.id, [staged], []);
  }

  /** A ticket for the person's own profile photo, or "form" when this server takes photos through the app. */
  async requestProfilePhotoUpload(user: Actor, input: TPhotoUploadRequest): Promise<TPhotoUploadTicket> {
    if (!this.store.directUploads) return { mode: "form" };
    return this.issueTicket(user, null, input);
  }

  /** The browser's "done" for a profile photo: it replaces the person's photo, or is refused and deleted. */
  async completeProfilePhotoUpload(user: Actor, uploadId: string): Promise<TProfilePhoto> {
    const staged = await this.receive(user, null, uploadId, "avatar");
    return this.profilePhotos.replace(user, staged);
  }

  /** A single-use ticket for `propertyId`'s photos, or (null) the uploader's profile photo. */
  private async issueTicket(
    user: Actor,
    propertyId: number | null,
    input: TPhotoUploadRequest,
  ): Promise<TPhotoUploadTicket> {
    const direct = this.store.directUploads;
    if (!direct) return { mode: "form" };
    const id = newPhotoKey();
    const expiresAt = new Date(this.clock() + UPLOAD_TICKET_SECONDS * 1000);
    await insertPhotoUpload(this.db, {
      id,
      propertyId,
      userId: user.id,
      fileName: input.fileName,
      contentType: input.contentType,
      declaredBytes: input.size,
      expiresAt,
    });
    // Any size up to the limit: the declared one is for our checks, the store enforces the limit itself.
    const form = await direct.presign(id, {
      contentType: input.contentType,
      maxBytes: MAX_PHOTO_BYTES,
      expiresInSeconds: UPLOAD_TICKET_SECONDS,
    });
    return { mode: "direct", uploadId: id, url: form.url, fields: form.fields, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Claims the ticket and reads back what the browser sent, checked and re-encoded as `shape` and staged; the
   * caller keeps it with its rows. Whatever happens, what the browser sent is deleted.
   */
  private async receive(
    user: Actor,
    propertyId: number | null,
    uploadId: string,
    shape: PhotoShape,
  ): Promise<StagedPhoto> {
    const direct = this.store.directUploads;
    const ticket = await findPhotoUpload(this.db, uploadId);
    // Someone else's ticket, or one for another listing (or for a profile photo), is as unknown as one never issued.
    if (
      !direct ||
      !ticket ||
      ticket.propertyId !== propertyId ||
      !mayActOn(user, "update", "profile", { userId: ticket.userId })
    ) {
      throw notFound("Upload not found");
    }
    const now = new Date(this.clock());
    const forget = () => direct.delete(uploadId).catch(() => undefined);
    // The completion that claimed the ticket deletes the upload: a second "done" must not pull it from under it.
    if (ticket.usedAt) throw new ConflictError(UPLOAD_ALREADY_USED);
    if (ticket.expiresAt <= now) {
      await forget();
      throw new GoneError(UPLOAD_EXPIRED);
    }
    // Claimed before anything is read: a second "done" racing this one is refused here.
    if (!(await claimPhotoUpload(this.db, uploadId, now))) throw new ConflictError(UPLOAD_ALREADY_USED);
    try {
      const bytes = await direct.read(uploadId, MAX_PHOTO_BYTES);
      if (bytes === "missing") {
        throw badRequest(
          `${displayName(ticket.fileName)} did not reach the photo store. Choose it again to upload it.`,
        );
      }
      if (bytes === "too-large") throw new PayloadTooLargeError(TOO_LARGE);
      return await this.store.stage(bytes, ticket.fileName, shape);
    } finally {
      // Kept or refused, what the browser sent is no longer needed; the sweep job removes it should this fail.
      await forget();
    }
  }

  /** The sweep job: abandoned uploads in the store, and tickets long expired. */
  async sweep(): Promise<{ files: number; tickets: number }> {
    const now = this.clock();
    const files = await this.store.sweep(now);
    const tickets = await deleteExpiredPhotoUploads(this.db, new Date(now - TICKETS_KEPT_MS));
    return { files, tickets };
  }
}
