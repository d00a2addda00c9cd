import { type SQL, sql } from "drizzle-orm";
import { type MessageAuthorSide, RESPONSE_STATS } from "../../common/domain/messages";
import type { BookingStatus } from "../../common/domain/property-options";
import type { Db, Tx } from "../db/client";
import { isoTimeOf as iso } from "../db/columns";

/**
 * Conversations, both kinds in one table: guest–host (an enquiry per listing and guest, one per booking) and
 * owner–manager (one per assignment). Messages, read marks and unread counts are the same for both; each kind has
 * its own facts (who its parties are) and list. Also the host's response figures, from guest–host enquiries.
 */

// ---------------------------------------------------------------- messages, both kinds

/** Messages of a conversation written by someone else after `userId` last read it. */
const unreadIn = (threadId: SQL, userId: number): SQL => sql`(
  select count(*)::int from thread_messages m
  where m.thread_id = ${threadId} and m.author_id <> ${userId}
    and m.id > coalesce(
      (select r.last_read_message_id from message_thread_reads r where r.thread_id = ${threadId} and r.user_id = ${userId}),
      0))`;

export type MessageRow = {
  id: number;
  author_id: number;
  author_side: MessageAuthorSide;
  first_name: string | null;
  last_name: string | null;
  email: string;
  body: string;
  created_at: string;
};

// The id is a bigserial: read as a number (exact far beyond any thread's count).
const messageColumns = sql`m.id::float8 as id, m.author_id, m.author_side, u.first_name, u.last_name, u.email, m.body,
  ${iso("m.created_at")} as created_at`;

/** A conversation's messages, oldest first. */
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

