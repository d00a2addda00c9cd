import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SupportStatus, SupportTopic } from "../../common/domain/support";
import type { Db, Tx } from "../db/client";
import { supportMessages, supportTickets, users } from "../db/schema";

export type SupportTicketRow = typeof supportTickets.$inferSelect & { preview: string };

/** The first words of a request's first message, for lists. */
const preview = sql<string>`coalesce((
  select left(m.body, 140) from support_messages m
   where m.ticket_id = support_tickets.id
   order by m.created_at, m.id limit 1), '')`;

const ticketColumns = {
  id: supportTickets.id,
  requesterId: supportTickets.requesterId,
  requesterName: supportTickets.requesterName,
  requesterEmail: supportTickets.requesterEmail,
  topic: supportTickets.topic,
  bookingId: supportTickets.bookingId,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  lastMessageAt: supportTickets.lastMessageAt,
  closedAt: supportTickets.closedAt,
  preview,
};

/** A new request and its first message, in the caller's transaction. */
export async function insertTicket(
  tx: Tx,
  ticket: {
    requesterId: number | null;
    requesterName: string;
    requesterEmail: string;
    topic: SupportTopic;
    bookingId: number | null;
    body: string;
  },
): Promise<number> {
  const { body, ...fields } = ticket;
  const [row] = await tx.insert(supportTickets).values(fields).returning({ id: supportTickets.id });
  if (!row) throw new Error("support ticket not inserted");
  await tx.insert(supportMessages).values({ ticketId: row.id, authorId: ticket.requesterId, fromTeam: false, body });
  return row.id;
}

/** One request, locked for the rest of the transaction so two replies are taken one after the other. */
export async function lockTicket(tx: Tx, id: number): Promise<SupportTicketRow | undefined> {
  const [row] = await tx.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, id)).for("update");
  return row;
}

export async function findTicket(db: Db, id: number): Promise<SupportTicketRow | undefined> {
  const [row] = await db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** A message on a request, which moves it to `status` and to the top of its list. */
export async function addMessage(
  tx: Tx,
  message: { ticketId: number; authorId: number | null; fromTeam: boolean; body: string },
  status: SupportStatus,
): Promise<void> {
  await tx.insert(supportMessages).values(message);
  await tx
    .update(supportTickets)
    .set({ status, lastMessageAt: sql`now()`, closedAt: null })
    .where(eq(supportTickets.id, message.ticketId));
}

export async function closeTicket(tx: Tx, id: number): Promise<void> {
  await tx.update(supportTickets).set({ status: "closed", closedAt: sql`now()` }).where(eq(supportTickets.id, id));
}

/** A request's messages, oldest first, with the names of those who wrote them. */
export async function findMessages(db: Db, ticketId: number) {
  return db
    .select({
      id: supportMessages.id,
      fromTeam: supportMessages.fromTeam,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      authorEmail: users.email,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

/** A person's own requests, latest message first. */
export async function findTicketsOf(db: Db, requesterId: number): Promise<SupportTicketRow[]> {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.requesterId, requesterId))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
    .limit(100);
}

/** One page of the team's queue for a status, latest message first, and how many there are. */
export async function findQueue(db: Db, status: SupportStatus, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(ticketColumns)
      .from(supportTickets)
      .where(eq(supportTickets.status, status))
      .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, status)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Requests waiting for the team, for the admin's tab badge. */
export async function countOpenTickets(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.status, "open")));
  return row?.n ?? 0;
}
