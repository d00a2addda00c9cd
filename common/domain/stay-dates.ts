import { isCalendarDate, londonToday, longerThanMonths } from "./calendar-dates";

/** The longest stay bookable in one go: two years, so that a tenancy of 12 or 24 months fits, leap days and all. */
export const MAX_STAY_MONTHS = 24;
export const TOO_LONG_STAY = `A stay can be at most ${MAX_STAY_MONTHS} months`;

export type StayDatesProblem = { kind: "missing" | "order" | "past" | "too-long"; path: "checkIn" | "checkOut" };

/**
 * What is wrong with a pair of stay dates, if anything: both or neither, check-out after check-in,
 * check-in not before London's today, at most MAX_STAY_MONTHS. The rules of the quote
 * (server/services/bookings.service.ts), shared so that the browse page explains a pair before it is sent.
 * Dates that are not calendar dates are left to the field checks.
 */
export function stayDatesProblem(
  checkIn: string | undefined,
  checkOut: string | undefined,
  today?: string,
): StayDatesProblem | null {
  // Most searches carry no dates: today is only worked out when there is a check-in to compare.
  if (!checkIn && !checkOut) return null;
  if (!checkIn) return { kind: "missing", path: "checkIn" };
  if (!checkOut) return { kind: "missing", path: "checkOut" };
  if (!isCalendarDate(checkIn) || !isCalendarDate(checkOut)) return null;
  if (checkIn < (today ?? londonToday())) return { kind: "past", path: "checkIn" };
  if (checkOut <= checkIn) return { kind: "order", path: "checkOut" };
  if (longerThanMonths({ checkIn, checkOut }, MAX_STAY_MONTHS)) return { kind: "too-long", path: "checkOut" };
  return null;
}
