import { inArray, sql } from "drizzle-orm";
import { OUTGOING_MESSAGES_WRITTEN } from "../db/change-feed";
import type { Database, Db } from "../db/client";
import { runSql } from "../db/prepared";
import { outgoingMessages } from "../db/schema";

export type OutgoingMessageRow = typeof outgoingMessages.$inferSelect;
export type NewOutgoingMessage = Pick<
  typeof outgoingMessages.$inferInsert,
  "channel" | "recipient" | "subject" | "body" | "html" | "expiresAt" | "headers" | "eraseWhenFinished"
>;

/**
 * Writes messages in the caller's transaction. `holdSeconds` keeps workers off them for a while: the request
 * that wrote them sends them itself (a user is waiting for the code), and workers only step in if it never did.
 * Otherwise every instance's worker is woken at the commit (a notification sent in a transaction arrives then).
 */
export async function insertOutgoingMessages(
  db: Db,
  messages: readonly NewOutgoingMessage[],
  holdSeconds = 0,
): Promise<number[]> {
  if (messages.length === 0) return [];
  const column = <K extends keyof NewOutgoingMessage>(key: K) => messages.map((message) => message[key] ?? null);
  // One text however many messages (their columns go as arrays), kept planned: every booking writes one. The
  // wake-up rides on the insert itself (a statement less on every booking's path); PostgreSQL sends equal
  // notifications of one transaction once.
  const rows = await runSql<{ id: number }>(
    db,
    `insert into outgoing_messages
       (channel, recipient, subject, body, html, headers, expires_at, erase_when_finished, next_attempt_at)
     select channel, recipient, subject, body, html, headers, expires_at, erase_when_finished,
            now() + make_interval(secs => $9)
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[],
                   $8::boolean[]) with ordinality
            as written(channel, recipient, subject, body, html, headers, expires_at, erase_when_finished, n)
      order by n
     returning id${holdSeconds === 0 ? `, pg_notify('${OUTGOING_MESSAGES_WRITTEN}', '')` : ""}`,
    [
      column("channel"),
      column("recipient"),
      column("subject"),
      column("body"),
      column("html"),
      column("headers").map((headers) => (headers === null ? null : JSON.stringify(headers))),
      column("expiresAt"),
      column("eraseWhenFinished"),
      holdSeconds,
    ],
    holdSeconds === 0 ? "outgoing_messages_written" : "outgoing_messages_written_held",
  );
  return rows.map((row) => row.id);
}

/**
 * Claims messages to send, for `leaseSeconds`: those due (or with a lapsed lease: their instance died mid-send),
 * or exactly `ids` when given (the request that wrote them, whatever their hold). SKIP LOCKED and the status
 * change in one statement: two instances claiming at once get different rows. Each claim counts as an attempt.
 */
export async function claimOutgoingMessages(
  db: Database,
  options: { limit: number; leaseSeconds: number; ids?: readonly number[] },
): Promise<OutgoingMessageRow[]> {
  const which = options.ids
    ? sql`id = any(${sql.param(options.ids)}::int[]) and status = 'pending'`
    : sql`(status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())`;
  const result = await db.execute<{ id: number }>(sql`
    with claimable as (
      select id from outgoing_messages
       where ${which}
       order by next_attempt_at, id
       limit ${options.limit}
         for update skip locked)
    update outgoing_messages m
       set status = 'sending', attempts = m.attempts + 1,
           lease_until = now() + make_interval(secs => ${options.leaseSeconds})
      from claimable
     where m.id = claimable.id
    returning m.id`);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(outgoingMessages).where(inArray(outgoingMessages.id, ids)).orderBy(outgoingMessages.id);
}

/** A finished message marked for erasure keeps only that it was sent (or given up), when, and its subject. */
const ERASE_IF_MARKED = sql`recipient = case when erase_when_finished then 'erased' else recipient end,
    body = case when erase_when_finished then '' else body end,
    html = case when erase_when_finished then null else html end`;

/**
 * The end of one attempt. Conditional on the attempt still being ours (status and attempt count), so a worker
 * that outlived its lease cannot overwrite the outcome of the instance that took over. False when it was not ours.
 */
export async function finishAttempt(
  db: Database,
  claimed: Pick<OutgoingMessageRow, "id" | "attempts">,
  outcome: { retryInSeconds: number; error: string } | { dead: true; error: string },
): Promise<boolean> {
  const set =
    "retryInSeconds" in outcome
      ? sql`status = 'pending', last_error = ${outcome.error},
              next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds})`
      : sql`status = 'dead', finished_at = now(), last_error = ${outcome.error}, ${ERASE_IF_MARKED}`;
  const result = await db.execute(sql`
    update outgoing_messages set ${set}, lease_until = null
     where id = ${claimed.id} and status = 'sending' and attempts = ${claimed.attempts}`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * The end of attempts that sent their message, in one statement, on finishAttempt's condition: one answer per
 * attempt, in order, false for one that was no longer ours.
 */
export async function finishSentAttempts(
  db: Database,
  claimed: readonly Pick<OutgoingMessageRow, "id" | "attempts">[],
): Promise<boolean[]> {
  const result = await db.execute<{ id: number; attempts: number }>(sql`
    update outgoing_messages m
       set status = 'sent', finished_at = now(), last_error = null, lease_until = null, ${ERASE_IF_MARKED}
      from unnest(${sql.param(claimed.map((c) => c.id))}::int[], ${sql.param(claimed.map((c) => c.attempts))}::int[])
           as ours(id, attempts)
     where m.id = ours.id and m.status = 'sending' and m.attempts = ours.attempts
    returning m.id, m.attempts`);
  // By attempt, not message: a stale claim and its successor name the same message.
  const finished = new Set(result.rows.map((row) => `${row.id}:${row.attempts}`));
  return claimed.map((c) => finished.has(`${c.id}:${c.attempts}`));
}

/** Rows by status, for the metrics page. */
export async function countOutgoingMessages(db: Database): Promise<Record<OutgoingMessageRow["status"], number>> {
  const result = await db.execute<{ status: OutgoingMessageRow["status"]; count: number }>(sql`
    select status, count(*)::int as count from outgoing_messages group by status`);
  const counts = { pending: 0, sending: 0, sent: 0, dead: 0 };
  for (const row of result.rows) counts[row.status] = row.count;
  return counts;
}

/** Drops sent messages after `sentDays` and dead ones after `deadDays` (System Logs keeps their failure). */
export async function deleteFinishedOutgoingMessages(
  db: Database,
  retention: { sentDays: number; deadDays: number },
): Promise<number> {
  const result = await db.execute(sql`
    delete from outgoing_messages
     where (status = 'sent' and finished_at < now() - make_interval(days => ${retention.sentDays}))
        or (status = 'dead' and finished_at < now() - make_interval(days => ${retention.deadDays}))`);
  return result.rowCount ?? 0;
}
