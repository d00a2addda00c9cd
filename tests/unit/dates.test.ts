import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayMonth,
  formatDayMonthNumeric,
  formatDayMonthYear,
  formatFullDate,
  formatInstantDayMonth,
  formatMonthYear,
  formatShortMonth,
  formatShortMonthYear,
  formatTime,
  formatWeekdayDate,
  formatWeekdayDayMonth,
  formatWeekdayDayMonthTime,
  formatWeekdayFullDate,
} from "../../common/utils/dates";

describe("calendar days, printed as written", () => {
  it("writes each shape of a day in British English", () => {
    expect(formatDayMonth("2026-11-28")).toBe("28 Nov");
    expect(formatDayMonthYear("2026-11-28")).toBe("28 Nov 2026");
    expect(formatFullDate("2026-11-28")).toBe("28 November 2026");
    expect(formatWeekdayDayMonth("2026-11-28")).toBe("Sat 28 Nov");
    expect(formatWeekdayDate("2026-11-28")).toBe("Sat 28 Nov 2026");
    expect(formatWeekdayFullDate("2026-11-28")).toBe("Saturday 28 November 2026");
    expect(formatDayMonthNumeric("2026-09-28")).toBe("28/9");
  });

  it("keeps the day on both sides of the clock changes", () => {
    // Clocks go forward on 29 March 2026 and back on 25 October 2026: a day is a day either side.
    expect(formatWeekdayDate("2026-03-28")).toBe("Sat 28 Mar 2026");
    expect(formatWeekdayDate("2026-03-29")).toBe("Sun 29 Mar 2026");
    expect(formatWeekdayDate("2026-03-30")).toBe("Mon 30 Mar 2026");
    expect(formatFullDate("2026-10-25")).toBe("25 October 2026");
    expect(formatDayMonth("2026-10-26")).toBe("26 Oct");
  });

  it("prints September as en-GB abbreviates it", () => {
    expect(formatDayMonth("2026-09-01")).toBe("1 Sept");
    expect(formatShortMonth("2026-09")).toBe("Sept");
  });

  it("prints nothing for what is not a day", () => {
    expect(formatFullDate("not a date")).toBe("");
    expect(formatWeekdayDate("")).toBe("");
    expect(formatDayMonthNumeric("2026-13-45")).toBe("");
  });
});

describe("calendar months", () => {
  it("writes a month long, short, and short with its year", () => {
    expect(formatMonthYear("2026-11")).toBe("November 2026");
    expect(formatShortMonth("2026-03")).toBe("Mar");
    expect(formatShortMonthYear("2026-03")).toBe("Mar 2026");
  });

  it("prints nothing for what is not a month", () => {
    expect(formatMonthYear("2026-11-28")).toBe("");
    expect(formatMonthYear("nonsense")).toBe("");
    expect(formatShortMonth("")).toBe("");
  });
});

describe("instants, in London time", () => {
  it("writes an instant in winter (GMT, London = UTC)", () => {
    const at = "2026-11-28T14:05:09Z";
    expect(formatDate(at)).toBe("28 November 2026");
    expect(formatInstantDayMonth(at)).toBe("28 Nov");
    expect(formatDateTime(at)).toBe("28 Nov 2026, 14:05");
    expect(formatDateTimeSeconds(at)).toBe("28 Nov 2026, 14:05:09");
    expect(formatWeekdayDayMonthTime(at)).toBe("Sat 28 Nov, 14:05");
    expect(formatTime(at)).toBe("14:05");
  });

  it("writes an instant in summer (BST, an hour ahead of UTC), moving late evenings to the next day", () => {
    const at = "2026-06-14T23:30:05Z";
    expect(formatDate(at)).toBe("15 June 2026");
    expect(formatInstantDayMonth(at)).toBe("15 Jun");
    expect(formatDateTime(at)).toBe("15 Jun 2026, 00:30");
    expect(formatDateTimeSeconds(at)).toBe("15 Jun 2026, 00:30:05");
    expect(formatWeekdayDayMonthTime(at)).toBe("Mon 15 Jun, 00:30");
    expect(formatTime(at)).toBe("00:30");
  });

  it("follows the clocks as they change in spring and autumn", () => {
    // 01:00 UTC on 29 March 2026 is when London moves from 01:00 GMT to 02:00 BST.
    expect(formatDateTime("2026-03-29T00:59:00Z")).toBe("29 Mar 2026, 00:59");
    expect(formatDateTime("2026-03-29T01:00:00Z")).toBe("29 Mar 2026, 02:00");
    // 01:00 UTC on 25 October 2026 is when London moves from 02:00 BST back to 01:00 GMT.
    expect(formatDateTime("2026-10-25T00:59:00Z")).toBe("25 Oct 2026, 01:59");
    expect(formatDateTime("2026-10-25T01:00:00Z")).toBe("25 Oct 2026, 01:00");
  });

  it("takes a Date as well as an ISO string, and reads a calendar day as that day", () => {
    expect(formatDateTime(new Date("2026-11-28T14:05:00Z"))).toBe("28 Nov 2026, 14:05");
    expect(formatDate("2026-07-01")).toBe("1 July 2026");
  });

  it("prints nothing for what is not an instant", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(new Date(Number.NaN))).toBe("");
    expect(formatTime("")).toBe("");
  });
});
