/**
 * How the product writes dates, in one place: British English, and London time for an instant (a booking made, a
 * message sent, a log entry), the clock every stay and booking is lived by, whatever the reader's own clock says.
 * The server renders pages in UTC, so a page printed in the reader's zone could read an hour apart from the same
 * page in the browser.
 *
 * A calendar day ('2026-11-28') or month ('2026-11') names no instant: it is read at midnight UTC and printed in
 * UTC, so it reads as written and no reader west of London ever sees the day before.
 *
 * Each formatter is built the first time it is used and kept (building one loads the locale's and the zone's rules,
 * which costs far more than using it), so a page builds only those it shows. Anything that is not a date prints as
 * "": callers that would rather show what they were given write `formatX(value) || value`.
 */

const UTC = "UTC";
const LONDON = "Europe/London";

type DateOptions = Omit<Intl.DateTimeFormatOptions, "timeZone">;

const formatters = new Map<string, Intl.DateTimeFormat>();

function print(date: Date | null, timeZone: typeof UTC | typeof LONDON, options: DateOptions): string {
  if (!date) return "";
  const key = timeZone + JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

const valid = (date: Date): Date | null => (Number.isNaN(date.getTime()) ? null : date);

/** A calendar day at midnight UTC; a full timestamp given where a day was expected is printed by its UTC day. */
function calendarDay(day: string): Date | null {
  return valid(ISO_DAY.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(day));
}

function calendarMonth(month: string): Date | null {
  return ISO_MONTH.test(month) ? valid(new Date(`${month}-01T00:00:00Z`)) : null;
}

function instant(value: string | Date): Date | null {
  return valid(typeof value === "string" ? new Date(value) : value);
}

// Calendar days ----------------------------------------------------------------------------------------------------

/** "28 Nov" */
export const formatDayMonth = (day: string) => print(calendarDay(day), UTC, { day: "numeric", month: "short" });

/** "28 Nov 2026" */
export const formatDayMonthYear = (day: string) =>
  print(calendarDay(day), UTC, { day: "numeric", month: "short", year: "numeric" });

/** "28 November 2026" */
export const formatFullDate = (day: string) =>
  print(calendarDay(day), UTC, { day: "numeric", month: "long", year: "numeric" });

/** "Sat 28 Nov": a night of a stay, beside its price. */
export const formatWeekdayDayMonth = (day: string) =>
  print(calendarDay(day), UTC, { weekday: "short", day: "numeric", month: "short" }).replace(",", "");

/** "Sat 28 Nov 2026": a stay's arrival or departure. */
export const formatWeekdayDate = (day: string) =>
  print(calendarDay(day), UTC, { weekday: "short", day: "numeric", month: "short", year: "numeric" }).replace(",", "");

/** "Saturday 28 November 2026", for confirmations. */
export const formatWeekdayFullDate = (day: string) =>
  print(calendarDay(day), UTC, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).replace(",", "");

/** "28/11": a chart's axis on a phone. */
export function formatDayMonthNumeric(day: string): string {
  const date = calendarDay(day);
  return date ? `${date.getUTCDate()}/${date.getUTCMonth() + 1}` : "";
}

// Calendar months --------------------------------------------------------------------------------------------------

/** "2026-11" → "November 2026" */
export const formatMonthYear = (month: string) => print(calendarMonth(month), UTC, { month: "long", year: "numeric" });

/** "2026-11" → "Nov": a chart's axis. */
export const formatShortMonth = (month: string) => print(calendarMonth(month), UTC, { month: "short" });

/** "2026-11" → "Nov 2026": a table on a phone. */
export const formatShortMonthYear = (month: string) =>
  print(calendarMonth(month), UTC, { month: "short", year: "numeric" });

// Instants, in London time -----------------------------------------------------------------------------------------

/** "28 November 2026": the London day of an instant (a calendar day given here reads as written). */
export const formatDate = (value: string | Date) =>
  print(instant(value), LONDON, { day: "numeric", month: "long", year: "numeric" });

/** "28 Nov": the London day of an instant, when the year goes without saying. */
export const formatInstantDayMonth = (value: string | Date) =>
  print(instant(value), LONDON, { day: "numeric", month: "short" });

/** "28 Nov 2026, 14:05" */
export const formatDateTime = (value: string | Date) =>
  print(instant(value), LONDON, { dateStyle: "medium", timeStyle: "short" });

/** "28 November 2026 at 14:05": a deadline stated in a letter. */
export const formatLongDateTime = (value: string | Date) =>
  print(instant(value), LONDON, { dateStyle: "long", timeStyle: "short" });

/** "28 Nov 2026, 14:05:09": to the second, as a log needs. */
export const formatDateTimeSeconds = (value: string | Date) =>
  print(instant(value), LONDON, { dateStyle: "medium", timeStyle: "medium" });

/** "Sat 28 Nov, 14:05": a deadline a few days away. */
export const formatWeekdayDayMonthTime = (value: string | Date) =>
  print(instant(value), LONDON, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });

/** "14:05" */
export const formatTime = (value: string | Date) =>
  print(instant(value), LONDON, { hour: "2-digit", minute: "2-digit" });

// Made on first use: the pages that only print dates do not pay for it.
let londonOffset: Intl.DateTimeFormat | undefined;

/**
 * The instant a London day begins: midnight GMT in winter, 23:00 UTC the evening before in summer. The clocks
 * change at 01:00 UTC, so the offset at UTC midnight of the day is the one of London's midnight.
 */
export function londonDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  londonOffset ??= new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "longOffset" });
  const zone = londonOffset.formatToParts(utcMidnight).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(zone) ?? [];
  const offsetMinutes = sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
  return new Date(utcMidnight.getTime() - offsetMinutes * 60_000);
}
