import { addCalendarMonths, addDays, addMonths, dayOfWeek, daysInMonth } from "./calendar-dates";
import type { FlexKind } from "./flex-kinds";

/**
 * Flexible dates: a guest who knows how long but not exactly when picks a kind of stay and up to three months, and
 * search finds each listing's first stay of that kind starting in those months.
 * - a weekend: check in on a Friday, check out on the Sunday (2 nights);
 * - a week: 7 nights from any day;
 * - a month: from any day to the same day a calendar month later (28 to 31 nights, a mid let).
 */
export {
  FLEX_KINDS,
  FLEX_LABELS,
  FLEX_MONTHS_AHEAD,
  type FlexKind,
  flexMonthsProblem,
  formatWindow,
  MAX_FLEX_MONTHS,
} from "./flex-kinds";

/** The months offered as chips: this one and the next eleven. */
export const FLEX_MONTH_CHIPS = 12;

const FRIDAY = 5;

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
