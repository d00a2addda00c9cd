import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { outboxMessages } from "../db/schema";

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Database, message: NewOutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** Newest first; the page is for reading recent codes and links, so a bounded list is enough. */
export function listOutboxMessages(db: Database, limit = 200): Promise<OutboxRow[]> {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
}
