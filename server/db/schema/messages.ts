import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CONVERSATION_KINDS, MESSAGE_AUTHOR_SIDES, MESSAGE_BODY_MAX } from "../../../common/domain/messages";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { propertyManagerAssignments } from "./maintenance";
import { properties } from "./properties";
import { users } from "./users";

/**
 * A conversation about a property, of one of two kinds:
 * - `guest_host`: a guest and the listing's host side (its owner, and its manager while one is assigned). Without a
 *   booking it is the guest's enquiry about the listing, one per listing and guest; with one it is about that stay,
 *   one per booking.
 * - `owner_manager`: the property's owner and the manager of one assignment, one per assignment; it stays readable
 *   after the assignment ends.
 * Who may read it is decided from the listing, the guest and the assignment at each request, so a manager whose
 * assignment ends is shut out of guests' conversations at once.
 */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: idColumn(),
    kind: text("kind", { enum: CONVERSATION_KINDS }).notNull().default("guest_host"),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    guestId: integer("guest_id").references(() => users.id, { onDelete: "restrict" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    assignmentId: integer("assignment_id").references(() => propertyManagerAssignments.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Each kind names its parties: a guest for guest-host, an assignment (and no guest or stay) for owner-manager.
    check(
      "message_threads_parties",
      sql`(${t.kind} = 'guest_host' and ${t.guestId} is not null and ${t.assignmentId} is null)
        or (${t.kind} = 'owner_manager' and ${t.assignmentId} is not null and ${t.guestId} is null and ${t.bookingId} is null)`,
    ),
    uniqueIndex("message_threads_assignment_key").on(t.assignmentId).where(sql`${t.assignmentId} is not null`),
    // One enquiry per listing and guest, one conversation per booking: the last word under concurrent starts.
    uniqueIndex("message_threads_enquiry_key").on(t.propertyId, t.guestId).where(sql`${t.bookingId} is null`),
    uniqueIndex("message_threads_booking_key").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index("message_threads_guest_idx").on(t.guestId),
    index("message_threads_property_idx").on(t.propertyId, t.createdAt),
  ],
);

/**
 * One message. `author_side` keeps which side wrote it, so response times stay right if roles change later; in an
 * owner-manager conversation the owner writes as the property's host.
 */
export const threadMessages = pgTable(
  "thread_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    threadId: requiredRef("thread_id", () => messageThreads.id, "cascade"),
    authorId: requiredRef("author_id", () => users.id, "restrict"),
    authorSide: text("author_side", { enum: MESSAGE_AUTHOR_SIDES }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("thread_messages_thread_idx").on(t.threadId, t.id),
    check("thread_messages_author_side", sql`${t.authorSide} in ('guest', 'host', 'manager')`),
    check(
      "thread_messages_body_length",
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(MESSAGE_BODY_MAX))}`,
    ),
  ],
);

/** How far each person has read a thread: messages from others after this id are unread for them. */
export const messageThreadReads = pgTable(
  "message_thread_reads",
  {
    threadId: requiredRef("thread_id", () => messageThreads.id, "cascade"),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);
