import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn } from "./columns";

/**
 * Every e-mail and text message the app sends, written in the same transaction as the change that causes it, so
 * a crash, a deploy or a provider outage cannot lose one. A worker on each instance claims due rows (a lease, so
 * two instances never send one at once), sends them, and marks each sent, or retries later with backoff, or gives
 * up (dead) and says so in System Logs. Sent and dead rows are pruned after a while: bodies hold sign-in links.
 */
export const outgoingMessages = pgTable(
  "outgoing_messages",
  {
    id: idColumn(),
    /** The e-mail's Message-ID (the same on every attempt) and the id System Logs shows. */
    messageId: uuid("message_id").notNull().defaultRandom().unique(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    /** The e-mail's subject; for a text message, the kind of text (never its body) for System Logs. */
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html"),
    /** Extra mail headers: the one-click unsubscribe of a reminder or newsletter. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /**
     * Blank the recipient and body once the message is finished: the last letter to someone who closed their
     * account must not keep their address after it has been sent.
     */
    eraseWhenFinished: boolean("erase_when_finished").notNull().default(false),
    status: text("status", { enum: ["pending", "sending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the claiming instance owns the row; after that another may try again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** A message that is no use late (a six-digit code) is not sent after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAtColumn(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("outgoing_messages_channel", sql`${t.channel} in ('email', 'sms')`),
    check("outgoing_messages_status", sql`${t.status} in ('pending', 'sending', 'sent', 'dead')`),
    // The worker's only question: what is due now.
    index("outgoing_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index("outgoing_messages_finished_idx").on(t.finishedAt).where(sql`${t.status} in ('sent', 'dead')`),
  ],
);