/** How many messages of the conversation `userId` has not read yet. */
export async function countUnread(db: Db, threadId: number, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select ${unreadIn(sql`${threadId}`, userId)} as n`);
  return result.rows[0]?.n ?? 0;
}

/** `userId` has read the conversation up to `messageId` (never moves back). */
export async function markThreadRead(db: Db, threadId: number, userId: number, messageId: number): Promise<void> {
  await db.execute(sql`
    insert into message_thread_reads (thread_id, user_id, last_read_message_id)
    values (${threadId}, ${userId}, ${messageId})
    on conflict (thread_id, user_id) do update
      set last_read_message_id = greatest(message_thread_reads.last_read_message_id, excluded.last_read_message_id),
          read_at = now()`);
}

/** The latest message of each conversation `f.id` names, for a list. */
const lastMessageOf = (threadId: SQL) => sql`left join lateral (
  select m.body, m.created_at, m.author_id, m.author_side from thread_messages m
  where m.thread_id = ${threadId} order by m.id desc limit 1
) last on true`;

// ---------------------------------------------------------------- guest–host

export type GuestHostFactsRow = {
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

/** A guest–host conversation with its listing, its people (the manager assigned now, if any) and its stay. */
const guestHostFacts = sql`
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
  left join bookings b on b.id = t.booking_id
  where t.kind = 'guest_host'`;

export async function findGuestHostFacts(db: Db, threadId: number): Promise<GuestHostFactsRow | undefined> {
  const result = await db.execute<GuestHostFactsRow>(sql`${guestHostFacts} and t.id = ${threadId}`);
  return result.rows[0];
}

/**
 * The same, with the thread's row held until the transaction ends: messages of one thread are written and counted
 * one after another, so the unread count that decides an e-mail sees every message before it.
 */
export async function lockGuestHostThread(tx: Tx, threadId: number): Promise<GuestHostFactsRow | undefined> {
  const result = await tx.execute<GuestHostFactsRow>(sql`${guestHostFacts} and t.id = ${threadId} for update of t`);
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

/** Which guest–host conversations a person is on: as the guest, as the listing's owner, as its manager now. */
export type ThreadListScope = { guestId: number; ownerId?: number; managerId?: number };

function threadIdsOf(scope: ThreadListScope): SQL {
  const parts: SQL[] = [
    sql`select t.id from message_threads t where t.kind = 'guest_host' and t.guest_id = ${scope.guestId}`,
  ];
  if (scope.ownerId !== undefined) {
    parts.push(sql`select t.id from message_threads t join properties p on p.id = t.property_id
      where t.kind = 'guest_host' and p.owner_id = ${scope.ownerId}`);
  }
  if (scope.managerId !== undefined) {
    parts.push(sql`select t.id from message_threads t
      join property_manager_assignments a on a.property_id = t.property_id and a.ended_at is null
      where t.kind = 'guest_host' and a.manager_id = ${scope.managerId}`);
  }
  return sql.join(parts, sql` union `);
}

export type GuestHostSummaryRow = GuestHostFactsRow & {
  last_body: string | null;
  last_at: string | null;
  last_author_id: number | null;
  last_author_side: MessageAuthorSide | null;
  unread: number;
};

/** One page of a person's threads, the latest conversation first, and how many there are. */
export async function findGuestHostSummaries(
  db: Db,
  scope: ThreadListScope,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: GuestHostSummaryRow[]; total: number }> {
  const ids = threadIdsOf(scope);
  const [rows, count] = await Promise.all([
    db.execute<GuestHostSummaryRow>(sql`
      select f.*, last.body as last_body, ${iso("last.created_at")} as last_at, last.author_id as last_author_id,
        last.author_side as last_author_side, ${unreadIn(sql`f.id`, userId)} as unread
      from (${guestHostFacts} and t.id in (${ids})) f
      ${lastMessageOf(sql`f.id`)}
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
      where t.kind = 'guest_host' and t.property_id = ${propertyId} and t.booking_id is null
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

// ---------------------------------------------------------------- owner–manager

export type OwnerManagerFactsRow = {
  /** Null until the first message: every assignment has its conversation, stored once it is written to. */
  thread_id: number | null;
  assignment_id: number;
  property_id: number;
  property_title: string;
  owner_id: number;
  manager_id: number;
  is_current: boolean;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
  manager_first_name: string | null;
  manager_last_name: string | null;
  manager_email: string;
};

const ownerManagerFacts = sql`
  select t.id as thread_id, a.id as assignment_id, a.property_id, p.title as property_title, p.owner_id, a.manager_id,
    a.ended_at is null as is_current,
    o.first_name as owner_first_name, o.last_name as owner_last_name, o.email as owner_email,
    m.first_name as manager_first_name, m.last_name as manager_last_name, m.email as manager_email
  from property_manager_assignments a
  join properties p on p.id = a.property_id
  join users o on o.id = p.owner_id
  join users m on m.id = a.manager_id
  left join message_threads t on t.assignment_id = a.id`;

/** The conversation of one assignment: its property, its two sides, and whether it can still be written to. */
export async function findOwnerManagerFacts(db: Db, assignmentId: number): Promise<OwnerManagerFactsRow | undefined> {
  const result = await db.execute<OwnerManagerFactsRow>(sql`${ownerManagerFacts} where a.id = ${assignmentId}`);
  return result.rows[0];
}

/**
 * The same, with the assignment's row held until the transaction ends: a message and the end of the assignment
 * cannot cross, and messages of one conversation are counted one after another.
 */
export async function lockOwnerManagerThread(tx: Tx, assignmentId: number): Promise<OwnerManagerFactsRow | undefined> {
  const result = await tx.execute<OwnerManagerFactsRow>(
    sql`${ownerManagerFacts} where a.id = ${assignmentId} for update of a`,
  );
  return result.rows[0];
}

/** The assignment's conversation, stored if it is not yet; its id. Called with the assignment's row held. */
export async function ensureOwnerManagerThread(
  tx: Tx,
  assignment: { id: number; propertyId: number },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into message_threads (kind, property_id, assignment_id)
    values ('owner_manager', ${assignment.propertyId}, ${assignment.id})
    on conflict (assignment_id) where assignment_id is not null do update set kind = excluded.kind
    returning id`);
  const row = result.rows[0];
  if (!row) throw new Error("owner-manager conversation not stored");
  return row.id;
}

export type OwnerManagerSummaryRow = OwnerManagerFactsRow & {
  last_body: string | null;
  last_at: string | null;
  last_author_id: number | null;
  unread: number;
};

/**
 * The owner–manager conversations `userId` takes part in: as the manager of the assignment, or as the owner of its
 * property (ended assignments too: they stay readable). Current ones first, then by the latest message, newest first.
 */
export async function findOwnerManagerSummaries(db: Db, userId: number): Promise<OwnerManagerSummaryRow[]> {
  const result = await db.execute<OwnerManagerSummaryRow>(sql`
    select f.*, last.body as last_body, ${iso("last.created_at")} as last_at, last.author_id as last_author_id,
      ${unreadIn(sql`f.thread_id`, userId)} as unread
    from (${ownerManagerFacts} where a.manager_id = ${userId} or p.owner_id = ${userId}) f
    ${lastMessageOf(sql`f.thread_id`)}
    order by f.is_current desc, last.created_at desc nulls last, f.assignment_id desc`);
  return result.rows;
}

/** Unread messages from the owner in the conversation of each assignment, for Managed Properties. */
export const unreadInAssignment = (assignmentId: SQL, userId: number): SQL =>
  unreadIn(sql`(select t.id from message_threads t where t.assignment_id = ${assignmentId})`, userId);
