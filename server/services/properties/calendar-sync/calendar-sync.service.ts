import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { addDays, formatNightRange, londonToday } from "../../../../common/domain/calendar-dates";
import { bookingReference } from "../../../../common/schemas/bookings";
import {
  FEED_ALREADY_ADDED,
  MAX_CALENDAR_FEEDS,
  type TCalendarFeed,
  type TCalendarSync,
  TOO_MANY_FEEDS,
} from "../../../../common/schemas/calendar-sync";
import { type Actor, propertyOr404 } from "../../../access/records";
import type { Database, Tx } from "../../../db/client";
import { AppError, ConflictError, notFound, UnprocessableError } from "../../../lib/errors";
import { weakEtag } from "../../../lib/etags";
import { auditLabel } from "../../../lib/person-names";
import { PG, pgErrorCode } from "../../../lib/postgres-errors";
import { recordAudit } from "../../../repositories/audit-logs.repository";
import {
  blockedNightsFrom,
  type CalendarFeedRow,
  claimDueFeeds,
  countFeeds,
  deleteFeed,
  exportTokenFor,
  findExportByHash,
  findFeed,
  insertFeed,
  listFeeds,
  liveConflicts,
  liveStaysFrom,
  lockPropertyForImport,
  markFeedFailed,
  markFeedUnchanged,
  type NewConflict,
  refreshConflicts,
  replaceExportToken,
  replaceFeedStays,
} from "../../../repositories/properties/calendar-sync.repository";
import { findPropertyOwnership } from "../../../repositories/properties/ownership.repository";
import { findUserById } from "../../../repositories/users.repository";
import { FeedFetchError, type FeedValidators, fetchFeed } from "./feed-fetcher";
import { buildFeed, type ExportEvent, type FeedEvent, FeedFormatError, nightRuns, parseFeed } from "./ical-feed";

/** A feed read in full: its events, and what its server said identifies this version of it. */
type FullRead = { changed: true; events: FeedEvent[]; validators: FeedValidators };

/** Who asked: named in System Logs when a sync they started finds an overlap. */
type Landlord = Actor & { email: string; firstName: string | null; lastName: string | null };

export type CalendarSyncSettings = {
  publicUrl: string;
  /** Minutes between two fetches of one feed. */
  syncMinutes: number;
  fetchTimeoutMs: number;
  /** Private and loopback feed addresses allowed: tests and local development only. */
  allowPrivateHosts: boolean;
};

/** Feeds one run of the poll job fetches at most, one after another. */
const FEEDS_PER_RUN = 25;
/**
 * A feed is read in full at least this often, even when its server keeps answering "unchanged": its repeating events
 * are expanded over a window that moves with today (parseFeed), so an unchanged text can still block new nights.
 */
const FULL_READ_EVERY_MS = 24 * 60 * 60 * 1000;
const EXPORT_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, sha256: sha256(token) };
}

/**
 * Calendar sync of a listing (decision 017): its own feed at a secret address, and other sites' feeds imported on a
 * schedule and on demand. Every landlord method starts with the access check of the listing's other landlord
 * routes, so anyone but the owner or an admin gets the 404 of a listing that does not exist.
 */
