import { isCalendarDate } from "./calendar-dates";

/**
 * A day typed the British way, day before month ("12/06/2027", "12.6.27", "12 June 2027", "12 Jun 27"), or as
 * 'YYYY-MM-DD', as the calendar day 'YYYY-MM-DD'; null when it is not a real day. Two-digit years are this century's;
 * a month in words is read by its first three letters. Kept apart from calendar-dates, which every page loads, since
 * only the pages with a stay's date field need it.
 */
export function parseBritishDate(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (isCalendarDate(value)) return value;
  const [, day = "", month = "", year = ""] =
    /^(\d\d?)[\s/.-]+(\d\d?|[a-z]{3,9})[\s/.,-]+(\d\d|\d{4})$/.exec(value) ?? [];
  const named = "janfebmaraprmayjunjulaugsepoctnovdec".indexOf(month.slice(0, 3)) / 3 + 1;
  const number = /\d/.test(month) ? month : String(Number.isInteger(named) ? named : 0);
  const iso = `${year.length === 2 ? "20" : ""}${year}-${number.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}
