import type {
  TManagerMessage,
  TManagerThread,
  TManagerThreadSummary,
  TPostManagerMessage,
} from "../../common/schemas/property-management";
import { type Actor, mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { ConflictError, notFound } from "../lib/errors";
import { sentenceName } from "../lib/person-names";
import {
  countUnread,
  findMessages,
  findThreadFacts,
  findThreadSummaries,
  insertMessage,
  lockThread,
  type MessageRow,
  markThreadRead,
  type ThreadFactsRow,
} from "../repositories/property-management.repository";
import { conversationLetter } from "./messaging/email-templates";
import type { Email } from "./messaging/messenger";
import type { Outbox } from "./messaging/outbox";

export const THREAD_NOT_FOUND = "Conversation not found";
export const THREAD_ENDED =
  "This manager's assignment has ended: the conversation can still be read but no longer written to.";

type Side = "owner" | "manager";

const ownerOf = (t: ThreadFactsRow) => ({
  firstName: t.owner_first_name,
  lastName: t.owner_last_name,
  email: t.owner_email,
});
const managerOf = (t: ThreadFactsRow) => ({
  firstName: t.manager_first_name,
  lastName: t.manager_last_name,
  email: t.manager_email,
});

/**
 * The thread between a property's manager and its owner, one per assignment: both sides read it, and write to it
 * while the assignment is current. A message the other side has not read yet is unread for them; the first one
 * of a burst is also e-mailed to them, so a burst sends one notice. Nobody else learns a thread exists (404).
 */
export class ManagerThreadsService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
  ) {}

  /** The viewer's side of the thread; 404 when they are on neither. */
  private sideOf(user: Actor, thread: ThreadFactsRow | undefined): Side {
    const facts = { ownerId: thread?.owner_id ?? 0, managerId: thread?.manager_id ?? null };
    if (!thread || !mayActOn(user, "message", "manager-thread", facts)) throw notFound(THREAD_NOT_FOUND);
    return thread.owner_id === user.id ? "owner" : "manager";
  }

  private summaryBase(thread: ThreadFactsRow, side: Side) {
    return {
      assignmentId: thread.assignment_id,
      propertyId: thread.property_id,
      propertyTitle: thread.property_title,
      otherParty:
        side === "owner"
          ? { name: sentenceName(managerOf(thread)), role: "manager" as const }
          : { name: sentenceName(ownerOf(thread)), role: "owner" as const },
      isCurrent: thread.is_current,
    };
  }

  private message(row: MessageRow, viewer: Actor): TManagerMessage {
    return {
      id: row.id,
      authorName: sentenceName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      mine: row.author_id === viewer.id,
      body: row.body,
      createdAt: row.created_at,
    };
  }

  /** GET /api/manager-threads: a manager's assignments, or an owner's properties' assignments, ended ones too. */
  async findThreads(user: Actor): Promise<TManagerThreadSummary[]> {
    const rows = await findThreadSummaries(this.db, user.id);
    return rows.map((row) => ({
      ...this.summaryBase(row, this.sideOf(user, row)),
      lastMessage:
        row.last_body === null || row.last_at === null
          ? null
          : { body: row.last_body, createdAt: row.last_at, mine: row.last_author_id === user.id },
      unread: row.unread,
    }));
  }

  /** GET /api/manager-threads/{assignmentId}: the messages, oldest first; the viewer has now read them all. */
  async getThread(user: Actor, assignmentId: number): Promise<TManagerThread> {
    const thread = await findThreadFacts(this.db, assignmentId);
    const side = this.sideOf(user, thread);
    const rows = await findMessages(this.db, assignmentId);
    const last = rows.at(-1);
    if (last) await markThreadRead(this.db, assignmentId, user.id, last.id);
    return {
      ...this.summaryBase(thread as ThreadFactsRow, side),
      messages: rows.map((row) => this.message(row, user)),
    };
  }

  /**
   * POST /api/manager-threads/{assignmentId}/messages, while the assignment is current (409 once it has ended).
   * The assignment's row is held while the message is written, so it cannot cross the assignment's end and the
   * unread count that decides the e-mail sees the messages before it. The e-mail is written with the message.
   */
  async postMessage(user: Actor, assignmentId: number, body: TPostManagerMessage): Promise<TManagerMessage> {
    const row = await this.db.transaction(async (tx) => {
      const thread = await lockThread(tx, assignmentId);
      const side = this.sideOf(user, thread);
      const facts = thread as ThreadFactsRow;
      if (!facts.is_current) throw new ConflictError(THREAD_ENDED);
      const row = await insertMessage(tx, { assignmentId, authorId: user.id, body: body.body });
      const recipientId = side === "owner" ? facts.manager_id : facts.owner_id;
      // One notice per unread run: the first new message e-mails, the ones after it wait to be read.
      if ((await countUnread(tx, assignmentId, recipientId)) === 1) {
        await this.outbox.add(tx, [{ email: this.notice(facts, side, row) }]);
      }
      return row;
    });
    return this.message(row, user);
  }

  private notice(thread: ThreadFactsRow, authorSide: Side, row: MessageRow): Email {
    const recipient = authorSide === "owner" ? managerOf(thread) : ownerOf(thread);
    const url =
      authorSide === "owner"
        ? `${this.publicUrl}/dashboard`
        : `${this.publicUrl}/properties/${thread.property_id}/manage?section=manager`;
    const authorName = sentenceName({ firstName: row.first_name, lastName: row.last_name, email: row.email });
    return conversationLetter(
      { email: recipient.email, firstName: recipient.firstName },
      { authorName, propertyTitle: thread.property_title, body: row.body },
      url,
    );
  }
}
