import { addDays, dayOfWeek, londonToday } from "../../common/domain/calendar-dates";

/** A Monday some weeks ahead: every stay from it is in the future and weekday-priced the same. */
export function mondayIn(weeks: number): string {
  let date = addDays(londonToday(), weeks * 7);
  while (dayOfWeek(date) !== 1) date = addDays(date, 1);
  return date;
}
