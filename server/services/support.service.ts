import { type SupportStatus, supportReference } from "../../common/domain/support";
import { pageOffset } from "../../common/schemas/paging";
import type {
  TAdminSupportQuery,
  TAdminSupportTicket,
  TAdminSupportTicketDetail,
  TCreateSupportTicket,
  TSupportTicket,
  TSupportTicketDetail,
} from "../../common/schemas/support";
import { type Actor, mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { badRequest, ConflictError, ForbiddenError, notFound } from "../lib/errors";
import { auditLabel, fullName, sentenceName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import { findBookingView } from "../repositories/bookings.repository";
import {
  addMessage,
  closeTicket,
  findMessages,
  findQueue,
  findTicket,
  findTicketsOf,
  insertTicket,
  lockTicket,
  type SupportTicketRow,
} from "../repositories/support.repository";
import { supportAnsweredLetter, supportReceivedLetter, supportTeamNoticeLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

type Person = Actor & { email: string; firstName: string | null; lastName: string | null; emailVerified: boolean };

/** How the person sees the team's messages: the team answers as one, not as whichever admin wrote. */
const TEAM_NAME = "StayLondon support";

/**
 * Support that reaches someone: the contact page opens a request, the team answers it from the admin area, and the
 * person follows it in their account (a visitor, by e-mail). Every message on either side is e-mailed to the other
 * side through the outbox; the team's copies go to SUPPORT_EMAIL when one is configured.
 */
export class SupportService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly options: { publicUrl: string; supportEmail: string | undefined },
  ) {}

  /**
   * POST /api/support/tickets. A signed-in person is answered at their account's address, which must be verified; a
   * visitor gives a name and an address. A booking can be named only by its guest or its host.
   */
  async create(
    person: Person | null,
    input: TCreateSupportTicket,
  ): Promise<{ id: number; reference: string; message: string }> {
    let requester: { id: number | null; name: string; email: string };
    if (person) {
      if (!person.emailVerified) {
        throw new ForbiddenError("Please verify your email address first, so that our answer reaches you.", {
          requiresEmailVerification: true,
          verifyAt: "/verification-status",
        });
      }
      requester = { id: person.id, name: sentenceName(person), email: person.email };
    } else {
      if (input.bookingId !== undefined) throw badRequest("Please sign in to ask about a booking.");
      if (!input.name || !input.email)
        throw badRequest("Please give your name and email address so that we can answer you.");
      requester = { id: null, name: input.name, email: input.email };
    }
    if (person && input.bookingId !== undefined) {
      const booking = await findBookingView(this.db, input.bookingId);
      const mine =
        booking &&
        (mayActOn(person, "read", "booking", { guestId: booking.booking.guestId }) ||
          mayActOn(person, "read", "property-booking", { ownerId: booking.property.ownerId }));
      if (!mine) throw notFound("Booking not found");
    }

    const id = await this.db.transaction(async (tx) => {
      const ticketId = await insertTicket(tx, {
        requesterId: requester.id,
        requesterName: requester.name,
        requesterEmail: requester.email,
        topic: input.topic,
        bookingId: input.bookingId ?? null,
        body: input.message,
      });
      const reference = supportReference(ticketId);
      await this.outbox.add(tx, [
        { email: supportReceivedLetter(requester, reference, this.threadUrl(ticketId, requester.id)) },
        ...this.teamNotice(reference, requester, input.message, ticketId),
      ]);
      return ticketId;
    });
    const reference = supportReference(id);
    return {
      id,
      reference,
      message: `Thank you. Your request ${reference} is with our team, and we will answer you by email at ${requester.email}.`,
    };
  }

  /** GET /api/support/tickets: the person's own requests. */
  async listMine(person: Person): Promise<TSupportTicket[]> {
    return (await findTicketsOf(this.db, person.id)).map(toTicket);
  }

  /** GET /api/support/tickets/{id}: one of the person's own requests; anyone else's is a 404. */
  async getMine(person: Person, id: number): Promise<TSupportTicketDetail> {
    const ticket = await findTicket(this.db, id);
    if (!ticket || !mayActOn(person, "read", "support-ticket", { requesterId: ticket.requesterId })) {
      throw notFound("Request not found");
    }
    return { ...toTicket(ticket), messages: await this.messagesOf(id, "person") };
  }

  /** POST /api/support/tickets/{id}/messages: the person adds to their request, which opens it again. */
  async replyAsRequester(person: Person, id: number, body: string): Promise<TSupportTicketDetail> {
    await this.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      if (!ticket || !mayActOn(person, "message", "support-ticket", { requesterId: ticket.requesterId })) {
        throw notFound("Request not found");
      }
      await addMessage(tx, { ticketId: id, authorId: person.id, fromTeam: false, body }, "open");
      const requester = { name: ticket.requesterName, email: ticket.requesterEmail };
      await this.outbox.add(tx, this.teamNotice(supportReference(id), requester, body, id));
    });
    return this.getMine(person, id);
  }

  /** GET /api/admin/support/tickets: the team's queue for a status. */
  async queue(query: TAdminSupportQuery): Promise<{ items: TAdminSupportTicket[]; total: number }> {
    const { rows, total } = await findQueue(this.db, query.status, query.pageSize, pageOffset(query));
    return { items: rows.map(toAdminTicket), total };
  }

  /** GET /api/admin/support/tickets/{id}: a request as the team sees it, with who wrote each message. */
  async getForTeam(id: number): Promise<TAdminSupportTicketDetail> {
    const ticket = await findTicket(this.db, id);
    if (!ticket) throw notFound("Request not found");
    return { ...toAdminTicket(ticket), messages: await this.messagesOf(id, "team") };
  }

  /**
   * POST /api/admin/support/tickets/{id}/reply: the team's answer, e-mailed to the person with the words themselves
   * (and a link to the request when they have an account). Recorded in System Logs.
   */
  async answer(admin: Person, id: number, body: string): Promise<TAdminSupportTicketDetail> {
    await this.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      if (!ticket) throw notFound("Request not found");
      await addMessage(tx, { ticketId: id, authorId: admin.id, fromTeam: true, body }, "answered");
      const reference = supportReference(id);
      await this.outbox.add(tx, [
        {
          email: supportAnsweredLetter(
            { name: ticket.requesterName, email: ticket.requesterEmail },
            reference,
            body,
            this.threadUrl(id, ticket.requesterId),
          ),
        },
      ]);
      await recordAudit(tx, {
        type: "info",
        action: "support.answered",
        message: `${sentenceName(admin)} answered support request ${reference}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: ticket.requesterId ? { id: ticket.requesterId, label: ticket.requesterEmail } : null,
        target: { type: "support-ticket", id },
        details: { reference },
      });
    });
    return this.getForTeam(id);
  }

  /** POST /api/admin/support/tickets/{id}/close: settled; a later message from the person opens it again. */
  async close(admin: Person, id: number): Promise<TAdminSupportTicketDetail> {
    await this.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      if (!ticket) throw notFound("Request not found");
      if (ticket.status === "closed") throw new ConflictError("This request is already closed.");
      await closeTicket(tx, id);
      const reference = supportReference(id);
      await recordAudit(tx, {
        type: "info",
        action: "support.closed",
        message: `${sentenceName(admin)} closed support request ${reference}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        target: { type: "support-ticket", id },
        details: { reference },
      });
    });
    return this.getForTeam(id);
  }

  private async messagesOf(ticketId: number, audience: "person" | "team") {
    const rows = await findMessages(this.db, ticketId);
    return rows.map((row) => ({
      id: row.id,
      fromTeam: row.fromTeam,
      authorName:
        row.fromTeam && audience === "person"
          ? TEAM_NAME
          : row.authorEmail
            ? fullName({ firstName: row.authorFirstName, lastName: row.authorLastName })
            : row.fromTeam
              ? TEAM_NAME
              : "You",
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The team's copy of a message, when the team has an inbox to receive it. */
  private teamNotice(reference: string, requester: { name: string; email: string }, body: string, ticketId: number) {
    if (!this.options.supportEmail) return [];
    const url = new URL(`/admin/support?request=${ticketId}`, this.options.publicUrl).toString();
    return [{ email: supportTeamNoticeLetter(this.options.supportEmail, reference, requester, body, url) }];
  }

  /** Where a person with an account follows the request; a visitor has none. */
  private threadUrl(ticketId: number, requesterId: number | null): string | null {
    return requesterId === null ? null : new URL(`/support/${ticketId}`, this.options.publicUrl).toString();
  }
}

function toTicket(row: SupportTicketRow): TSupportTicket {
  return {
    id: row.id,
    reference: supportReference(row.id),
    topic: row.topic,
    status: row.status as SupportStatus,
    bookingId: row.bookingId,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

function toAdminTicket(row: SupportTicketRow): TAdminSupportTicket {
  return {
    ...toTicket(row),
    requester: { id: row.requesterId, name: row.requesterName, email: row.requesterEmail },
  };
}
