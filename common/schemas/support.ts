import { z } from "zod";
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_STATUSES, SUPPORT_TOPICS } from "../domain/support";
import { ZEmail } from "./auth";
import { ZBodyId, ZUrlId } from "./ids";
import { ZPageQuery } from "./paging";
import { ZPlainText } from "./plain-text";

const ZSupportBody = ZPlainText("Message", SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGE_MAX);

/**
 * POST /api/support/tickets: the contact form. A signed-in person is answered at their account's address, so name and
 * e-mail are asked only of a visitor; a booking may be named only by its guest or its host.
 */
export const ZCreateSupportTicket = z.strictObject({
  topic: z.enum(SUPPORT_TOPICS, { error: `Topic must be one of ${SUPPORT_TOPICS.join(", ")}` }),
  message: ZSupportBody,
  bookingId: ZBodyId("Booking").optional(),
  name: ZPlainText("Name", 2, 100).optional(),
  email: ZEmail.optional(),
});
export type TCreateSupportTicket = z.infer<typeof ZCreateSupportTicket>;

/** A reply on a request, by the person or by the team. */
export const ZSupportReply = z.strictObject({ body: ZSupportBody });
export type TSupportReply = z.infer<typeof ZSupportReply>;

export const ZSupportTicketParams = z.object({ id: ZUrlId("Request") });

export const ZSupportMessage = z.object({
  id: z.number().int(),
  fromTeam: z.boolean(),
  /** "Our support team" for the team's messages, as the person sees them; the admin's own name to admins. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/** A request as a list shows it. */
export const ZSupportTicket = z.object({
  id: z.number().int(),
  reference: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  status: z.enum(SUPPORT_STATUSES),
  bookingId: z.number().int().nullable(),
  /** The first words of the first message. */
  preview: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

/** One request with every message, oldest first. */
export const ZSupportTicketDetail = ZSupportTicket.extend({ messages: z.array(ZSupportMessage) });
export type TSupportTicketDetail = z.infer<typeof ZSupportTicketDetail>;

/** The team's view adds who asked and how to reach them. */
export const ZAdminSupportTicket = ZSupportTicket.extend({
  requester: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
});
export type TAdminSupportTicket = z.infer<typeof ZAdminSupportTicket>;
export const ZAdminSupportTicketDetail = ZAdminSupportTicket.extend({ messages: z.array(ZSupportMessage) });
export type TAdminSupportTicketDetail = z.infer<typeof ZAdminSupportTicketDetail>;

/** GET /api/admin/support/tickets: the queue, by status (open by default), latest message first. */
export const ZAdminSupportQuery = ZPageQuery.extend({
  status: z.enum(SUPPORT_STATUSES, { error: `status must be one of ${SUPPORT_STATUSES.join(", ")}` }).default("open"),
}).strict();
export type TAdminSupportQuery = z.infer<typeof ZAdminSupportQuery>;

/** What the contact form is told once its request is in. */
export const ZSupportTicketCreated = z.object({ reference: z.string(), message: z.string(), id: z.number().int() });

/**
 * The contact form as the browser checks it before sending: the same fields and limits as the request, with a topic
 * to choose, and (for a visitor, who has no account to be answered at) a name and an address.
 */
export const ZContactForm = ZCreateSupportTicket.extend({
  topic: z.enum(SUPPORT_TOPICS, { error: "Please choose what your message is about" }),
});
export const ZVisitorContactForm = ZContactForm.extend({
  name: ZPlainText("Name", 2, 100),
  email: ZEmail,
});
export type TContactForm = z.infer<typeof ZContactForm>;
