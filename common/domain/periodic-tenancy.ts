import { addCalendarMonths, addDays, calendarMonthsLaterDay, dayNumberOf, formatDateGb } from "./calendar-dates";
import { inForce } from "./uk-law";

// Which listings the rule covers, and its terms in words, live in periodic-terms.ts, light enough for public pages.
export { minimumTenancyTermAllowed } from "./periodic-terms";

/**
 * England's tenancies under the Renters' Rights Act 2025, which apply from 1 May 2026 (UK_RULES.periodicTenancies):
 * a tenancy is periodic with monthly rent periods from its first day, has no fixed or minimum term, takes at most one
 * month's rent in advance and only once agreed, is let at its advertised rent (no bidding), and the tenant ends it
 * with at least two months' notice ending with a rent period. Before that day, the fixed-term rules of the time apply.
 * Guidance from public sources, not legal advice.
 */

/** Whether a tenancy agreed (or asked for) on `day` is periodic under the Act. */
export function periodicTenancyApplies(day: string): boolean {
  return inForce("periodicTenancies", day);
}

/** At most this many months' rent may be paid before or at the start of the tenancy. */
export const MAX_RENT_IN_ADVANCE_MONTHS = 1;
/** The least notice a tenant gives to end a periodic tenancy, in calendar months. */
export const TENANT_NOTICE_MONTHS = 2;
/** From the Act, a listing may not ask for a minimum term beyond the first rent period. */
export const PERIODIC_MIN_TENANCY_MONTHS = 1;

export const RENT_IN_ADVANCE_REFUSED =
  "From 1 May 2026 a tenancy in England may take at most one month's rent in advance, and only once the tenancy is agreed (Renters' Rights Act 2025). Ask to pay one month.";
export const RENTAL_BIDDING_REFUSED =
  "Offers above the advertised rent cannot be made or accepted: rental bidding is banned for tenancies in England from 1 May 2026 (Renters' Rights Act 2025).";
export const MINIMUM_TERM_REFUSED =
  "From 1 May 2026 tenancies in England are periodic, with no fixed or minimum term (Renters' Rights Act 2025): leave the minimum tenancy at 1 month.";
export const MAXIMUM_TERM_REFUSED =
  "From 1 May 2026 tenancies in England are periodic, with no fixed term (Renters' Rights Act 2025): leave the longest tenancy blank.";

/** The first day of rent period `index` (0 is the first): the tenancy's first day that many calendar months on. */
export function periodStartOf(firstDay: string, index: number): string {
  return addCalendarMonths(firstDay, index);
}

/** The period a day falls in, by index (0 for the first period; -1 before the tenancy began). */
export function periodIndexOn(firstDay: string, day: string): number {
  const target = dayNumberOf(day);
  if (target < dayNumberOf(firstDay)) return -1;
  let index = 0;
  while (calendarMonthsLaterDay(firstDay, index + 1) <= target) index++;
  return index;
}

/** The last day of the rent period that begins on `periodStart` (the day before the next one begins). */
export function periodEndOf(firstDay: string, periodStart: string): string {
  return addDays(periodStartOf(firstDay, periodIndexOn(firstDay, periodStart) + 1), -1);
}

/**
 * The earliest last day of a tenancy when the tenant gives notice on `givenOn`: the end of the first rent period that
 * ends at least two calendar months after the notice, and not before the tenancy's first period is over.
 */
export function earliestNoticeEnd(firstDay: string, givenOn: string): string {
  const from = givenOn < firstDay ? firstDay : givenOn;
  // The tenancy may end the day before this day at the earliest.
  const twoMonthsOn = addCalendarMonths(givenOn, TENANT_NOTICE_MONTHS);
  let index = Math.max(1, periodIndexOn(firstDay, from) + 1);
  while (periodStartOf(firstDay, index) < twoMonthsOn) index++;
  return addDays(periodStartOf(firstDay, index), -1);
}

/** Why a tenant's notice to end on `endsOn` (the last day of the tenancy) cannot be given on `givenOn`, or null. */
export function noticeEndProblem(firstDay: string, givenOn: string, endsOn: string): string | null {
  if (endsOn < givenOn) return "The tenancy's last day cannot be in the past.";
  const earliest = earliestNoticeEnd(firstDay, givenOn);
  if (endsOn < earliest) {
    return `Notice must be at least two months and end with a rent period: the earliest last day is ${formatDateGb(earliest)}.`;
  }
  const next = addDays(endsOn, 1);
  if (periodStartOf(firstDay, periodIndexOn(firstDay, next)) !== next) {
    return `A notice ends on the last day of a rent period (the day before rent is due, on the ${ordinalDay(firstDay)} of the month).`;
  }
  return null;
}

function ordinalDay(day: string): string {
  const n = Number(day.slice(8, 10));
  const suffix =
    n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** When a failed rent payment is tried again: 1 and then 3 days after the due day; after that the landlord is told. */
export const RENT_RETRY_DAYS = [1, 3] as const;

/** The day of the next try after `attempts` failed ones, or null when no try is left. */
export function nextRentAttemptOn(dueOn: string, attempts: number): string | null {
  const days = RENT_RETRY_DAYS[attempts - 1];
  return days === undefined ? null : addDays(dueOn, days);
}
