import { isCalendarDate } from "./calendar-dates";

/**
 * A day typed the British way, day before month ("12/06/2027", "12.6.27", "12-06-2027"), or as 'YYYY-MM-DD', as the
 * calendar day 'YYYY-MM-DD'; null when it is not a real day. Two-digit years are this century's. Kept apart from
 * calendar-dates, which every page loads, since only the pages with a stay's date field need it.
 */
export function parseBritishDate(text: string): string | null {
  const value = text.trim();
  if (isCalendarDate(value)) return value;
  const [, day = "", month = "", year = ""] = /^(\d\d?)[/.-](\d\d?)[/.-](\d\d|\d{4})$/.exec(value) ?? [];
  const iso = `${year.length === 2 ? "20" : ""}${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}

/** '2027-06-12' as "12/06/2027", the way the field is edited. */
export const britishDigits = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