export class CalendarSyncService {
  constructor(
    private readonly db: Database,
    private readonly settings: CalendarSyncSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async overview(user: Landlord, propertyRef: string): Promise<TCalendarSync> {
    const property = await propertyOr404(this.db, propertyRef, user, "read");
    const [token, feeds, conflicts] = await Promise.all([
      exportTokenFor(this.db, property.id, newToken()),
      listFeeds(this.db, property.id),
      liveConflicts(this.db, property.id),
    ]);
    return {
      exportUrl: this.exportUrl(token),
      feeds: feeds.map(toFeed),
      conflicts: conflicts.map((c) => ({
        feedId: c.feedId,
        feedName: c.feedName,
        startsOn: c.startsOn,
        endsOn: c.endsOn,
        detectedAt: c.detectedAt.toISOString(),
        booking: {
          id: c.bookingId,
          reference: bookingReference(c.bookingId),
          status: c.bookingStatus,
          checkInDate: c.checkIn,
          checkOutDate: c.checkOut,
        },
      })),
    };
  }

  /** A new secret address; the old one answers 404 from now on. */
  async renewExport(user: Landlord, propertyRef: string): Promise<{ exportUrl: string }> {
    const property = await propertyOr404(this.db, propertyRef, user);
    const fresh = newToken();
    await replaceExportToken(this.db, property.id, fresh);
    return { exportUrl: this.exportUrl(fresh.token) };
  }

  /**
   * GET /ical/{token}.ics: the listing's booked nights (pending and confirmed stays) and blocked nights from the
   * start of this year, as all-day events saying only "Booked" or "Not available". Nights imported from other sites
   * are left out: sent back to the site they came from, they would block that site's own booking there.
   */
  async exportFeed(file: string): Promise<{ body: string; etag: string }> {
    const token = EXPORT_FILE.exec(file)?.[1];
    const listing = token ? await findExportByHash(this.db, sha256(token)) : undefined;
    if (!listing) throw notFound("Calendar not found");
    const from = `${londonToday(this.now()).slice(0, 4)}-01-01`;
    const [stays, blocked] = await Promise.all([
      liveStaysFrom(this.db, listing.propertyId, from),
      blockedNightsFrom(this.db, listing.propertyId, from),
    ]);
    const events: ExportEvent[] = [
      ...stays.map((stay) => ({
        uid: `booking-${stay.id}@staylondon`,
        startsOn: stay.checkIn,
        endsOn: stay.checkOut,
        summary: "Booked",
      })),
      // Named by the listing and the first night: a run that is not changed keeps its id.
      ...nightRuns(blocked).map((run) => ({
        uid: `blocked-${listing.propertyId}-${run.startsOn}@staylondon`,
        ...run,
        summary: "Not available",
      })),
    ].sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.uid.localeCompare(b.uid));
    const name = `StayLondon: ${listing.title}`;
    // Of what the feed says, not of its text: each answer is stamped with the time it was made (DTSTAMP).
    const etag = weakEtag(name, JSON.stringify(events));
    return { body: buildFeed(name, events, this.now()), etag };
  }

