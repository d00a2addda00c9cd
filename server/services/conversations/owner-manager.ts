import type {
  TManagerMessage,
  TManagerThread,
  TManagerThreadSummary,
  TPostManagerMessage,
} from "../../../common/schemas/property-management";
import { type Actor, type OwnerManagerSide, ownerManagerSide } from "../../access/records";
import type { Database } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import { sentenceName } from "../../lib/person-names";
import {
  ensureOwnerManagerThread,
  findOwnerManagerFacts,
  findOwnerManagerSummaries,
  lockOwnerManagerThread,
  type MessageRow,
  type OwnerManagerFactsRow,
} from "../../repositories/conversations.repository";
import { conversationLetter } from "../messaging/email-templates";
import type { Email } from "../messaging/messenger";
import type { Outbox } from "../messaging/outbox";
import { type Recipient, readConversation, writeMessage } from "./conversation-core";

export const THREAD_NOT_FOUND = "Conversation not found";
export const THREAD_ENDED =
  "This manager's assignment has ended: the conversation can still be read but no longer written to.";

const ownerOf = (t: OwnerManagerFactsRow) => ({
  id: t.owner_id,
  firstName: t.owner_first_name,
  lastName: t.owner_last_name,
  email: t.owner_email,
});
const managerOf = (t: OwnerManagerFactsRow) => ({
  id: t.manager_id,
  firstName: t.manager_first_name,
  lastName: t.manager_last_name,
  email: t.manager_email,
});
const factsOf = (t: OwnerManagerFactsRow | undefined) => t && { ownerId: t.owner_id, managerId: t.manager_id };

/**
 * The conversation between a property's manager and its owner, one per assignment: both sides read it, and write to
 * it while the assignment is current. Nobody else learns it exists (404). Its address is the assignment's id, so
 * every assignment has one from the start; it is stored with its first message.
 */
export class OwnerManagerConversations {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
  ) {}

  private summaryBase(thread: OwnerManagerFactsRow, side: OwnerManagerSide) {
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
    const rows = await findOwnerManagerSummaries(this.db, user.id);
    return rows.map((row) => ({
      ...this.summaryBase(row, ownerManagerSide(user, factsOf(row), THREAD_NOT_FOUND)),
      lastMessage:
        row.last_body === null || row.last_at === null
          ? null
          : { body: row.last_body, createdAt: row.last_at, mine: row.last_author_id === user.id },
      unread: row.unread,
    }));
  }

  /** GET /api/manager-threads/{assignmentId}: the messages, oldest first; the viewer has now read them all. */
  async getThread(user: Actor, assignmentId: number): Promise<TManagerThread> {
    const thread = await findOwnerManagerFacts(this.db, assignmentId);
    const side = ownerManagerSide(user, factsOf(thread), THREAD_NOT_FOUND);
    const facts = thread as OwnerManagerFactsRow;
    const rows = await readConversation(this.db, facts.thread_id, user.id);
    return { ...this.summaryBase(facts, side), messages: rows.map((row) => this.message(row, user)) };
  }

  /**
   * POST /api/manager-threads/{assignmentId}/messages, while the assignment is current (409 once it has ended).
   * The assignment's row is held while the message is written, so it cannot cross the assignment's end.
   */
  async postMessage(user: Actor, assignmentId: number, body: TPostManagerMessage): Promise<TManagerMessage> {
    const row = await this.db.transaction(async (tx) => {
      const thread = await lockOwnerManagerThread(tx, assignmentId);
      const side = ownerManagerSide(user, factsOf(thread), THREAD_NOT_FOUND);
      const facts = thread as OwnerManagerFactsRow;
      if (!facts.is_current) throw new ConflictError(THREAD_ENDED);
      const threadId =
        facts.thread_id ?? (await ensureOwnerManagerThread(tx, { id: assignmentId, propertyId: facts.property_id }));
      return writeMessage(
        tx,
        this.outbox,
        // The owner writes as the property's host, as in their guests' conversations.
        { threadId, authorId: user.id, authorSide: side === "owner" ? "host" : "manager", body: body.body },
        [ownerOf(facts), managerOf(facts)] satisfies Recipient[],
        (recipient, written) => this.notice(facts, recipient, written),
      );
    });
    return this.message(row, user);
  }

  private notice(thread: OwnerManagerFactsRow, recipient: Recipient, row: MessageRow): Email {
    const url =
      recipient.id === thread.manager_id
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
