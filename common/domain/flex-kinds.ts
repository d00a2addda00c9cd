/**
 * The kinds of flexible stay, the months rule and how a result's stay is written, apart from flexible-dates.ts so that the pages that
 * only show them (the cards, the browse page's link state) do not download its date arithmetic.
 */
import { addMonths, isCalendarDate } from "./calendar-dates";

export const FLEX_KINDS = ["weekend", "week", "month"] as const;
export type FlexKind = (typeof FLEX_KINDS)[number];

export const FLEX_LABELS: Record<FlexKind, string> = { weekend: "A weekend", week: "A week", month: "A month" };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** At most this many months may be chosen at once, which bounds the days tried per listing (93). */
export const MAX_FLEX_MONTHS = 3;
/** How far ahead a month may be: beyond it few listings have set their calendar or prices. */
export const FLEX_MONTHS_AHEAD = 18;
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
