import type { FastifyBaseLogger } from "fastify";
import type { TProfilePhoto } from "../../common/schemas/account";
import { type Actor, mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { lockUser, updateUser } from "../repositories/users.repository";
import type { PhotoStore, StagedPhoto } from "./photos/photo-store";

/**
 * A person's own profile photo, the picture beside their name in the header, in conversations and in the team's
 * lists. It lives in the same photo store as listing photos (same checks, same serving), as one small square. A new
 * photo or a removal deletes the old file once the account no longer points at it, so nothing is kept that nobody
 * can see. A photo a provider gave at Google or Apple sign-in is an address, not a file of ours: it is only forgotten.
 */
export class ProfilePhotoService {
  constructor(
    private readonly db: Database,
    readonly store: PhotoStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The staged photo becomes the person's; the one it replaces is deleted from the store. */
  async replace(user: Actor, staged: StagedPhoto): Promise<TProfilePhoto> {
    const previous = await this.store.keepWith([staged], () => this.swap(user, staged.url));
    await this.forget(previous);
    return { profileImageUrl: staged.url, message: "Your photo has been saved." };
  }

  /** No photo: the initial shows again everywhere. */
  async remove(user: Actor): Promise<TProfilePhoto> {
    const previous = await this.swap(user, null);
    await this.forget(previous);
    return { profileImageUrl: null, message: "Your photo has been removed." };
  }

  /** Writes the new address under the account's row lock and answers the one it replaced. */
  private swap(user: Actor, url: string | null): Promise<string | null> {
    if (!mayActOn(user, "update", "profile", { userId: user.id })) throw notFound("Account not found");
    return this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, user.id);
      if (!locked) throw notFound("Account not found");
      await updateUser(tx, locked.id, { profileImageUrl: url });
      return locked.profileImageUrl;
    });
  }

  /**
   * Deletes the old file after the account stopped pointing at it (a new photo, a removal, a closed account). Should the store fail now, the change stands (the
   * person sees their new photo); the file is left unlinked at its random address and the failure is logged.
   */
  async forget(url: string | null): Promise<void> {
    if (!url) return;
    await this.store.remove([url]).catch((error: unknown) => {
      this.log.warn({ err: error, url }, "an old profile photo could not be deleted from the photo store");
    });
  }
}
