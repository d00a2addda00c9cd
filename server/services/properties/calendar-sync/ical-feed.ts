import ICAL from "ical.js";
import { addDays, isCalendarDate, londonToday } from "../../../../common/domain/calendar-dates";
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE } from "../../../../common/schemas/landlord-properties";

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
 * How far a repeating event is followed: from the start of last year (the yearly short-let limit looks at whole
 * calendar years) to this many days ahead, which is further than anyone books.
 */
export const REPEAT_HORIZON_DAYS = 3 * 366;

/** A feed whose events, repeats included, take more occurrences than this is not a listing's calendar. */
export const MAX_FEED_OCCURRENCES = 20_000;
/** Steps through repeat rules per feed, skipped ones included: bounds the work an hourly rule from 2000 could cost. */
const MAX_REPEAT_STEPS = 200_000;
const TOO_MANY_REPEATS = `The calendar's events repeat more than ${MAX_FEED_OCCURRENCES.toLocaleString("en-GB")} times.`;

type Span = { startsOn: string; endsOn: string };

/** An occurrence's nights, or null when it is outside the calendar's years. */
function spanOf(start: ICAL.Time | null | undefined, end: ICAL.Time | null | undefined): Span | null {
  if (!start) return null;
  const startsOn = dayOf(start);
  let endsOn = end ? dayOf(end) : addDays(startsOn, 1);
  if (!inCalendar(startsOn) || !inCalendar(endsOn)) return null;
  // A same-day event (a timed one, or a DTEND equal to DTSTART) still takes that night.
  if (endsOn <= startsOn) endsOn = addDays(startsOn, 1);
  return { startsOn, endsOn };
}

/**
 * The last year in which any occurrence of `event` surely ends before `from` (whatever its time zone and length), or
 * -Infinity when an occurrence may have been moved (a RECURRENCE-ID override), and each must be looked at.
 */
function lastYearWhollyBefore(event: ICAL.Event, from: string): number {
  if (Object.keys(event.exceptions).length > 0) return Number.NEGATIVE_INFINITY;
  let seconds: number;
  try {
    seconds = event.duration.toSeconds();
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
  const lengthInYears = Math.ceil(Math.max(0, seconds) / (365 * 24 * 3600));
  return Number(from.slice(0, 4)) - 2 - lengthInYears;
}

/** The nights of an event's first (or only) occurrence; null when its dates cannot be read. */
function firstSpanOf(event: ICAL.Event): Span | null {
  try {
    return spanOf(event.startDate, event.endDate);
  } catch {
    return null;
  }
}

/** Whether an event (or one changed occurrence of it) leaves the nights free: cancelled, or marked free. */
function leavesFree(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transparency === "TRANSPARENT";
}

/**
 * The events of a feed that make nights unavailable. Cancelled events and those marked free (TRANSP:TRANSPARENT)
 * are left out, as are events with no start or outside the years 2000 to 2100. A repeating event (an owner's
 * "every weekend my family uses the flat") counts each time it happens within the horizon, its exceptions
 * applied: dates taken out, occurrences moved, cancelled or marked free. Anything that is not a calendar, or a
 * calendar of absurd size, is a FeedFormatError.
 */
export function parseFeed(text: string, today: string = londonToday()): FeedEvent[] {
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

  // A changed occurrence of a repeating event is its own VEVENT with the series' UID and a RECURRENCE-ID; the
  // series reads it when it expands, and it stands alone only when the feed has no series for it.
  const seriesUids = new Set(
    vevents.filter((v) => !v.hasProperty("recurrence-id")).map((v) => textOf(v.getFirstPropertyValue("uid"))),
  );
  const from = `${Number(today.slice(0, 4)) - 1}-01-01`;
  const until = addDays(today, REPEAT_HORIZON_DAYS);
  const events: FeedEvent[] = [];
  let steps = 0;
  const keep = (uid: string, span: Span, summary: string) => {
    if (events.length >= MAX_FEED_OCCURRENCES) throw new FeedFormatError(TOO_MANY_REPEATS);
    events.push({ uid: uid.slice(0, 500), ...span, summary: summary ? summary.slice(0, 200) : null });
  };

  for (const vevent of vevents) {
    const uid = textOf(vevent.getFirstPropertyValue("uid"));
    if (vevent.hasProperty("recurrence-id") && uid && seriesUids.has(uid)) continue;
    if (leavesFree(vevent)) continue;
    const summary = textOf(vevent.getFirstPropertyValue("summary"));
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(vevent);
    } catch {
      continue;
    }
    if (!event.isRecurring() || vevent.hasProperty("recurrence-id")) {
      const span = firstSpanOf(event);
      if (span) keep(uid || `no-uid-${span.startsOn}-${span.endsOn}`, span, summary);
      continue;
    }
    const before = events.length;
    try {
      const occurrences = event.iterator();
      const skipUpTo = lastYearWhollyBefore(event, from);
      for (let next = occurrences.next(); next; next = occurrences.next()) {
        steps += 1;
        if (steps > MAX_REPEAT_STEPS) throw new FeedFormatError(TOO_MANY_REPEATS);
        // Occurrences years before the window are passed over without working out their dates: a rule repeating
        // hourly for decades costs its steps and no more.
        if (next.year <= skipUpTo) continue;
        const details = event.getOccurrenceDetails(next);
        const span = spanOf(details.startDate, details.endDate);
        if (!span) {
          if (dayOf(next) > CALENDAR_LAST_DATE) break;
          continue;
        }
        if (span.startsOn > until) break;
        if (span.endsOn <= from || leavesFree(details.item.component)) continue;
        // Each occurrence keeps an id of its own, the same from fetch to fetch: the series' and the time it was due.
        keep(
          `${uid || "no-uid"}#${details.recurrenceId.toString()}`,
          span,
          textOf(details.item.component.getFirstPropertyValue("summary")),
        );
      }
    } catch (error) {
      if (error instanceof FeedFormatError) throw error;
      // A rule ical.js cannot follow: the series' first occurrence still blocks its nights.
      events.length = before;
      const span = firstSpanOf(event);
      if (span) keep(uid || `no-uid-${span.startsOn}-${span.endsOn}`, span, summary);
    }
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
