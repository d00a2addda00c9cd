import { z } from "zod";
import { londonToday } from "../domain/calendar-dates";
import { FLEX_KINDS, flexMonthsProblem } from "../domain/flexible-dates";

/** The flexible-date fields of GET /api/properties: a kind of stay and the months it may start in. */
export const flexibleDateFields = {
  /** weekend (Friday to Sunday), week (7 nights) or month (one calendar month); needs `months`. */
  flex: z.enum(FLEX_KINDS, { error: `flex must be one of ${FLEX_KINDS.join(", ")}` }).optional(),
  /** 1 to 3 months written YYYY-MM, comma-separated ("2027-06,2027-07"), none past, none over 18 months ahead. */
  months: z
    .string()
    .max(100, "months must be at most 100 characters")
    .transform((text) => text.split(",").map((m) => m.trim()))
    .optional(),
};

/** A stay's window in a flexible search: its first free stay of the kind asked, and its all-in total. */
export const ZStayWindow = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  /** Everything the guest pays for these nights: the nights, the service fee and any local levy, in pounds. */
  total: z.number(),
});
export type TStayWindow = z.infer<typeof ZStayWindow>;

type FlexibleQuery = { flex?: string; months?: string[]; checkIn?: string; checkOut?: string };

/** The first thing wrong with the flexible part of a search, as { path, message }; null when it is fine. */
export function flexibleDatesIssue(query: FlexibleQuery, today = londonToday()) {
  if (query.flex === undefined && query.months === undefined) return null;
  if (query.checkIn !== undefined || query.checkOut !== undefined) {
    return { path: "flex", message: "flex and months cannot be combined with checkIn and checkOut: choose one" };
  }
  if (query.flex === undefined) return { path: "flex", message: "flex is required with months" };
  if (query.months === undefined) return { path: "months", message: "months is required with flex" };
  const problem = flexMonthsProblem(query.months, today);
  return problem ? { path: "months", message: problem } : null;
}
