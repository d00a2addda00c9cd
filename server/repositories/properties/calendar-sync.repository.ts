import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../../common/domain/booking-status";
import type { Database, Db, Tx } from "../../db/client";
import {
  availability,
  bookings,
  calendarExports,
  calendarFeeds,
  calendarSyncConflicts,
  importedStays,
  properties,
} from "../../db/schema";
import { blockedNightsWhere } from "../availability.repository";

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
export type ImportedEvent = { uid: string; startsOn: string; endsOn: string; summary: string | null };

// ---------------------------------------------------------------- our feed

/** The listing's feed token, made with `fresh` when it has none yet. */
export async function exportTokenFor(db: Database, propertyId: number, fresh: { token: string; sha256: string }) {
  await db
    .insert(calendarExports)
    .values({ propertyId, token: fresh.token, tokenSha256: fresh.sha256 })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: calendarExports.token })
    .from(calendarExports)
    .where(eq(calendarExports.propertyId, propertyId));
  if (!row) throw new Error("calendar export not kept");
  return row.token;
}

/** A new token for the listing's feed; the old one stops working with this statement. */
export async function replaceExportToken(db: Database, propertyId: number, fresh: { token: string; sha256: string }) {
  await db
    .insert(calendarExports)
    .values({ propertyId, token: fresh.token, tokenSha256: fresh.sha256 })
    .onConflictDoUpdate({
      target: calendarExports.propertyId,
      set: { token: fresh.token, tokenSha256: fresh.sha256, createdAt: sql`now()` },
    });
}

/** The listing whose feed token has this SHA-256, if any. */
export async function findExportByHash(db: Database, sha256: string) {
  const [row] = await db
    .select({ propertyId: properties.id, title: properties.title })
    .from(calendarExports)
    .innerJoin(properties, eq(properties.id, calendarExports.propertyId))
    .where(eq(calendarExports.tokenSha256, sha256));
  return row;
}

/** Pending and confirmed stays ending after `from`, without anything about their guests. */
export async function liveStaysFrom(db: Database, propertyId: number, from: string) {
  return db
    .select({ id: bookings.id, checkIn: bookings.checkIn, checkOut: bookings.checkOut })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        inArray(bookings.status, [...HOLDING_STATUSES]),
        sql`${bookings.checkOut} > ${from}::date`,
      ),
    )
    .orderBy(asc(bookings.checkIn));
}

/** Blocked nights (the landlord's and maintenance jobs') from `from` on. */
export async function blockedNightsFrom(db: Database, propertyId: number, from: string): Promise<string[]> {
  const rows = await db
    .select({ date: availability.date })
    .from(availability)
    .where(blockedNightsWhere(propertyId, from))
    .orderBy(asc(availability.date));
  return rows.map((r) => r.date);
}

// ---------------------------------------------------------------- other sites' feeds

export async function listFeeds(db: Db, propertyId: number): Promise<CalendarFeedRow[]> {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, propertyId)).orderBy(asc(calendarFeeds.id));
}

export async function findFeed(db: Db, propertyId: number, feedId: number): Promise<CalendarFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)));
  return row;
}

/** The feed's stays go with it (cascade), so its nights are free again. */
export async function deleteFeed(db: Database, propertyId: number, feedId: number): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/**
 * Holds the property row FOR UPDATE until the transaction ends: the lock of a landlord's block, which the booking
 * trigger waits for (KEY SHARE). A booking in flight finishes first and is seen by the overlap check; one that
 * starts later waits and then sees the imported nights. Undefined when the property is gone.
 */
export async function lockPropertyForImport(tx: Tx, propertyId: number): Promise<boolean> {
  const locked = await tx.execute(sql`select 1 from ${properties} where ${properties.id} = ${propertyId} for update`);
  return locked.rows.length > 0;
}

export async function countFeeds(tx: Tx, propertyId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.propertyId, propertyId));
  return row?.n ?? 0;
}

