import { RESPONSE_STATS } from "../../../common/domain/messages";
import type {
  TEnquiryStarted,
  THostResponse,
  TPostMessage,
  TStartEnquiry,
  TThread,
  TThreadMessage,
  TThreadSummary,
  TUnreadCount,
} from "../../../common/schemas/messages";
import { type Actor, type ThreadSide, threadListScope, threadSide } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { maskContactDetails } from "../../lib/contact-details";
import { ConflictError, notFound } from "../../lib/errors";
import { publicGuestName } from "../../lib/person-names";
import { parsePropertyRef } from "../../lib/property-ref";
import {
  countUnreadFor,
  ensureBookingThread,
  ensureEnquiryThread,
  findBookingParties,
  findBookingThreadId,
  findGuestHostFacts,
  findGuestHostSummaries,
  findResponseFigures,
  type GuestHostFactsRow,
  lockGuestHostThread,
  type MessageRow,
} from "../../repositories/conversations.repository";
import { findPropertyOwnership } from "../../repositories/properties/ownership.repository";
import { conversationLetter } from "../messaging/email-templates";
import type { Email } from "../messaging/messenger";
import type { Outbox } from "../messaging/outbox";
import { type Recipient, readConversation, writeMessage } from "./conversation-core";

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const OWN_LISTING =
  "This is your own listing: guests' questions about it arrive in your Messages, where you can answer them.";
export const MANAGED_LISTING =
  "You manage this listing: guests' questions about it arrive in your Messages, where you can answer them.";

const factsOf = (t: GuestHostFactsRow) => ({ guestId: t.guest_id, ownerId: t.owner_id, managerId: t.manager_id });

/** Guests and hosts see each other by first name and initial; the host side is its owner's name, as on the listing. */
const guestName = (t: GuestHostFactsRow) => publicGuestName(t.guest_first_name, t.guest_last_name);
const hostName = (t: GuestHostFactsRow) => {
  const name = publicGuestName(t.owner_first_name, t.owner_last_name);
  return name === "Guest" ? "Your host" : name;
};

/** A party to a guest–host conversation, as a notice addresses them. */
type PartyOf = Recipient & { side: ThreadSide };

const SIDE_LABELS: Record<ThreadSide, string> = { guest: "guest", host: "host", manager: "property manager" };

/** Whether the viewer and the author are on opposite sides (the guest, or the host's side). */
const acrossSides = (a: ThreadSide, b: ThreadSide) => (a === "guest") !== (b === "guest");

/**
 * Conversations between a guest and a listing's host side: the listing's owner and, while one is assigned, its
 * manager. An enquiry per listing and guest before booking, one conversation per booking after. Contact details
 * are hidden across sides until the guest has a confirmed booking of the listing, at each reading, so they appear
 * once it is confirmed. A message the other parties have not read yet is unread for them; the first of a burst is
 * e-mailed to them through the outbox, written with the message.
 */
