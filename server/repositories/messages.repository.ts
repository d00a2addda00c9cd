import { type SQL, sql } from "drizzle-orm";
import { type MessageAuthorSide, RESPONSE_STATS } from "../../common/domain/messages";
import type { BookingStatus } from "../../common/domain/property-options";
import type { Db, Tx } from "../db/client";

/**
 * Guest–host conversations: the threads (an enquiry per listing and guest, one per booking), their messages, how far
 * each person has read, and the host's response figures.
 */

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type ThreadFactsRow = {
  id: number;
  property_id: number;
  property_slug: string;
  property_title: string;
  property_city: string;
  owner_id: number;
  manager_id: number | null;
  guest_id: number;
  booking_id: number | null;
  booking_check_in: string | null;
  booking_check_out: string | null;
  booking_status: BookingStatus | null;
  guest_first_name: string | null;
  guest_last_name: string | null;
  guest_email: string;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
  manager_first_name: string | null;
  manager_last_name: string | null;
  manager_email: string | null;
  /** The guest has a confirmed (or completed) booking of the listing: contact details may be shown. */
  details_shared: boolean;
  created_at: string;
};

/** A thread with its listing, its people (the manager assigned now, if any) and its stay. */
const threadFacts = sql`
  select t.id, t.property_id, p.slug as property_slug, p.title as property_title, p.city as property_city,
    p.owner_id, a.manager_id, t.guest_id, t.booking_id,
    b.check_in::text as booking_check_in, b.check_out::text as booking_check_out, b.status as booking_status,
    g.first_name as guest_first_name, g.last_name as guest_last_name, g.email as guest_email,
    o.first_name as owner_first_name, o.last_name as owner_last_name, o.email as owner_email,
    m.first_name as manager_first_name, m.last_name as manager_last_name, m.email as manager_email,
    exists (
      select 1 from bookings c
      where c.property_id = t.property_id and c.guest_id = t.guest_id and c.status in ('confirmed', 'completed')
    ) as details_shared,
    ${iso("t.created_at")} as created_at
  from message_threads t
  join properties p on p.id = t.property_id
  join users g on g.id = t.guest_id
  join users o on o.id = p.owner_id
  left join property_manager_assignments a on a.property_id = t.property_id and a.ended_at is null
  left join users m on m.id = a.manager_id
  left join bookings b on b.id = t.booking_id`;

export async function findThreadFacts(db: Db, threadId: number): Promise<ThreadFactsRow | undefined> {
  const result = await db.execute<ThreadFactsRow>(sql`${threadFacts} where t.id = ${threadId}`);
  return result.rows[0];
}

/**
 * The same, with the thread's row held until the transaction ends: messages of one thread are written and counted
 * one after another, so the unread count that decides an e-mail sees every message before it.
 */
export async function lockThread(tx: Tx, threadId: number): Promise<ThreadFactsRow | undefined> {
  const result = await tx.execute<ThreadFactsRow>(sql`${threadFacts} where t.id = ${threadId} for update of t`);
  return result.rows[0];
}

/** The guest's enquiry about a listing, made if there is none yet; its id. */
export async function ensureEnquiryThread(tx: Tx, propertyId: number, guestId: number): Promise<number> {
  await tx.execute(sql`
    insert into message_threads (property_id, guest_id) values (${propertyId}, ${guestId})
    on conflict (property_id, guest_id) where booking_id is null do nothing`);
  const result = await tx.execute<{ id: number }>(sql`
    select id from message_threads where property_id = ${propertyId} and guest_id = ${guestId} and booking_id is null`);
  const row = result.rows[0];
  if (!row) throw new Error("enquiry thread not found after insert");
  return row.id;
}

