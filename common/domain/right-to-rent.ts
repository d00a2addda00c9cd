import { addDays, formatDateGb } from "./calendar-dates";

/**
 * A tenancy's Right to Rent check in England: before the tenancy starts the landlord checks that each adult who will
 * live in the home may rent, in one of three ways the Home Office accepts, no earlier than 28 days before the start.
 * StayLondon keeps only the fact that it was done, the day and the way; the copies stay with the landlord.
 */
export const RIGHT_TO_RENT_METHODS = ["original_documents", "home_office_online", "idsp"] as const;
export type RightToRentMethod = (typeof RIGHT_TO_RENT_METHODS)[number];

export const RIGHT_TO_RENT_METHOD_LABELS: Record<RightToRentMethod, string> = {
  original_documents: "Original documents seen (List A or B)",
  home_office_online: "Home Office online check (share code)",
  idsp: "Identity service provider (IDSP)",
};

/** A check made longer than this before the tenancy starts does not count: it has to be made again. */
export const RIGHT_TO_RENT_EARLIEST_DAYS = 28;

/** Why this day cannot be recorded as the check, or null: not in the future, and not too long before the start. */
export function rightToRentDayProblem(checkedOn: string, tenancyStart: string, today: string): string | null {
  if (checkedOn > today) return "The day of the Right to Rent check cannot be in the future";
  const earliest = addDays(tenancyStart, -RIGHT_TO_RENT_EARLIEST_DAYS);
  if (checkedOn < earliest) {
    return `A Right to Rent check counts only if it is made at most ${RIGHT_TO_RENT_EARLIEST_DAYS} days before the tenancy starts (from ${formatDateGb(earliest)}); check again and record that day`;
  }
  return null;
}

/** A check made after the tenancy had started: recorded, but late. */
export const rightToRentLate = (checkedOn: string, tenancyStart: string) => checkedOn > tenancyStart;
