import type { Database } from "../../db/client";
import type { Outbox } from "../messaging/outbox";
import { GuestHostConversations } from "./guest-host";
import { OwnerManagerConversations } from "./owner-manager";

/**
 * Conversations about a property, one model with two kinds: a guest with the listing's host side, and an owner with
 * the manager of one assignment. They share storage, reading, writing and notices (./conversation-core.ts); each
 * kind decides who its parties are and what they see.
 */
export class ConversationsService {
  readonly guestHost: GuestHostConversations;
  readonly ownerManager: OwnerManagerConversations;

  constructor(db: Database, outbox: Outbox, publicUrl: string) {
    this.guestHost = new GuestHostConversations(db, outbox, publicUrl);
    this.ownerManager = new OwnerManagerConversations(db, outbox, publicUrl);
  }
}

export { CONVERSATION_NOT_FOUND, MANAGED_LISTING, OWN_LISTING } from "./guest-host";
export { THREAD_ENDED, THREAD_NOT_FOUND } from "./owner-manager";