export class GuestHostConversations {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
  ) {}

  private summaryBase(t: GuestHostFactsRow, side: ThreadSide) {
    return {
      id: t.id,
      viewerSide: side,
      property: { id: t.property_id, slug: t.property_slug, title: t.property_title, city: t.property_city },
      otherParty:
        side === "guest"
          ? { name: hostName(t), role: "host" as const }
          : { name: guestName(t), role: "guest" as const },
      booking:
        t.booking_id === null || t.booking_check_in === null || t.booking_check_out === null || !t.booking_status
          ? null
          : { id: t.booking_id, checkIn: t.booking_check_in, checkOut: t.booking_check_out, status: t.booking_status },
    };
  }

  /** The body as `side` may read it: hidden details across sides until a confirmed booking. */
  private bodyFor(
    t: GuestHostFactsRow,
    side: ThreadSide,
    author: { id: number; side: ThreadSide },
    viewerId: number,
    body: string,
  ) {
    if (t.details_shared || author.id === viewerId || !acrossSides(side, author.side)) return { body, masked: false };
    const hidden = maskContactDetails(body);
    return { body: hidden.text, masked: hidden.masked };
  }

  private message(t: GuestHostFactsRow, side: ThreadSide, row: MessageRow, viewer: Actor): TThreadMessage {
    const { body, masked } = this.bodyFor(t, side, { id: row.author_id, side: row.author_side }, viewer.id, row.body);
    return {
      id: row.id,
      authorName: publicGuestName(row.first_name, row.last_name),
      authorSide: row.author_side,
      mine: row.author_id === viewer.id,
      body,
      masked,
      createdAt: row.created_at,
    };
  }

  /** GET /api/messages/threads: the viewer's conversations, the latest first, one page. */
  async findThreads(user: Actor, page: { page: number; pageSize: number }) {
    const { rows, total } = await findGuestHostSummaries(this.db, threadListScope(user), user.id, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    });
    const items: TThreadSummary[] = rows.map((row) => {
      const side = threadSide(user, factsOf(row));
      const last =
        row.last_body === null || row.last_at === null || row.last_author_id === null || row.last_author_side === null
          ? null
          : {
              body: this.bodyFor(
                row,
                side,
                { id: row.last_author_id, side: row.last_author_side },
                user.id,
                row.last_body,
              ).body,
              createdAt: row.last_at,
              mine: row.last_author_id === user.id,
            };
      return { ...this.summaryBase(row, side), lastMessage: last, unread: row.unread };
    });
    return { items, total };
  }

  /** GET /api/messages/unread: for the header's badge. */
  async unreadCount(user: Actor): Promise<TUnreadCount> {
    return countUnreadFor(this.db, threadListScope(user), user.id);
  }

  /** GET /api/messages/threads/{id}: the messages, oldest first; the viewer has now read them all. */
  async getThread(user: Actor, threadId: number): Promise<TThread> {
    const thread = await findGuestHostFacts(this.db, threadId);
    if (!thread) throw notFound(CONVERSATION_NOT_FOUND);
    const side = threadSide(user, factsOf(thread), CONVERSATION_NOT_FOUND);
    const rows = await readConversation(this.db, threadId, user.id);
    return {
      ...this.summaryBase(thread, side),
      detailsShared: thread.details_shared,
      messages: rows.map((row) => this.message(thread, side, row, user)),
    };
  }

  /** POST /api/messages/threads/{id}/messages: any of the parties writes to the others. */
  async postMessage(user: Actor, threadId: number, input: TPostMessage): Promise<TThreadMessage> {
    return this.db.transaction(async (tx) => this.write(tx, user, threadId, input.body));
  }

  /**
   * POST /api/messages/enquiries: a question about a listing before booking it, in the guest's one enquiry about
   * it (started by the first question). The listing's owner and manager answer it; they cannot ask themselves.
   */
  async startEnquiry(user: Actor, input: TStartEnquiry): Promise<TEnquiryStarted> {
    const property = await findPropertyOwnership(this.db, { id: input.propertyId });
    if (!property?.isActive) throw notFound("Property not found");
    return this.db.transaction(async (tx) => {
      const threadId = await ensureEnquiryThread(tx, property.id, user.id);
      const facts = await findGuestHostFacts(tx, threadId);
      if (facts?.owner_id === user.id) throw new ConflictError(OWN_LISTING);
      if (facts?.manager_id === user.id) throw new ConflictError(MANAGED_LISTING);
      const message = await this.write(tx, user, threadId, input.body);
      return { threadId, message };
    });
  }

  /**
   * POST /api/messages/bookings/{id}/thread: the booking's conversation, started by whichever party opens it first.
   * Its guest, the listing's owner and its manager; anyone else gets the 404 of a booking that does not exist.
   */
  async bookingThread(user: Actor, bookingId: number): Promise<{ threadId: number; created: boolean }> {
    const booking = await findBookingParties(this.db, bookingId);
    if (!booking) throw notFound("Booking not found");
    threadSide(
      user,
      { guestId: booking.guest_id, ownerId: booking.owner_id, managerId: booking.manager_id },
      "Booking not found",
    );
    // Read first, so opening an existing conversation writes nothing.
    const found = await findBookingThreadId(this.db, bookingId);
    if (found !== undefined) return { threadId: found, created: false };
    const threadId = await ensureBookingThread(this.db, {
      id: booking.id,
      propertyId: booking.property_id,
      guestId: booking.guest_id,
    });
    return { threadId, created: true };
  }

  /**
   * GET /api/properties/{id}/host-response: how the listing's host side answers enquiries, from the enquiries
   * themselves; no figures below the minimum, so a listing never shows a number that one conversation decides.
   */
  async hostResponse(propertyRef: string): Promise<THostResponse> {
    const ref = parsePropertyRef(propertyRef);
    const property = ref && (await findPropertyOwnership(this.db, ref));
    if (!property?.isActive) throw notFound("Property not found");
    const figures = await findResponseFigures(this.db, property.id);
    if (figures.enquiries < RESPONSE_STATS.minThreads) {
      return { enquiries: figures.enquiries, responseRate: null, medianResponseMinutes: null };
    }
    return {
      enquiries: figures.enquiries,
      responseRate: Math.round((100 * figures.answered_in_time) / figures.enquiries),
      medianResponseMinutes: figures.median_seconds === null ? null : Math.round(figures.median_seconds / 60),
    };
  }

  /** Writes one message in `tx`, the thread's row held, and the writer's side checked again on what the lock guards. */
  private async write(tx: Tx, user: Actor, threadId: number, body: string): Promise<TThreadMessage> {
    const thread = await lockGuestHostThread(tx, threadId);
    if (!thread) throw notFound(CONVERSATION_NOT_FOUND);
    const side = threadSide(user, factsOf(thread), CONVERSATION_NOT_FOUND);
    const row = await writeMessage(
      tx,
      this.outbox,
      { threadId, authorId: user.id, authorSide: side, body },
      this.parties(thread),
      (recipient, written) => this.notice(thread, recipient, { id: user.id, side }, written),
    );
    return this.message(thread, side, row, user);
  }

  private parties(t: GuestHostFactsRow): PartyOf[] {
    const people: PartyOf[] = [
      { id: t.guest_id, side: "guest", email: t.guest_email, firstName: t.guest_first_name },
      { id: t.owner_id, side: "host", email: t.owner_email, firstName: t.owner_first_name },
    ];
    if (t.manager_id !== null && t.manager_email !== null) {
      people.push({ id: t.manager_id, side: "manager", email: t.manager_email, firstName: t.manager_first_name });
    }
    return people;
  }

  private notice(
    t: GuestHostFactsRow,
    recipient: PartyOf,
    author: { id: number; side: ThreadSide },
    row: MessageRow,
  ): Email {
    const { body } = this.bodyFor(t, recipient.side, author, recipient.id, row.body);
    const authorName = `${publicGuestName(row.first_name, row.last_name)} (${SIDE_LABELS[author.side]})`;
    const context = t.booking_id === null ? t.property_title : `the stay at ${t.property_title}`;
    return conversationLetter(
      { email: recipient.email, firstName: recipient.firstName },
      { authorName, propertyTitle: t.property_title, body, context },
      `${this.publicUrl}/messages/${t.id}`,
    );
  }
}
