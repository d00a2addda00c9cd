import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SUPPORT_STATUSES, SUPPORT_TOPICS } from "../../../common/domain/support";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { users } from "./users";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A request to the support team from the contact page: by a signed-in person (requester_id) or a visitor who gave a
 * name and an address. The name and address are kept on the request so the team can answer either.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: idColumn(),
    requesterId: integer("requester_id").references(() => users.id, { onDelete: "set null" }),
    requesterName: text("requester_name").notNull(),
    requesterEmail: text("requester_email").notNull(),
    topic: text("topic", { enum: SUPPORT_TOPICS }).notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    status: text("status", { enum: SUPPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAtColumn(),
    /** The latest message on either side: the queue's order. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("support_tickets_topic", sql`${t.topic} in (${inList(SUPPORT_TOPICS)})`),
    check("support_tickets_status", sql`${t.status} in (${inList(SUPPORT_STATUSES)})`),
    index("support_tickets_status_last_idx").on(t.status, t.lastMessageAt.desc(), t.id.desc()),
    index("support_tickets_requester_idx").on(t.requesterId, t.lastMessageAt.desc()),
  ],
);

/** What was written on a request, by the person or by the team, oldest first. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: idColumn(),
    ticketId: requiredRef("ticket_id", () => supportTickets.id, "cascade"),
    /** Who wrote it, while their account exists. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    fromTeam: boolean("from_team").notNull(),
    body: text("body").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);