/** The booking's conversation, made if there is none yet; its id. */
export async function ensureBookingThread(
  db: Db,
  booking: { id: number; propertyId: number; guestId: number },
): Promise<number> {
  await db.execute(sql`
    insert into message_threads (property_id, guest_id, booking_id)
    values (${booking.propertyId}, ${booking.guestId}, ${booking.id})
    on conflict (booking_id) where booking_id is not null do nothing`);
  const result = await db.execute<{ id: number }>(sql`select id from message_threads where booking_id = ${booking.id}`);
  const row = result.rows[0];
  if (!row) throw new Error("booking thread not found after insert");
  return row.id;
}

/** The booking's conversation, if it has been started. */
export async function findBookingThreadId(db: Db, bookingId: number): Promise<number | undefined> {
  const result = await db.execute<{ id: number }>(sql`select id from message_threads where booking_id = ${bookingId}`);
  return result.rows[0]?.id;
}

export type BookingPartiesRow = {
  id: number;
  property_id: number;
  guest_id: number;
  owner_id: number;
  manager_id: number | null;
};

/** A booking's guest, its listing's owner and current manager: who may talk about it. */
export async function findBookingParties(db: Db, bookingId: number): Promise<BookingPartiesRow | undefined> {
  const result = await db.execute<BookingPartiesRow>(sql`
    select b.id, b.property_id, b.guest_id, p.owner_id, a.manager_id
    from bookings b
    join properties p on p.id = b.property_id
    left join property_manager_assignments a on a.property_id = b.property_id and a.ended_at is null
    where b.id = ${bookingId}`);
  return result.rows[0];
}

/** Which threads a person is on: as the guest, as the listing's owner, as its manager now. */
export type ThreadListScope = { guestId: number; ownerId?: number; managerId?: number };

function threadIdsOf(scope: ThreadListScope): SQL {
  const parts: SQL[] = [sql`select t.id from message_threads t where t.guest_id = ${scope.guestId}`];
  if (scope.ownerId !== undefined) {
    parts.push(sql`select t.id from message_threads t join properties p on p.id = t.property_id
      where p.owner_id = ${scope.ownerId}`);
  }
  if (scope.managerId !== undefined) {
    parts.push(sql`select t.id from message_threads t
      join property_manager_assignments a on a.property_id = t.property_id and a.ended_at is null
      where a.manager_id = ${scope.managerId}`);
  }
  return sql.join(parts, sql` union `);
}

/** Messages of a thread written by someone else after `userId` last read it. */
const unreadIn = (threadId: SQL, userId: number): SQL => sql`(
  select count(*)::int from thread_messages m
  where m.thread_id = ${threadId} and m.author_id <> ${userId}
    and m.id > coalesce(
      (select r.last_read_message_id from message_thread_reads r where r.thread_id = ${threadId} and r.user_id = ${userId}),
      0))`;

export type ThreadSummaryRow = ThreadFactsRow & {
  last_body: string | null;
  last_at: string | null;
  last_author_id: number | null;
  last_author_side: MessageAuthorSide | null;
  unread: number;
};

