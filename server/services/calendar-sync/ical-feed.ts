import ICAL from "ical.js";
import { addDays, isCalendarDate, londonToday } from "../../../common/domain/calendar-dates";
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE } from "../../../common/schemas/landlord-properties";

/**
 * Reading other sites' calendar feeds and writing ours, with ical.js (RFC 5545). Nights are London calendar days:
 * an all-day event's dates are taken as written, and a timed one runs from the London day it starts to the London
 * day it ends (a 15:00 arrival on the 1st and an 11:00 departure on the 3rd are the nights of the 1st and 2nd).
 */

/** One event of a feed as we keep it: its whole span, the check-out day exclusive. */
export type FeedEvent = { uid: string; startsOn: string; endsOn: string; summary: string | null };

/** A feed of more events than this is not a listing's calendar. */
export const MAX_FEED_EVENTS = 5000;

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedFormatError";
  }
}

const NOT_A_CALENDAR = "The address did not give an iCal calendar (.ics). Check that you copied the export link.";

function dayOf(time: ICAL.Time): string {
  // A floating time (or a zone the feed names but does not define) is a wall-clock time in London.
  if (time.isDate || !time.zone || time.zone.tzid === "floating") {
    return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  }
  return londonToday(time.toJSDate());
}

/** A property's text, without the NUL characters PostgreSQL text cannot hold. */
const textOf = (value: unknown) =>
  String(value ?? "")
    .replaceAll("\u0000", "")
    .trim();

const inCalendar = (date: string) => isCalendarDate(date) && date >= CALENDAR_FIRST_DATE && date <= CALENDAR_LAST_DATE;

/**
 * The events of a feed that make nights unavailable. Cancelled events and those marked free (TRANSP:TRANSPARENT)
 * are left out, as are events with no start or outside the years 2000 to 2100. A repeating event counts once, as
 * its first occurrence: booking sites never repeat stays. Anything that is not a calendar is a FeedFormatError.
 */
export function parseFeed(text: string): FeedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedFormatError(NOT_A_CALENDAR);
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    // Several calendars in one file: the first is the feed.
    const first = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(first as unknown[]);
  } catch {
    throw new FeedFormatError(`${NOT_A_CALENDAR} (It could not be read as iCal.)`);
  }
  if (root.name !== "vcalendar") throw new FeedFormatError(NOT_A_CALENDAR);
  const vevents = root.getAllSubcomponents("vevent");
  if (vevents.length > MAX_FEED_EVENTS) {
    throw new FeedFormatError(`The calendar has more than ${MAX_FEED_EVENTS.toLocaleString("en-GB")} events.`);
  }

  const events: FeedEvent[] = [];
  for (const vevent of vevents) {
    const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
    const transparency = String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase();
    if (status === "CANCELLED" || transparency === "TRANSPARENT") continue;
    let start: ICAL.Time | null;
    let end: ICAL.Time | null;
    try {
      const event = new ICAL.Event(vevent);
      start = event.startDate ?? null;
      end = event.endDate ?? null;
    } catch {
      continue;
    }
    if (!start) continue;
    const startsOn = dayOf(start);
    let endsOn = end ? dayOf(end) : addDays(startsOn, 1);
    if (!inCalendar(startsOn) || !inCalendar(endsOn)) continue;
    // A same-day event (a timed one, or a DTEND equal to DTSTART) still takes that night.
    if (endsOn <= startsOn) endsOn = addDays(startsOn, 1);
    const uid = textOf(vevent.getFirstPropertyValue("uid"));
    const summary = textOf(vevent.getFirstPropertyValue("summary"));
    events.push({
      uid: (uid || `no-uid-${startsOn}-${endsOn}`).slice(0, 500),
      startsOn,
      endsOn,
      summary: summary ? summary.slice(0, 200) : null,
    });
  }
  return events;
}

/** An event of our feed: a stay or a run of blocked nights, with an id that stays the same from fetch to fetch. */
export type ExportEvent = { uid: string; startsOn: string; endsOn: string; summary: string };

/** Our feed: all-day events, nothing about who stays. */
export function buildFeed(name: string, events: readonly ExportEvent[], now: Date = new Date()): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//StayLondon//Calendar sync//EN");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  calendar.updatePropertyWithValue("x-wr-calname", name);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const item of events) {
    const event = new ICAL.Component("vevent");
    event.updatePropertyWithValue("uid", item.uid);
    event.updatePropertyWithValue("dtstamp", stamp);
    event.updatePropertyWithValue("dtstart", ICAL.Time.fromDateString(item.startsOn));
    event.updatePropertyWithValue("dtend", ICAL.Time.fromDateString(item.endsOn));
    event.updatePropertyWithValue("summary", item.summary);
    event.updatePropertyWithValue("transp", "OPAQUE");
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}

/** Consecutive nights as runs: ['2027-01-01', '2027-01-02', '2027-01-05'] → two runs, the check-out day exclusive. */
export function nightRuns(nights: readonly string[]): { startsOn: string; endsOn: string }[] {
  const runs: { startsOn: string; endsOn: string }[] = [];
  for (const night of [...nights].sort()) {
    const last = runs.at(-1);
    if (last && last.endsOn === night) last.endsOn = addDays(night, 1);
    else if (!last || night >= last.endsOn) runs.push({ startsOn: night, endsOn: addDays(night, 1) });
  }
  return runs;
}