export async function insertFeed(tx: Tx, values: { propertyId: number; name: string; url: string }) {
  const [row] = await tx.insert(calendarFeeds).values(values).returning();
  if (!row) throw new Error("calendar feed not inserted");
  return row;
}

/**
 * A good fetch: the feed's stays become `events` (a night no longer in the feed is free again), and its row says so.
 * The next scheduled fetch is `nextSyncAt`.
 */
export async function replaceFeedStays(
  tx: Tx,
  feed: { id: number; propertyId: number },
  events: readonly ImportedEvent[],
  validators: { etag: string | null; lastModified: string | null },
  nextSyncAt: Date,
): Promise<CalendarFeedRow> {
  await tx.delete(importedStays).where(eq(importedStays.feedId, feed.id));
  // In slices: a feed of thousands of events stays under PostgreSQL's limit on parameters per statement.
  for (let i = 0; i < events.length; i += 1000) {
    await tx
      .insert(importedStays)
      .values(events.slice(i, i + 1000).map((event) => ({ ...event, feedId: feed.id, propertyId: feed.propertyId })));
  }
  const [row] = await tx
    .update(calendarFeeds)
    .set({
      lastAttemptAt: sql`now()`,
      lastSyncedAt: sql`now()`,
      lastStatus: "ok",
      lastError: null,
      eventCount: events.length,
      etag: validators.etag,
      lastModified: validators.lastModified,
      contentFetchedAt: sql`now()`,
      nextSyncAt,
    })
    .where(eq(calendarFeeds.id, feed.id))
    .returning();
  if (!row) throw new Error("calendar feed gone");
  return row;
}

/** The feed's server answered "unchanged": the sync worked, and the stays of the last full answer stand. */
export async function markFeedUnchanged(db: Database, feedId: number, nextSyncAt: Date) {
  const [row] = await db
    .update(calendarFeeds)
    .set({ lastAttemptAt: sql`now()`, lastSyncedAt: sql`now()`, lastStatus: "ok", lastError: null, nextSyncAt })
    .where(eq(calendarFeeds.id, feedId))
    .returning();
  return row;
}

/** A failed fetch: said on the row; the stays of the last good fetch keep their nights. */
export async function markFeedFailed(db: Database, feedId: number, message: string, nextSyncAt: Date) {
  const [row] = await db
    .update(calendarFeeds)
    .set({ lastAttemptAt: sql`now()`, lastStatus: "failed", lastError: message.slice(0, 500), nextSyncAt })
    .where(eq(calendarFeeds.id, feedId))
    .returning();
  return row;
}

/**
 * Feeds due for a fetch, at most `limit`, each moved to `nextSyncAt` in the same statement: another instance running
 * the job at the same time skips them (SKIP LOCKED) and then finds them no longer due.
 */
export async function claimDueFeeds(db: Database, limit: number, nextSyncAt: Date): Promise<CalendarFeedRow[]> {
  const claimed = await db.execute<{ id: number }>(sql`
    update ${calendarFeeds} set next_sync_at = ${nextSyncAt.toISOString()}::timestamptz
     where id in (select id from ${calendarFeeds} where next_sync_at <= now()
                   order by next_sync_at limit ${limit} for update skip locked)
    returning id`);
  const ids = claimed.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(calendarFeeds).where(inArray(calendarFeeds.id, ids)).orderBy(asc(calendarFeeds.id));
}

// ---------------------------------------------------------------- conflicts

export type NewConflict = {
  bookingId: number;
  uid: string;
  startsOn: string;
  endsOn: string;
  checkIn: string;
  checkOut: string;
};

/**
 * Brings the feed's remembered conflicts up to date with its stays and the live bookings: answers the ones that are
 * new (to be told once), and forgets those that no longer overlap (a stay moved, a booking cancelled).
 */
