import { addDays } from "../../common/domain/calendar-dates";

/** One week of an occupancy breakdown: the share of open nights booked, the booked nights and the open ones. */
export type WeekFigures = [rate: number, booked: number, nights: number];

/** The weekly occupancy rows an analytics answer holds, from the week that starts on `firstMonday`, in order. */
export function occupancyWeeks(firstMonday: string, weeks: WeekFigures[]) {
  return weeks.map(([rate, booked, nights], i) => ({ week: addDays(firstMonday, 7 * i), rate, booked, nights }));
}
