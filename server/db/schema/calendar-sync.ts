import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { properties } from "./properties";

/**
 * The secret address of a listing's calendar feed (/ical/<token>.ics), one per listing. The feed is looked up by the
 * SHA-256 of the token, so how long a lookup takes says nothing about a guessed token; the token itself is kept so
 * the landlord can copy the address again. Renewing replaces the row, and the old address stops answering.
 */
export const calendarExports = pgTable(
  "calendar_exports",
  {
    propertyId: integer("property_id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    tokenSha256: text("token_sha256").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("calendar_exports_token_sha256_key").on(t.tokenSha256)],
);

/**
 * Another site's calendar of the listing (Airbnb, Booking.com, a spreadsheet tool…), fetched every so often. What
 * the last attempt gave is kept on the row so the landlord sees whether the sync works.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    /** The landlord's name for it ("Airbnb"), shown beside its nights. */
    name: text("name").notNull(),
    url: text("url").notNull(),
    createdAt: createdAtColumn(),
    /** When the poll job should fetch it next; claiming a feed moves this on, so two instances never both fetch. */
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last fetch that worked and replaced the feed's stays. */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** ok or failed (the last attempt); the stays of the last good fetch are kept after a failure. */
    lastStatus: text("last_status").notNull().default("ok"),
    lastError: text("last_error"),
    eventCount: integer("event_count").notNull().default(0),
    /** The feed's own validators from its last full answer (ETag, Last-Modified), sent back to ask "changed?". */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** When the feed's text was last read in full (an "unchanged" answer does not move it). */
    contentFetchedAt: timestamp("content_fetched_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("calendar_feeds_property_url_key").on(t.propertyId, t.url),
    index("calendar_feeds_next_sync_idx").on(t.nextSyncAt),
    check("calendar_feeds_last_status", sql`${t.lastStatus} in ('ok', 'failed')`),
  ],
);

/**
 * One event of an imported feed: a stay (or a block) on another site, as its whole span from the first night to the
 * check-out day. Its nights cannot be booked here (trigger bookings_no_blocked_nights), and each row is one stay for
 * the counts that need stays. A new fetch of the feed replaces all its rows.
 */
export const importedStays = pgTable(
  "imported_stays",
  {
    id: idColumn(),
    feedId: requiredRef("feed_id", () => calendarFeeds.id, "cascade"),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    uid: text("uid").notNull(),
    startsOn: date("starts_on").notNull(),
    /** The check-out day: the last night is the day before. */
    endsOn: date("ends_on").notNull(),
    summary: text("summary"),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("imported_stays_feed_idx").on(t.feedId),
    // The booking trigger, quotes and searches ask "does an imported stay of this listing share a night with these?".
    index("imported_stays_nights_idx").using("gist", t.propertyId, sql`daterange(${t.startsOn}, ${t.endsOn}, '[)')`),
    check("imported_stays_ends_after_start", sql`${t.endsOn} > ${t.startsOn}`),
  ],
);

/**
 * An imported stay that overlaps one of our live bookings, remembered so the landlord is told (and System Logs
 * written) once, not on every poll. A sync forgets the ones that no longer overlap.
 */
export const calendarSyncConflicts = pgTable(
  "calendar_sync_conflicts",
  {
    id: idColumn(),
    feedId: requiredRef("feed_id", () => calendarFeeds.id, "cascade"),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    bookingId: requiredRef("booking_id", () => bookings.id, "cascade"),
    uid: text("uid").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_sync_conflicts_key").on(t.feedId, t.uid, t.bookingId),
    index("calendar_sync_conflicts_property_idx").on(t.propertyId),
  ],
);