  /** Fetches the feed first: one that cannot be read is refused (422) and nothing is kept. */
  async addFeed(user: Landlord, propertyRef: string, input: { url: string; name?: string | undefined }) {
    const property = await propertyOr404(this.db, propertyRef, user);
    const read = await this.read(input.url);
    const name = input.name ?? new URL(input.url).hostname;
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await lockPropertyForImport(tx, property.id))) throw notFound("Property not found");
        if ((await countFeeds(tx, property.id)) >= MAX_CALENDAR_FEEDS) throw new ConflictError(TOO_MANY_FEEDS);
        const feed = await insertFeed(tx, { propertyId: property.id, name, url: input.url });
        const saved = await this.keep(tx, feed, read.events, read.validators, user);
        return toFeed(saved);
      });
    } catch (error) {
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION) throw new ConflictError(FEED_ALREADY_ADDED);
      throw error;
    }
  }

  async removeFeed(user: Landlord, propertyRef: string, feedId: number): Promise<{ deleted: true }> {
    const property = await propertyOr404(this.db, propertyRef, user);
    if (!(await deleteFeed(this.db, property.id, feedId))) throw notFound("Calendar feed not found");
    return { deleted: true };
  }

  /** "Sync now": a feed that cannot be read is a 422, said on the feed too; its nights stay as they were. */
  async syncFeed(user: Landlord, propertyRef: string, feedId: number): Promise<TCalendarFeed> {
    const property = await propertyOr404(this.db, propertyRef, user);
    const feed = await findFeed(this.db, property.id, feedId);
    if (!feed) throw notFound("Calendar feed not found");
    return toFeed(await this.sync(feed, user));
  }

  /** One run of the poll job: the feeds due, each fetched in turn; a feed that fails is said on its row. */
  async syncDueFeeds(): Promise<{ synced: number; failed: number }> {
    const due = await claimDueFeeds(this.db, FEEDS_PER_RUN, this.nextSync());
    let failed = 0;
    for (const feed of due) {
      try {
        await this.sync(feed, null);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed += 1;
      }
    }
    return { synced: due.length - failed, failed };
  }

  private async sync(feed: CalendarFeedRow, user: Landlord | null): Promise<CalendarFeedRow> {
    let read: FullRead | { changed: false };
    try {
      read = await this.read(feed.url, this.validatorsToSend(feed));
    } catch (error) {
      if (error instanceof AppError) await markFeedFailed(this.db, feed.id, error.message, this.nextSync());
      throw error;
    }
    if (!read.changed) {
      // The same feed as last time: its stays stand, and the landlord sees that the sync worked just now.
      const unchanged = await markFeedUnchanged(this.db, feed.id, this.nextSync());
      if (!unchanged) throw notFound("Calendar feed not found");
      return unchanged;
    }
    const saved = await this.db.transaction(async (tx) => {
      if (!(await lockPropertyForImport(tx, feed.propertyId))) return undefined;
      // Removed meanwhile: nothing to keep.
      if (!(await findFeed(tx, feed.propertyId, feed.id))) return undefined;
      return this.keep(tx, feed, read.events, read.validators, user);
    });
    if (!saved) throw notFound("Calendar feed not found");
    return saved;
  }

  /** The last full answer's validators, while that answer is recent enough to stand for the feed. */
  private validatorsToSend(feed: CalendarFeedRow): FeedValidators | undefined {
    if (!feed.contentFetchedAt || (!feed.etag && !feed.lastModified)) return undefined;
    if (this.now().getTime() - feed.contentFetchedAt.getTime() >= FULL_READ_EVERY_MS) return undefined;
    return { etag: feed.etag, lastModified: feed.lastModified };
  }

  /**
   * The feed's text as events, or "unchanged" when validators were sent and its server says so; a FeedFetchError
   * or FeedFormatError becomes the 422 the landlord reads.
   */
  private async read(url: string): Promise<FullRead>;
  private async read(url: string, validators: FeedValidators | undefined): Promise<FullRead | { changed: false }>;
  private async read(url: string, validators?: FeedValidators): Promise<FullRead | { changed: false }> {
    try {
      const answer = await fetchFeed(url, {
        timeoutMs: this.settings.fetchTimeoutMs,
        allowPrivateHosts: this.settings.allowPrivateHosts,
        validators,
      });
      if (!answer.changed) return answer;
      return {
        changed: true,
        events: parseFeed(answer.text),
        validators: { etag: answer.etag, lastModified: answer.lastModified },
      };
    } catch (error) {
      if (error instanceof FeedFetchError || error instanceof FeedFormatError) {
        this.log.info({ url: redacted(url), reason: error.message }, "calendar feed refused");
        throw new UnprocessableError(error.message);
      }
      throw error;
    }
  }

  /** Inside the property's lock: the stays replaced, and each overlap with a live booking told once. */
  private async keep(
    tx: Tx,
    feed: CalendarFeedRow,
    events: FeedEvent[],
    validators: FeedValidators,
    user: Landlord | null,
  ) {
    const saved = await replaceFeedStays(tx, feed, events, validators, this.nextSync());
    const conflicts = await refreshConflicts(tx, feed.id);
    if (conflicts.length > 0) await this.recordConflicts(tx, feed, conflicts, user);
    return saved;
  }

  private async recordConflicts(tx: Tx, feed: CalendarFeedRow, conflicts: NewConflict[], user: Landlord | null) {
    const property = await findPropertyOwnership(tx, { id: feed.propertyId });
    if (!property) return;
    const owner = await findUserById(tx, property.ownerId);
    const actor = user ? { id: user.id, label: auditLabel(user) } : null;
    for (const conflict of conflicts) {
      const imported = formatNightRange(conflict.startsOn, addDays(conflict.endsOn, -1));
      await recordAudit(tx, {
        type: "warning",
        action: "calendar.conflict",
        message:
          `"${feed.name}" has a stay on ${imported} at "${property.title}" that overlaps booking ` +
          `${bookingReference(conflict.bookingId)} (${formatNightRange(conflict.checkIn, addDays(conflict.checkOut, -1))})`,
        actor,
        subject: owner ? { id: owner.id, label: auditLabel(owner) } : null,
        target: { type: "booking", id: conflict.bookingId },
        details: {
          propertyId: property.id,
          feedId: feed.id,
          importedStartsOn: conflict.startsOn,
          importedEndsOn: conflict.endsOn,
        },
      });
    }
  }

  private exportUrl(token: string): string {
    return `${this.settings.publicUrl}/ical/${token}.ics`;
  }

  private nextSync(): Date {
    return new Date(this.now().getTime() + Math.max(1, this.settings.syncMinutes) * 60_000);
  }
}

/** Feed addresses often carry their own secret: the log keeps the host only. */
function redacted(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a web address)";
  }
}

function toFeed(row: CalendarFeedRow): TCalendarFeed {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.lastStatus === "failed" ? "failed" : "ok",
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    createdAt: row.createdAt.toISOString(),
  };
}
