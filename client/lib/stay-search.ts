import { isCalendarDate } from "@common/domain/calendar-dates";
import { type StayDatesProblem, stayDatesProblem, TOO_LONG_STAY } from "@common/domain/stay-dates";

/**
 * The stay a visitor is looking for, as the URL carries it from the browse page to a property and on to
 * the booking wizard: ?checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD&guests=N.
 */
export type StaySearch = { checkIn: string; checkOut: string; guests: number | undefined };

export const GUESTS_MAX = 100;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads checkIn, checkOut and guests from a query string. Dates are kept as written when they have the
 * shape of one (a year being typed into a date field passes through "0002-…"), anything else counts
 * as not given; stayProblem says whether they can be used.
 */
export function readStaySearch(params: URLSearchParams): StaySearch {
  const date = (key: string) => {
    const value = params.get(key) ?? "";
    return DATE_SHAPE.test(value) ? value : "";
  };
  return { checkIn: date("checkIn"), checkOut: date("checkOut"), guests: parseGuests(params.get("guests")) };
}

/** A whole number from 1 to 100, else undefined. */
export function parseGuests(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,3}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= GUESTS_MAX ? n : undefined;
}

/** What is wrong with the dates as they stand (the server's rules, with London's today). */
export function stayProblem(stay: Pick<StaySearch, "checkIn" | "checkOut">): StayDatesProblem | null {
  // Only a date before the year 100 (on its way to a real year) has the shape but is no calendar date.
  if (stay.checkIn && !isCalendarDate(stay.checkIn)) return { kind: "past", path: "checkIn" };
  if (stay.checkOut && !isCalendarDate(stay.checkOut)) return { kind: "order", path: "checkOut" };
  return stayDatesProblem(stay.checkIn || undefined, stay.checkOut || undefined);
}

/** Both dates given and acceptable to the server. */
export function hasValidDates(stay: Pick<StaySearch, "checkIn" | "checkOut">): boolean {
  return Boolean(stay.checkIn && stay.checkOut) && stayProblem(stay) === null;
}

/** What to tell the visitor; `missing` is a hint rather than an error (they may be choosing the other date). */
export function stayProblemMessage(problem: StayDatesProblem): string {
  switch (problem.kind) {
    case "missing":
      return problem.path === "checkIn"
        ? "Add a check-in date to see what is free for your stay."
        : "Add a check-out date to see what is free for your stay.";
    case "past":
      return "Check-in can't be in the past. Choose today or a later date.";
    case "order":
      return "Check-out must be after check-in.";
    case "too-long":
      return `${TOO_LONG_STAY}. For longer lets, contact the landlord.`;
  }
}

/**
 * "?checkIn=…&checkOut=…&guests=…" for links that carry the stay, or "" when there is nothing to carry.
 * Dates only travel when both are valid; guests travel on their own too.
 */
export function stayQueryString(stay: StaySearch): string {
  const params = new URLSearchParams();
  if (hasValidDates(stay)) {
    params.set("checkIn", stay.checkIn);
    params.set("checkOut", stay.checkOut);
  }
  if (stay.guests !== undefined) params.set("guests", String(stay.guests));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The stay fields as typed, all strings ("" for not given), as the inputs hold them. */
export type StayDraft = { checkIn: string; checkOut: string; guests: string };

export const EMPTY_STAY_DRAFT: StayDraft = { checkIn: "", checkOut: "", guests: "" };

export function stayDraftFrom(params: URLSearchParams): StayDraft {
  const stay = readStaySearch(params);
  return {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests === undefined ? "" : String(stay.guests),
  };
}

export function staySearchOf(draft: StayDraft): StaySearch {
  return { checkIn: draft.checkIn, checkOut: draft.checkOut, guests: parseGuests(draft.guests) };
}

export function sameStayDraft(a: StayDraft, b: StayDraft): boolean {
  return a.checkIn === b.checkIn && a.checkOut === b.checkOut && a.guests === b.guests;
}

/** Writes checkIn, checkOut and guests into a copy of `params` (removing the empty ones); other keys stay. */
export function applyStayDraft(params: URLSearchParams, draft: StayDraft): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ["checkIn", "checkOut", "guests"] as const) {
    if (draft[key]) next.set(key, draft[key]);
    else next.delete(key);
  }
  return next;
}
