import { addDays } from "../../common/domain/calendar-dates";
import type { MessageAuthorSide } from "../../common/domain/messages";
import type { Tx } from "./client";
import { messageThreadReads, messageThreads, threadMessages } from "./schema";
import { CONVERSATIONS } from "./seed-data/conversations";
import { MANAGED_LISTINGS } from "./seed-data/management";

/**
 * The demo's guest–host conversations, planned in memory like the rest of the seed and written after the stays they
 * may be about. People are the seed's keys ("james" is landlord@, "manager" manager@), listings are slugs.
 */

const OWNER = "james";
const MANAGER = "manager";

type StayRef = { slug: string; guestKey: string; checkIn: string };

export type ConversationsInput<S extends StayRef> = {
  today: string;
  /** A timestamp on a day at a minute of the day, never later than the start of today (the seed's clock). */
  stamp: (day: string, minuteOfDay: number) => Date;
  stays: readonly S[];
  /** The wall clock, for a question asked a couple of hours ago. */
  now: number;
};

export function planConversations<S extends StayRef>({ today, stamp, stays, now }: ConversationsInput<S>) {
  const managed = new Set<string>(MANAGED_LISTINGS.map((a) => a.slug));
  return CONVERSATIONS.map((c) => {
    const stay =
      c.stayStartsInDays === undefined
        ? null
        : stays.find(
            (s) =>
              s.slug === c.slug && s.guestKey === c.guestKey && s.checkIn === addDays(today, c.stayStartsInDays ?? 0),
          );
    if (stay === undefined) throw new Error(`seed data: no stay of ${c.guestKey} at ${c.slug} for its conversation`);
    const hostSide = managed.has(c.slug) ? [OWNER, MANAGER] : [OWNER];
    let at =
      c.startedDaysAgo === 0 ? now - 2 * 3_600_000 : stamp(addDays(today, -c.startedDaysAgo), c.minuteOfDay).getTime();
    const messages = c.messages.map((m) => {
      if (m.from === "manager" && !managed.has(c.slug)) throw new Error(`seed data: manager@ does not run ${c.slug}`);
      at += m.afterMinutes * 60_000;
      const authorKey = m.from === "guest" ? c.guestKey : m.from === "host" ? OWNER : MANAGER;
      return { authorKey, side: m.from as MessageAuthorSide, body: m.body, at: new Date(at) };
    });
    const unread = messages.slice(messages.length - c.hostUnread);
    if (unread.some((m) => m.side !== "guest")) throw new Error(`seed data: ${c.slug}: unread must be the guest's`);
    // The index of the last message each person has read: the guest all of them, the host side up to the unread.
    const readThrough = new Map<string, number>([[c.guestKey, messages.length - 1]]);
    for (const key of hostSide) readThrough.set(key, messages.length - 1 - c.hostUnread);
    return { slug: c.slug, guestKey: c.guestKey, stay, messages, readThrough };
  });
}

export type ConversationsPlan<S extends StayRef> = ReturnType<typeof planConversations<S>>;

export async function writeConversations<S extends StayRef>(
  tx: Tx,
  plan: ConversationsPlan<S>,
  lookup: { userId: (key: string) => number; propertyId: (slug: string) => number; bookingId: (stay: S) => number },
): Promise<void> {
  for (const c of plan) {
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        propertyId: lookup.propertyId(c.slug),
        guestId: lookup.userId(c.guestKey),
        bookingId: c.stay ? lookup.bookingId(c.stay) : null,
        createdAt: c.messages[0]?.at,
      })
      .returning({ id: messageThreads.id });
    if (!thread) throw new Error("seed: conversation not written");
    const written = await tx
      .insert(threadMessages)
      .values(
        c.messages.map((m) => ({
          threadId: thread.id,
          authorId: lookup.userId(m.authorKey),
          authorSide: m.side,
          body: m.body,
          createdAt: m.at,
        })),
      )
      .returning({ id: threadMessages.id, createdAt: threadMessages.createdAt });
    // Ids follow the order of the values; sorted by time to be sure each index finds its message.
    const ids = written.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((m) => m.id);
    const reads = [...c.readThrough].flatMap(([key, index]) => {
      const lastRead = ids[index];
      const message = c.messages[index];
      return lastRead === undefined || !message
        ? []
        : [{ threadId: thread.id, userId: lookup.userId(key), lastReadMessageId: lastRead, readAt: message.at }];
    });
    if (reads.length > 0) await tx.insert(messageThreadReads).values(reads);
  }
}
