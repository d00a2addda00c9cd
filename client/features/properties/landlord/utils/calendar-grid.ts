import { nightsBetween } from "@common/domain/calendar-dates";
import type { NightState, TCalendarNight } from "@common/schemas/landlord-properties";
import { formatWeekdayDate } from "@common/utils/dates";

/**
 * The months and selections of the manage page's availability calendar (its grid is the shared night calendar):
 * dates are calendar days 'YYYY-MM-DD' and months 'YYYY-MM', so nothing depends on the browser's time zone; they are
 * written by common/utils/dates, like every date on the site.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string | null | undefined): value is string {
  return typeof value === "string" && MONTH.test(value) && value >= "2000-01" && value <= "2100-12";
}

/** '2027-03-14' → '2027-03'. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `delta` months after `month` ('2027-12', 1 → '2028-01'). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  const nextYear = Math.floor(index / 12);
  return `${String(nextYear).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export type NightRange = { from: string; to: string };

/** A range from two clicked nights, in either order. */
export function orderedRange(a: string, b: string): NightRange {
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

export function inRange(date: string, range: NightRange | null): boolean {
  return range !== null && date >= range.from && date <= range.to;
}

/** Both ends included. */
export function nightsInRange(range: NightRange): number {
  return nightsBetween(range.from, range.to) + 1;
}

/** 'Mon 1 Mar 2027' or 'Mon 1 Mar 2027 to Wed 3 Mar 2027'. */
export function rangeLabel(range: NightRange): string {
  return range.from === range.to
    ? formatWeekdayDate(range.from)
    : `${formatWeekdayDate(range.from)} to ${formatWeekdayDate(range.to)}`;
}

/** What the landlord sees for each state: the word under the price and the legend. */
export const NIGHT_STATE_LABELS: Record<NightState, string> = {
  free: "Free",
  blocked: "Blocked",
  requested: "Requested",
  booked: "Booked",
  imported: "Booked on another site",
  past: "Past",
};

export const NIGHT_STATE_HINTS: Record<NightState, string> = {
  free: "Open to guests at the price shown",
  blocked: "Closed by you; guests cannot book it",
  requested: "Held by a request awaiting your answer",
  booked: "A confirmed or completed stay",
  imported: "In a calendar you import; guests cannot book it here",
  past: "Already gone; cannot be changed",
};

/** What a selection of loaded nights allows: Block needs a free night, Unblock a blocked one. */
export function summariseSelection(nights: readonly TCalendarNight[], range: NightRange) {
  const selected = nights.filter((night) => inRange(night.date, range));
  const count = (state: NightState) => selected.filter((night) => night.state === state).length;
  return {
    total: nightsInRange(range),
    free: count("free"),
    blocked: count("blocked"),
    held: count("booked") + count("requested"),
    past: count("past"),
  };
}
