import type { MessageAuthorSide } from "../../../common/domain/messages";
import type { Db, Tx } from "../../db/client";
import {
  countUnread,
  findMessages,
  insertMessage,
  type MessageRow,
  markThreadRead,
} from "../../repositories/conversations.repository";
import type { Email } from "../messaging/messenger";
import type { Outbox } from "../messaging/outbox";

/** Someone a new message may be e-mailed to. */
export type Recipient = { id: number; email: string; firstName: string | null };

/**
 * What both kinds of conversation do alike: reading marks everything read for the reader, and writing stores the
 * message, moves the writer's own mark past it, and e-mails each other party for whom it is the first unread
 * message, so a burst sends one notice. The notice is written with the message, through the outbox.
 */
export async function readConversation(db: Db, threadId: number | null, readerId: number): Promise<MessageRow[]> {
  if (threadId === null) return [];
  const rows = await findMessages(db, threadId);
  const last = rows.at(-1);
  if (last) await markThreadRead(db, threadId, readerId, last.id);
  return rows;
}

/** Called in `tx` with the conversation held, so the unread count that decides an e-mail sees every message before. */
export async function writeMessage<R extends Recipient>(
  tx: Tx,
  outbox: Outbox,
  message: { threadId: number; authorId: number; authorSide: MessageAuthorSide; body: string },
  recipients: readonly R[],
  notice: (recipient: R, row: MessageRow) => Email,
): Promise<MessageRow> {
  const row = await insertMessage(tx, message);
  await markThreadRead(tx, message.threadId, message.authorId, row.id);
  const emails: Email[] = [];
  for (const recipient of recipients) {
    if (recipient.id === message.authorId) continue;
    if ((await countUnread(tx, message.threadId, recipient.id)) === 1) emails.push(notice(recipient, row));
  }
  if (emails.length > 0)
    await outbox.add(
      tx,
      emails.map((email) => ({ email })),
    );
  return row;
}
