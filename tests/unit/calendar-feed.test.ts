import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../server/services/properties/calendar-sync/feed-fetcher";
import {
  buildFeed,
  FeedFormatError,
  nightRuns,
  parseFeed,
} from "../../server/services/properties/calendar-sync/ical-feed";

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");

describe("which addresses a feed may not lead to", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:0101::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2a00:1450:4009:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "lets %s through",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("reading a feed", () => {
  it("keeps each event's whole span as London nights, the check-out day exclusive", () => {
    const events = parseFeed(
      calendar(
        vevent("UID:all-day", "DTSTART;VALUE=DATE:20270105", "DTEND;VALUE=DATE:20270112", "SUMMARY:Reserved"),
        // A 15:00 arrival and an 11:00 departure two days later: two nights.
        vevent("UID:timed", "DTSTART:20270201T150000Z", "DTEND:20270203T110000Z"),
        // 23:30 UTC on 31 March 2027 is already 1 April in London (summer time).
        vevent("UID:late", "DTSTART:20270331T233000Z", "DTEND:20270402T090000Z"),
        // No end: one day.
        vevent("UID:one-day", "DTSTART;VALUE=DATE:20270310"),
        // A length instead of an end.
        vevent("UID:duration", "DTSTART;VALUE=DATE:20270320", "DURATION:P3D"),
      ),
    );
    expect(events).toEqual([
      { uid: "all-day", startsOn: "2027-01-05", endsOn: "2027-01-12", summary: "Reserved" },
      { uid: "timed", startsOn: "2027-02-01", endsOn: "2027-02-03", summary: null },
      { uid: "late", startsOn: "2027-04-01", endsOn: "2027-04-02", summary: null },
      { uid: "one-day", startsOn: "2027-03-10", endsOn: "2027-03-11", summary: null },
      { uid: "duration", startsOn: "2027-03-20", endsOn: "2027-03-23", summary: null },
    ]);
  });

  it("leaves out cancelled and free events and those outside the calendar's years, and cleans what it keeps", () => {
    const events = parseFeed(
      calendar(
        vevent("UID:cancelled", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20270105", "DTEND;VALUE=DATE:20270106"),
        vevent("UID:free", "TRANSP:TRANSPARENT", "DTSTART;VALUE=DATE:20270105", "DTEND;VALUE=DATE:20270106"),
        vevent("UID:ancient", "DTSTART;VALUE=DATE:18990105", "DTEND;VALUE=DATE:18990106"),
        vevent("UID:no-start", "SUMMARY:Nothing"),
        vevent("DTSTART;VALUE=DATE:20270601", "DTEND;VALUE=DATE:20270603", "SUMMARY:Nul\\u0000here"),
      ).replace("\\u0000", "\u0000"),
    );
    expect(events).toEqual([
      { uid: "no-uid-2027-06-01-2027-06-03", startsOn: "2027-06-01", endsOn: "2027-06-03", summary: "Nulhere" },
    ]);
  });

  it.each([
    ["an HTML page", "<!doctype html><html></html>"],
    ["an empty answer", ""],
    ["JSON", '{"events": []}'],
    ["a broken calendar", "BEGIN:VCALENDAR\r\nnonsense\r\n"],
    ["a vCard", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD"],
  ])("refuses %s", (_label, text) => {
    expect(() => parseFeed(text)).toThrow(FeedFormatError);
  });
});

describe("reading repeating events", () => {
  const TODAY = "2027-01-10";

  it("counts each occurrence, with dates taken out, one moved, one cancelled and one marked free", () => {
    const events = parseFeed(
      calendar(
        // Every Saturday night in February 2027, four times.
        vevent(
          "UID:weekends",
          "SUMMARY:Family",
          "DTSTART;VALUE=DATE:20270206",
          "DTEND;VALUE=DATE:20270208",
          "RRULE:FREQ=WEEKLY;COUNT=5",
          "EXDATE;VALUE=DATE:20270213",
        ),
        // The 20th moves to the Friday before, for three nights.
        vevent(
          "UID:weekends",
          "RECURRENCE-ID;VALUE=DATE:20270220",
          "SUMMARY:Long weekend",
          "DTSTART;VALUE=DATE:20270219",
          "DTEND;VALUE=DATE:20270222",
        ),
        vevent(
          "UID:weekends",
          "RECURRENCE-ID;VALUE=DATE:20270227",
          "STATUS:CANCELLED",
          "DTSTART;VALUE=DATE:20270227",
          "DTEND;VALUE=DATE:20270301",
        ),
        vevent(
          "UID:weekends",
          "RECURRENCE-ID;VALUE=DATE:20270306",
          "TRANSP:TRANSPARENT",
          "DTSTART;VALUE=DATE:20270306",
          "DTEND;VALUE=DATE:20270308",
        ),
      ),
      TODAY,
    );
    expect(events).toEqual([
      { uid: "weekends#2027-02-06", startsOn: "2027-02-06", endsOn: "2027-02-08", summary: "Family" },
      { uid: "weekends#2027-02-20", startsOn: "2027-02-19", endsOn: "2027-02-22", summary: "Long weekend" },
    ]);
  });

  it("follows an endless rule from the start of last year to the horizon only", () => {
    const events = parseFeed(
      calendar(vevent("UID:monthly", "DTSTART;VALUE=DATE:20100101", "DTEND;VALUE=DATE:20100102", "RRULE:FREQ=MONTHLY")),
      TODAY,
    );
    expect(events[0]).toMatchObject({ uid: "monthly#2026-01-01", startsOn: "2026-01-01", endsOn: "2026-01-02" });
    expect(events.at(-1)?.startsOn).toBe("2030-01-01");
    // January 2026 to January 2030: four years of months and one more.
    expect(events).toHaveLength(49);
  });

  it("keeps an occurrence that began years before the window but runs into it", () => {
    // 400 nights every other December since 2018: the one from December 2024 still holds the first days of 2026.
    const events = parseFeed(
      calendar(
        vevent("UID:long", "DTSTART;VALUE=DATE:20181201", "DTEND;VALUE=DATE:20200105", "RRULE:FREQ=YEARLY;INTERVAL=2"),
      ),
      TODAY,
    );
    expect(events.map((event) => `${event.startsOn}/${event.endsOn}`)).toEqual([
      "2024-12-01/2026-01-05",
      "2026-12-01/2028-01-05",
      "2028-12-01/2030-01-05",
    ]);
  });

  it("keeps a changed occurrence whose series is missing as an event of its own", () => {
    const events = parseFeed(
      calendar(
        vevent(
          "UID:orphan",
          "RECURRENCE-ID;VALUE=DATE:20270401",
          "DTSTART;VALUE=DATE:20270402",
          "DTEND;VALUE=DATE:20270404",
        ),
      ),
      TODAY,
    );
    expect(events).toEqual([{ uid: "orphan", startsOn: "2027-04-02", endsOn: "2027-04-04", summary: null }]);
  });

  it.each([
    ["an hourly rule from 2000", "DTSTART:20000101T000000Z", "RRULE:FREQ=HOURLY"],
    ["an hourly rule from last year", "DTSTART:20260101T000000Z", "RRULE:FREQ=HOURLY"],
  ])("refuses a calendar whose events repeat without measure: %s", (_label, start, rule) => {
    expect(() => parseFeed(calendar(vevent("UID:flood", start, rule)), TODAY)).toThrow(/repeat more than 20,000 times/);
  });
});

describe("writing our feed", () => {
  it("is all-day events that ical.js reads back", () => {
    const text = buildFeed("StayLondon: Flat; with, commas", [
      { uid: "booking-1@staylondon", startsOn: "2027-01-05", endsOn: "2027-01-08", summary: "Booked" },
    ]);
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20270105\r\n");
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    if (!event) throw new Error("no event");
    const read = new ICAL.Event(event);
    expect([read.uid, read.startDate.toString(), read.endDate.toString(), read.summary]).toEqual([
      "booking-1@staylondon",
      "2027-01-05",
      "2027-01-08",
      "Booked",
    ]);
  });

  it("groups blocked nights into runs", () => {
    expect(nightRuns(["2027-01-03", "2027-01-01", "2027-01-02", "2027-01-05", "2027-01-05"])).toEqual([
      { startsOn: "2027-01-01", endsOn: "2027-01-04" },
      { startsOn: "2027-01-05", endsOn: "2027-01-06" },
    ]);
  });
});
