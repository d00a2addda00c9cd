import { z } from "zod";
import { BOOKING_STATUSES } from "../domain/property-options";
import { conversationListFields, MESSAGE_AUTHOR_SIDES, messageBodyFor, ZMessageRecord } from "../entities/conversation";
import { ZBodyId, ZUrlId } from "./ids";
import { ZPageQuery } from "./paging";

/**
 * /api/messages: guest–host conversations (common/entities/conversation.ts), between a guest and a listing's host
 * side (its owner and, while one is assigned, its manager): an enquiry per listing and guest before booking, a
 * conversation per booking after.
 */

export const ZMessageThreadParams = z.object({ threadId: ZUrlId("Conversation id") });
export const ZMessageBookingParams = z.object({ bookingId: ZUrlId("Booking id") });

/** POST /api/messages/threads/{threadId}/messages: plain text, 1 to 4,000 characters once trimmed. */
export const ZPostMessage = messageBodyFor("guest_host");
export type TPostMessage = z.infer<typeof ZPostMessage>;

/** POST /api/messages/enquiries: the first (or a further) question about a listing, before booking it. */
export const ZStartEnquiry = ZPostMessage.extend({ propertyId: ZBodyId("Property id") });
export type TStartEnquiry = z.infer<typeof ZStartEnquiry>;

export const THREAD_SIDES = MESSAGE_AUTHOR_SIDES;

/** authorName is "Gina G.": a first name and an initial. */
export const ZThreadMessage = ZMessageRecord;
export type TThreadMessage = z.infer<typeof ZThreadMessage>;

/** One conversation in the viewer's inbox (GET /api/messages/threads). */
export const ZThreadSummary = z.object({
  id: z.number().int(),
  /** Which side the viewer is on. */
  viewerSide: z.enum(THREAD_SIDES),
  property: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), city: z.string() }),
  /** The guest for the host side; the host (owner's first name) for the guest. */
  otherParty: z.object({ name: z.string(), role: z.enum(["guest", "host"]) }),
  /** Null for an enquiry; the stay for a booking's conversation. */
  booking: z
    .object({
      id: z.number().int(),
      checkIn: z.string(),
      checkOut: z.string(),
      status: z.enum(BOOKING_STATUSES),
    })
    .nullable(),
  ...conversationListFields,
});
export type TThreadSummary = z.infer<typeof ZThreadSummary>;
export const ZThreadSummaries = z.array(ZThreadSummary);

export const ZInboxQuery = ZPageQuery.pick({ page: true, pageSize: true });

/** GET /api/messages/threads/{threadId}: the messages, oldest first (reading it marks them read). */
export const ZThread = ZThreadSummary.omit({ lastMessage: true, unread: true }).extend({
  /** Contact details are shown: the guest has a confirmed booking of the listing. */
  detailsShared: z.boolean(),
  messages: z.array(ZThreadMessage),
});
export type TThread = z.infer<typeof ZThread>;

/** GET /api/messages/unread: what the header's badge shows. */
export const ZUnreadCount = z.object({ unread: z.number().int(), threads: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** POST /api/messages/enquiries answer: the conversation, and the message as its writer sees it. */
export const ZEnquiryStarted = z.object({ threadId: z.number().int(), message: ZThreadMessage });
export type TEnquiryStarted = z.infer<typeof ZEnquiryStarted>;

/** POST /api/messages/bookings/{bookingId}/thread answer. */
export const ZBookingThread = z.object({ threadId: z.number().int() });

/**
 * GET /api/properties/{id}/host-response: how the host answers enquiries, or null figures when there are too few
 * to say (never an invented number).
 */
export const ZHostResponse = z.object({
  /** Enquiries counted: started in the window and at least a day old. */
  enquiries: z.number().int(),
  /** Share answered within the day, 0 to 100, whole; null below the minimum. */
  responseRate: z.number().int().nullable(),
  /** Median minutes to the host's first answer, over the answered ones; null below the minimum or if none. */
  medianResponseMinutes: z.number().int().nullable(),
});
export type THostResponse = z.infer<typeof ZHostResponse>;
