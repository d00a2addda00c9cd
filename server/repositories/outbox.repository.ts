import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertWrittenOnce } from "../db/prepared";
import { outboxMessages } from "../db/schema";

export type OutboxRow = typeof outboxMessages.$inferSelect;
const writeOutboxMessage = insertWrittenOnce(
  outboxMessages,
  ["channel", "recipient", "subject", "body", "html"],
  "insert_outbox_message",
);
export type NewOutboxMessage = Parameters<typeof writeOutboxMessage>[1];

/** A message delivered to the local mailbox (no provider configured): one for every letter a booking sends. */
export async function insertOutboxMessage(db: Database, message: NewOutboxMessage): Promise<void> {
  await writeOutboxMessage(db, message);
}

/** Newest first; the page is for reading recent codes and links, so a bounded list is enough. */
export function listOutboxMessages(db: Database, limit = 200): Promise<OutboxRow[]> {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
}
