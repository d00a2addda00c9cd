import { addCalendarMonths, addDays, addMonths, dayOfWeek, daysInMonth, isCalendarDate } from "./calendar-dates";

/**
 * Flexible dates: a guest who knows how long but not exactly when picks a kind of stay and up to three months, and
 * search finds each listing's first stay of that kind starting in those months.
 * - a weekend: check in on a Friday, check out on the Sunday (2 nights);
 * - a week: 7 nights from any day;
 * - a month: from any day to the same day a calendar month later (28 to 31 nights, a mid let).
 */
export const FLEX_KINDS = ["weekend", "week", "month"] as const;
export type FlexKind = (typeof FLEX_KINDS)[number];

export const FLEX_LABELS: Record<FlexKind, string> = { weekend: "A weekend", week: "A week", month: "A month" };

/** At most this many months may be chosen at once, which bounds the days tried per listing (93). */
export const MAX_FLEX_MONTHS = 3;
/** How far ahead a month may be: beyond it few listings have set their calendar or prices. */
export const FLEX_MONTHS_AHEAD = 18;
/** The months offered as chips: this one and the next eleven. */
export const FLEX_MONTH_CHIPS = 12;

const FRIDAY = 5;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The check-out of a stay of this kind that checks in on `checkIn`. */
export function flexCheckOut(kind: FlexKind, checkIn: string): string {
  if (kind === "weekend") return addDays(checkIn, 2);
  if (kind === "week") return addDays(checkIn, 7);
  return addCalendarMonths(checkIn, 1);
}

/** The days a stay of this kind may check in on, in order: in the chosen months, from today, Fridays for a weekend. */
export function flexCheckInDays(kind: FlexKind, months: readonly string[], today: string): string[] {
  const days: string[] = [];
  for (const month of [...months].sort()) {
    const first = `${month}-01`;
    for (let i = 0; i < daysInMonth(first); i++) {
      const day = addDays(first, i);
      if (day < today || (kind === "weekend" && dayOfWeek(day) !== FRIDAY)) continue;
      days.push(day);
    }
  }
  return days;
}

/** The months ('YYYY-MM') a guest may pick from: this month in London and the next `count - 1`. */
export function upcomingMonths(today: string, count = FLEX_MONTH_CHIPS): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(today, i).slice(0, 7));
}

/** What is wrong with a list of months for a flexible search, in words; null when it is fine. */
export function flexMonthsProblem(months: readonly string[], today: string): string | null {
  if (months.length === 0) return "months: choose at least one month (YYYY-MM)";
  if (months.length > MAX_FLEX_MONTHS) return `months: choose at most ${MAX_FLEX_MONTHS} months`;
  const bad = months.find((m) => !MONTH.test(m) || !isCalendarDate(`${m}-01`));
  if (bad !== undefined) return `months: "${bad}" is not a month written YYYY-MM`;
  if (new Set(months).size !== months.length) return "months: a month is listed twice";
  const thisMonth = today.slice(0, 7);
  const past = months.find((m) => m < thisMonth);
  if (past) return `months: ${past} is in the past`;
  const last = addMonths(today, FLEX_MONTHS_AHEAD).slice(0, 7);
  const far = months.find((m) => m > last);
  if (far) return `months: ${far} is more than ${FLEX_MONTHS_AHEAD} months ahead`;
  return null;
}

/** "Fri 12 – Sun 14 Jun", or "Sat 28 Jun – Mon 28 Jul" across months: a result's stay, as its card shows it. */
export function formatWindow(checkIn: string, checkOut: string): string {
  const part = (date: string, withMonth: boolean) =>
    new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      ...(withMonth ? { month: "short" } : {}),
      timeZone: "UTC",
    }).format(new Date(`${date}T00:00:00Z`));
  const sameMonth = checkIn.slice(0, 7) === checkOut.slice(0, 7);
  return `${part(checkIn, !sameMonth)} – ${part(checkOut, true)}`;
}
