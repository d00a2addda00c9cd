import { isCalendarDate, londonToday } from "@common/domain/calendar-dates";
import type { StayDatesProblem } from "@common/domain/stay-dates";

// Apart from stay-search.ts, which search pages load: only a listing's price card asks a move-in day.

/**
 * What is wrong with a tenancy's move-in day, asked alone (a periodic tenancy has no end date): missing, not a day,
 * or in the past.
 */
export function moveInProblem(checkIn: string): StayDatesProblem | null {
  if (!checkIn) return { kind: "missing", path: "checkIn" };
  if (!isCalendarDate(checkIn) || checkIn < londonToday()) return { kind: "past", path: "checkIn" };
  return null;
}

/** The move-in day's problem in words, as stayProblemMessage says a stay's. */
export function moveInProblemMessage(problem: StayDatesProblem): string {
  return problem.kind === "missing"
    ? "Add a move-in date to see the first month's rent."
    : "The move-in date can't be in the past. Choose today or a later date.";
}
