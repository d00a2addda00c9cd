import { z } from "zod";
import {
  CONVERSATION_KINDS,
  type ConversationKind,
  MANAGER_MESSAGE_BODY_MAX,
  MESSAGE_AUTHOR_SIDES,
  MESSAGE_BODY_MAX,
} from "../domain/messages";
import { ZPlainText } from "../schemas/plain-text";

/**
 * A conversation about a property and its messages, defined once for both kinds: a guest with the listing's host
 * side (`guest_host`), and an owner with the manager of one assignment (`owner_manager`). The answers of
 * /api/messages and /api/manager-threads are views of these fields (common/schemas/messages.ts and
 * property-management.ts); the database keeps both kinds in one table.
 */
export { CONVERSATION_KINDS, type ConversationKind, MESSAGE_AUTHOR_SIDES };

/** What someone may write: plain text, trimmed, at most the kind's length. */
const MESSAGE_BODY_LIMITS: Record<ConversationKind, number> = {
  guest_host: MESSAGE_BODY_MAX,
  owner_manager: MANAGER_MESSAGE_BODY_MAX,
};
export const messageBodyFor = (kind: ConversationKind) =>
  z.object({ body: ZPlainText("Message", 1, MESSAGE_BODY_LIMITS[kind]) });

/** A message as its reader gets it. */
export const messageRecordFields = {
  id: z.number().int(),
  /** A name fit for the other side: never an e-mail address where the sides are strangers. */
  authorName: z.string(),
  /** The side it was written from; the owner of a property writes as its host. */
  authorSide: z.enum(MESSAGE_AUTHOR_SIDES),
  /** Written by the reader. */
  mine: z.boolean(),
  /** As the reader may see it. */
  body: z.string(),
  /** Something in the body was hidden from the reader (contact details before a guest's confirmed booking). */
  masked: z.boolean(),
  createdAt: z.string(),
};
export const ZMessageRecord = z.object(messageRecordFields);

/** A conversation's latest message, as a list shows it. */
export const ZLastMessage = ZMessageRecord.pick({ body: true, createdAt: true, mine: true }).nullable();

/** What every list entry of either kind carries besides who and what it is about. */
export const conversationListFields = {
  lastMessage: ZLastMessage,
  /** Messages from the other side(s) the reader has not read yet. */
  unread: z.number().int(),
};
