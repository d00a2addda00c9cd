import { z } from "zod";
import { BOOKING_STATUSES } from "../domain/property-options";
import { ZUrlId } from "./ids";
import { ZPropertyRef } from "./properties";

/**
 * Calendar sync of one listing: the secret address of its own feed (booked and blocked nights, for other sites to
 * import), and the feeds of other sites it imports, whose nights then cannot be booked here.
 */

/** A listing imports at most this many feeds. */
export const MAX_CALENDAR_FEEDS = 10;
export const TOO_MANY_FEEDS = `A listing can import at most ${MAX_CALENDAR_FEEDS} calendars.`;
export const FEED_ALREADY_ADDED = "This calendar is already imported for this listing.";
/** The most a feed may weigh; reading stops beyond it. */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;
export const FEED_URL_MAX_LENGTH = 2000;
export const ONLY_WEB_ADDRESSES = "The calendar address must start with https:// or http://";

/**
 * A feed address as sites hand it out. webcal:// (Apple's and Google's name for a calendar to subscribe to) is the
 * same feed over https.
 */
export const ZFeedUrl = z
  .string({ error: "The calendar address is required" })
  .trim()
  .min(1, "The calendar address is required")
  .max(FEED_URL_MAX_LENGTH, `The calendar address must be at most ${FEED_URL_MAX_LENGTH} characters`)
  .transform((value) => value.replace(/^webcals?:\/\//i, "https://"))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, ONLY_WEB_ADDRESSES);

/** POST /api/properties/{id}/calendar-feeds. */
export const ZAddCalendarFeed = z.strictObject({
  url: ZFeedUrl,
  /** Shown beside the nights it blocks; the address's host when left out. */
  name: z
    .string()
    .trim()
    .max(60, "The name must be at most 60 characters")
    .optional()
    .transform((name) => name || undefined),
});
export type TAddCalendarFeed = z.input<typeof ZAddCalendarFeed>;

export const ZCalendarFeedParams = ZPropertyRef.extend({
  feedId: ZUrlId("feedId"),
});

export const FEED_STATUSES = ["ok", "failed"] as const;

export const ZCalendarFeed = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** ok: the last fetch worked; failed: it did not (lastError says why), and the nights of the last good one stay. */
  status: z.enum(FEED_STATUSES),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Events kept from the last good fetch. */
  eventCount: z.number().int(),
  createdAt: z.string(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/** An imported stay that shares nights with one of our pending or confirmed bookings. */
export const ZCalendarConflict = z.object({
  feedId: z.number().int(),
  feedName: z.string(),
  startsOn: z.string(),
  /** The check-out day of the imported stay. */
  endsOn: z.string(),
  booking: z.object({
    id: z.number().int(),
    reference: z.string(),
    status: z.enum(BOOKING_STATUSES),
    checkInDate: z.string(),
    checkOutDate: z.string(),
  }),
  detectedAt: z.string(),
});
export type TCalendarConflict = z.infer<typeof ZCalendarConflict>;

/** GET /api/properties/{id}/calendar-sync. */
export const ZCalendarSync = z.object({
  /** The listing's own feed; anyone holding it can read the listing's booked and blocked nights (no guest details). */
  exportUrl: z.string(),
  feeds: z.array(ZCalendarFeed),
  conflicts: z.array(ZCalendarConflict),
});
export type TCalendarSync = z.infer<typeof ZCalendarSync>;

export const ZCalendarExport = ZCalendarSync.pick({ exportUrl: true });

/** GET /ical/{token}.ics; an address of any other shape is the 404 of an unknown one. */
export const ZCalendarExportParams = z.object({ file: z.string().max(200) });