export async function refreshConflicts(tx: Tx, feedId: number): Promise<NewConflict[]> {
  const current = await tx.execute<{
    booking_id: number;
    uid: string;
    starts_on: string;
    ends_on: string;
    check_in: string;
    check_out: string;
    property_id: number;
  }>(sql`
    select distinct on (s.uid, b.id) b.id as booking_id, s.uid, s.starts_on::text, s.ends_on::text,
           b.check_in::text, b.check_out::text, s.property_id
      from ${importedStays} s
      join ${bookings} b on b.property_id = s.property_id
       and b.status in ('pending', 'confirmed')
       and daterange(b.check_in, b.check_out, '[)') && daterange(s.starts_on, s.ends_on, '[)')
     where s.feed_id = ${feedId}
     order by s.uid, b.id, s.starts_on`);
  const keyOf = (uid: string, bookingId: number) => `${uid}\u0000${bookingId}`;
  const keys = new Set(current.rows.map((r) => keyOf(r.uid, r.booking_id)));
  const known = await tx
    .select({
      id: calendarSyncConflicts.id,
      uid: calendarSyncConflicts.uid,
      bookingId: calendarSyncConflicts.bookingId,
    })
    .from(calendarSyncConflicts)
    .where(eq(calendarSyncConflicts.feedId, feedId));
  const gone = known.filter((c) => !keys.has(keyOf(c.uid, c.bookingId))).map((c) => c.id);
  if (gone.length > 0) await tx.delete(calendarSyncConflicts).where(inArray(calendarSyncConflicts.id, gone));
  if (current.rows.length === 0) return [];
  const inserted = await tx
    .insert(calendarSyncConflicts)
    .values(
      current.rows.map((r) => ({
        feedId,
        propertyId: r.property_id,
        bookingId: r.booking_id,
        uid: r.uid,
        startsOn: r.starts_on,
        endsOn: r.ends_on,
      })),
    )
    .onConflictDoNothing()
    .returning({ bookingId: calendarSyncConflicts.bookingId, uid: calendarSyncConflicts.uid });
  const isNew = new Set(inserted.map((r) => keyOf(r.uid, r.bookingId)));
  return current.rows
    .filter((r) => isNew.has(keyOf(r.uid, r.booking_id)))
    .map((r) => ({
      bookingId: r.booking_id,
      uid: r.uid,
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      checkIn: r.check_in,
      checkOut: r.check_out,
    }));
}

/** The listing's conflicts whose booking still holds its nights, soonest first. */
export async function liveConflicts(db: Database, propertyId: number) {
  return db
    .select({
      feedId: calendarSyncConflicts.feedId,
      feedName: calendarFeeds.name,
      startsOn: calendarSyncConflicts.startsOn,
      endsOn: calendarSyncConflicts.endsOn,
      detectedAt: calendarSyncConflicts.detectedAt,
      bookingId: bookings.id,
      bookingStatus: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(calendarSyncConflicts)
    .innerJoin(calendarFeeds, eq(calendarFeeds.id, calendarSyncConflicts.feedId))
    .innerJoin(bookings, eq(bookings.id, calendarSyncConflicts.bookingId))
    .where(and(eq(calendarSyncConflicts.propertyId, propertyId), inArray(bookings.status, [...HOLDING_STATUSES])))
    .orderBy(asc(calendarSyncConflicts.startsOn), asc(bookings.id));
}

// ---------------------------------------------------------------- imported nights elsewhere

/** Imported stays of the listing that share a night with [from, until), with the name of their feed. */
export async function importedStaysBetween(db: Database, propertyId: number, from: string, until: string) {
  return db
    .select({
      startsOn: importedStays.startsOn,
      endsOn: importedStays.endsOn,
      summary: importedStays.summary,
      feedName: calendarFeeds.name,
    })
    .from(importedStays)
    .innerJoin(calendarFeeds, eq(calendarFeeds.id, importedStays.feedId))
    .where(
      and(
        eq(importedStays.propertyId, propertyId),
        lt(importedStays.startsOn, until),
        sql`${importedStays.endsOn} > ${from}::date`,
      ),
    )
    .orderBy(asc(importedStays.startsOn));
}