/** One page of a person's threads, the latest conversation first, and how many there are. */
export async function findThreadSummaries(
  db: Db,
  scope: ThreadListScope,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ThreadSummaryRow[]; total: number }> {
  const ids = threadIdsOf(scope);
  const [rows, count] = await Promise.all([
    db.execute<ThreadSummaryRow>(sql`
      select f.*, last.body as last_body, ${iso("last.created_at")} as last_at, last.author_id as last_author_id,
        last.author_side as last_author_side, ${unreadIn(sql`f.id`, userId)} as unread
      from (${threadFacts} where t.id in (${ids})) f
      left join lateral (
        select m.body, m.created_at, m.author_id, m.author_side from thread_messages m
        where m.thread_id = f.id order by m.id desc limit 1
      ) last on true
      order by coalesce(last.created_at, f.created_at::timestamptz) desc, f.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${ids}) x`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** Unread messages over all of a person's threads, and in how many threads. */
export async function countUnreadFor(
  db: Db,
  scope: ThreadListScope,
  userId: number,
): Promise<{ unread: number; threads: number }> {
  const counted = await db.execute<{ unread: number; threads: number }>(sql`
    select count(*)::int as unread, count(distinct m.thread_id)::int as threads
    from (${threadIdsOf(scope)}) mine
    join thread_messages m on m.thread_id = mine.id
    left join message_thread_reads r on r.thread_id = mine.id and r.user_id = ${userId}
    where m.author_id <> ${userId} and m.id > coalesce(r.last_read_message_id, 0)`);
  return counted.rows[0] ?? { unread: 0, threads: 0 };
}

export type MessageRow = {
  id: number;
  author_id: number;
  author_side: MessageAuthorSide;
  first_name: string | null;
  last_name: string | null;
  body: string;
  created_at: string;
};

// The id is a bigserial: read as a number (exact far beyond any thread's count).
const messageColumns = sql`m.id::float8 as id, m.author_id, m.author_side, u.first_name, u.last_name, m.body,
  ${iso("m.created_at")} as created_at`;

/** A thread's messages, oldest first. */
export async function findMessages(db: Db, threadId: number): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow>(sql`
    select ${messageColumns}
    from thread_messages m join users u on u.id = m.author_id
    where m.thread_id = ${threadId}
    order by m.id`);
  return result.rows;
}

export async function insertMessage(
  tx: Tx,
  values: { threadId: number; authorId: number; authorSide: MessageAuthorSide; body: string },
): Promise<MessageRow> {
  const result = await tx.execute<MessageRow>(sql`
    with m as (
      insert into thread_messages (thread_id, author_id, author_side, body)
      values (${values.threadId}, ${values.authorId}, ${values.authorSide}, ${values.body})
      returning *)
    select ${messageColumns} from m join users u on u.id = m.author_id`);
  const row = result.rows[0];
  if (!row) throw new Error("message not inserted");
  return row;
}

/** How many messages of the thread `userId` has not read yet. */
export async function countUnread(db: Db, threadId: number, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select ${unreadIn(sql`${threadId}`, userId)} as n`);
  return result.rows[0]?.n ?? 0;
}

/** `userId` has read the thread up to `messageId` (never moves back). */
export async function markThreadRead(db: Db, threadId: number, userId: number, messageId: number): Promise<void> {
  await db.execute(sql`
    insert into message_thread_reads (thread_id, user_id, last_read_message_id)
    values (${threadId}, ${userId}, ${messageId})
    on conflict (thread_id, user_id) do update
      set last_read_message_id = greatest(message_thread_reads.last_read_message_id, excluded.last_read_message_id),
          read_at = now()`);
}

/**
 * How the host side answered the listing's enquiries started in the window and at least a day old: how many, how
 * many were answered within the day, and the median seconds to the first answer (over those answered at all).
 */
export async function findResponseFigures(
  db: Db,
  propertyId: number,
): Promise<{ enquiries: number; answered_in_time: number; median_seconds: number | null }> {
  const { windowDays, answerWithinHours } = RESPONSE_STATS;
  const result = await db.execute<{ enquiries: number; answered_in_time: number; median_seconds: number | null }>(sql`
    with asked as (
      select t.id, (select min(m.created_at) from thread_messages m
                    where m.thread_id = t.id and m.author_side = 'guest') as asked_at
      from message_threads t
      where t.property_id = ${propertyId} and t.booking_id is null
    ), timed as (
      select a.asked_at, (select min(m.created_at) from thread_messages m
                          where m.thread_id = a.id and m.author_side <> 'guest' and m.created_at >= a.asked_at) as answered_at
      from asked a
      where a.asked_at >= now() - make_interval(days => ${windowDays})
        and a.asked_at <= now() - make_interval(hours => ${answerWithinHours})
    )
    select count(*)::int as enquiries,
      (count(*) filter (where answered_at <= asked_at + make_interval(hours => ${answerWithinHours})))::int as answered_in_time,
      (percentile_cont(0.5) within group (order by extract(epoch from answered_at - asked_at))
        filter (where answered_at is not null))::float8 as median_seconds
    from timed`);
  return result.rows[0] ?? { enquiries: 0, answered_in_time: 0, median_seconds: null };
}
