/**
 * Stay dates are calendar days written 'YYYY-MM-DD' (PostgreSQL `date`), never instants: a night in
 * London is the same night whatever the reader's time zone. All arithmetic is done in UTC.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in 'YYYY-MM-DD' form ('2027-02-30' is not one). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function toDayNumber(value: string): number {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  return Date.parse(`${value}T00:00:00Z`) / DAY_MS;
}

const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Nights between check-in and check-out: whole days, rounded up (a date-only stay is already whole). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.ceil(toDayNumber(checkOut) - toDayNumber(checkIn));
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday, as in `pricing_rules.days_of_week`. */
export function dayOfWeek(date: string): number {
  return new Date(toDayNumber(date) * DAY_MS).getUTCDay();
}

/** The Monday of the Monday-to-Sunday week that contains `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The first day ('YYYY-MM-01') of the month `months` after the month of `date` (negative: before). */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return fromDayNumber(Date.UTC(year, month - 1 + months, 1) / DAY_MS);
}

/**
 * The same day `months` calendar months later; a day the target month lacks becomes its last day
 * (31 August + 6 months = 28 or 29 February), as leases and PostgreSQL's `date + interval` count.
 */
export function addCalendarMonths(date: string, months: number): string {
  return fromDayNumber(calendarMonthsLaterDay(date, months));
}

/** The day number of addCalendarMonths, which also compares correctly past the year 9999. */
export function calendarMonthsLaterDay(date: string, months: number): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return Date.UTC(year, month - 1 + months, Math.min(day, last)) / DAY_MS;
}

/** A stay longer than `months` calendar months: its check-out after the same day that many months on. */
export function longerThanMonths(stay: { checkIn: string; checkOut: string }, months: number): boolean {
  return toDayNumber(stay.checkOut) > calendarMonthsLaterDay(stay.checkIn, months);
}

/** Days since 1 January 1970 of a calendar date, for comparing dates across any range. */
export function dayNumberOf(date: string): number {
  return toDayNumber(date);
}

/** How many days the month of `date` has. */
export function daysInMonth(date: string): number {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Each night of a stay, named by the date it starts: check-in up to the day before check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights = nightsBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(0, nights) }, (_, i) => addDays(checkIn, i));
}

/**
 * Built once, on first use: constructing a DateTimeFormat (loading the time zone's rules) costs far more than
 * formatting with it, and every listing search asks for today's date. Not at load, where it would lengthen the
 * task that runs a public page's code in the browser.
 */
let londonDate: Intl.DateTimeFormat | undefined;

/**
 * The last answer and the UTC minute it is for. London's offset from UTC is always whole hours, so its date
 * changes only on a UTC minute's boundary: within one minute the answer cannot change. Formatting a date was a
 * measurable part of every cached search, which asks for it on each request.
 */
let lastToday = { minute: Number.NaN, date: "" };

/** Today's date in London, where every stay happens. */
export function londonToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastToday.minute) {
    londonDate ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
    lastToday = { minute, date: londonDate.format(now) };
  }
  return lastToday.date;
}

/**
 * "5 March 2027", for messages and e-mails: the same text as formatFullDate of common/utils/dates, built here so the
 * many pages that only count days do not download every date format with this module.
 */
export function formatDateGb(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "5 March 2027", or "5 March 2027 to 7 March 2027": the nights from `first` to `last`, both included. */
export function formatNightRange(first: string, last: string): string {
  return first === last ? formatDateGb(first) : `${formatDateGb(first)} to ${formatDateGb(last)}`;
}
