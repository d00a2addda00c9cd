import { addCalendarMonths, addDays, formatDateGb, nightsBetween } from "./calendar-dates";
import { tenancyRent } from "./stay-modes";
import { inForce } from "./uk-law";

/**
 * A tenant's rights under the Renters' Rights Act 2025 that the app enforces on a tenancy: rent increases by Section 13
 * notice, answers to pet requests, no listing that turns away children or people on benefits, and the written
 * statement of terms agreed before the tenancy is. The dates these apply from are in uk-law.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Section 13 rent increases.

/** A new rent may not take effect within this many days of the tenancy's start or of the last increase (52 weeks). */
export const RENT_INCREASE_GAP_DAYS = 364;

/** The notice a landlord gives before a new rent starts: two months under the Act, one month before it. */
export function rentIncreaseNoticeMonths(servedOn: string): number {
  return inForce("rentIncreaseOncePerYear", servedOn) ? 2 : 1;
}

/** Whether `day` begins a monthly rent period of a tenancy that began on `tenancyStart` (the same day each month). */
export function beginsRentPeriod(tenancyStart: string, day: string): boolean {
  if (day < tenancyStart) return false;
  const months = Math.round(nightsBetween(tenancyStart, day) / 30.44);
  return [months - 1, months, months + 1].some((m) => m >= 0 && addCalendarMonths(tenancyStart, m) === day);
}

/** The first rent period's start on or after `day`. */
export function nextRentPeriodStart(tenancyStart: string, day: string): string {
  let months = 0;
  while (addCalendarMonths(tenancyStart, months) < day) months++;
  return addCalendarMonths(tenancyStart, months);
}

export type RentIncreaseFacts = {
  /** The tenancy's first day. */
  tenancyStart: string;
  /** The day the notice is served (today). */
  servedOn: string;
  /** The day the new rent would start. */
  startsOn: string;
  /** When the latest earlier increase takes effect, if there is one (even one still to come). */
  previousStartsOn: string | null;
  currentMonthlyPence: number;
  newMonthlyPence: number;
};

/** The earliest day a new rent can start, given the notice served today and the tenancy's history. */
export function earliestRentIncreaseStart(
  facts: Omit<RentIncreaseFacts, "startsOn" | "newMonthlyPence" | "currentMonthlyPence">,
) {
  const candidates = [
    addCalendarMonths(facts.servedOn, rentIncreaseNoticeMonths(facts.servedOn)),
    addDays(facts.tenancyStart, RENT_INCREASE_GAP_DAYS),
    ...(facts.previousStartsOn ? [addDays(facts.previousStartsOn, RENT_INCREASE_GAP_DAYS)] : []),
  ];
  // Dates as YYYY-MM-DD sort as they fall.
  const latest = candidates.sort().at(-1) ?? facts.servedOn;
  return nextRentPeriodStart(facts.tenancyStart, latest);
}

/** Why a proposed increase is not allowed, in words the landlord reads; null when it is. */
export function rentIncreaseProblem(facts: RentIncreaseFacts): string | null {
  if (facts.newMonthlyPence <= facts.currentMonthlyPence) {
    return "A Section 13 notice proposes a higher rent than the current one.";
  }
  const earliest = earliestRentIncreaseStart(facts);
  if (facts.previousStartsOn && facts.startsOn < addDays(facts.previousStartsOn, RENT_INCREASE_GAP_DAYS)) {
    return (
      `Rent can go up only once in any 12 months: the last increase takes effect on ${formatDateGb(facts.previousStartsOn)}, ` +
      `so the next can start on ${formatDateGb(earliest)} at the earliest.`
    );
  }
  if (facts.startsOn < addDays(facts.tenancyStart, RENT_INCREASE_GAP_DAYS)) {
    return (
      `Rent cannot go up in the first 52 weeks of a tenancy: this one began on ${formatDateGb(facts.tenancyStart)}, ` +
      `so a new rent can start on ${formatDateGb(earliest)} at the earliest.`
    );
  }
  const months = rentIncreaseNoticeMonths(facts.servedOn);
  if (facts.startsOn < addCalendarMonths(facts.servedOn, months)) {
    return (
      `A rent increase needs at least ${months === 2 ? "two months'" : "one month's"} notice: served today, the new rent ` +
      `can start on ${formatDateGb(earliest)} at the earliest.`
    );
  }
  if (!beginsRentPeriod(facts.tenancyStart, facts.startsOn)) {
    return (
      `A new rent starts at the beginning of a rent period (the day of the month the tenancy began): ` +
      `${formatDateGb(nextRentPeriodStart(facts.tenancyStart, facts.startsOn))}, for example.`
    );
  }
  return null;
}

/**
 * The monthly rent a tenancy was booked at, read back from its total: whole months at the monthly rent and any days
 * after them pro rata (stay-modes.ts), so the rent the notice calls current is the one the tenant agreed.
 */
export function bookedMonthlyRentPence(totalPence: number, stay: { checkIn: string; checkOut: string }): number {
  const { months, extraDays } = tenancyRent(100, stay);
  const estimate = Math.round(totalPence / (months + (12 * extraDays) / 365));
  for (const candidate of [estimate, estimate - 1, estimate + 1]) {
    if (tenancyRent(candidate, stay).rentPence === totalPence) return candidate;
  }
  return estimate;
}

// ---------------------------------------------------------------------------------------------------------------
// Pet requests.

/** The landlord answers a pet request within this many days of receiving it. */
export const PET_ANSWER_DAYS = 28;
/** The landlord is reminded this many days before the answer is due. */
export const PET_REMINDER_DAYS_BEFORE = 7;

export const PET_REQUEST_STATUSES = ["pending", "approved", "refused"] as const;
export type PetRequestStatus = (typeof PET_REQUEST_STATUSES)[number];
export const PET_REQUEST_STATUS_LABELS: Record<PetRequestStatus, string> = {
  pending: "Awaiting the landlord's answer",
  approved: "Agreed",
  refused: "Refused",
};

/** The last day for the landlord's answer to a request asked on `askedOn`. */
export function petAnswerDueOn(askedOn: string): string {
  return addDays(askedOn, PET_ANSWER_DAYS);
}

/** An unanswered request past its last day, where the duty to answer applies: flagged to both sides. */
export function petRequestOverdue(request: { status: PetRequestStatus; askedOn: string }, today: string): boolean {
  return (
    request.status === "pending" && inForce("petRequests", request.askedOn) && today > petAnswerDueOn(request.askedOn)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Who a listing may turn away.

export type ExcludedGroup = "children" | "benefits";

/**
 * Wording that turns away people with children or on benefits. Kept to phrases that exclude (a listing may still say it
 * suits a couple or is near offices); the migration that cleaned existing listings removes the same phrases.
 */
const EXCLUDING_WORDING: readonly { pattern: RegExp; excludes: ExcludedGroup }[] = [
  { pattern: /\bno\s+(?:dss|benefits?|housing\s+benefits?|universal\s+credit|lha)\b/i, excludes: "benefits" },
  {
    pattern:
      /\b(?:dss|benefits?|housing\s+benefits?|universal\s+credit)\s+(?:not\s+(?:accepted|considered|allowed)|need\s+not\s+apply)\b/i,
    excludes: "benefits",
  },
  { pattern: /\b(?:working\s+)?professionals?\s+only\b/i, excludes: "benefits" },
  { pattern: /\bno\s+(?:children|kids|families|under[-\s]?18s)\b/i, excludes: "children" },
  { pattern: /\b(?:children|kids|families)\s+not\s+(?:accepted|allowed|considered)\b/i, excludes: "children" },
  { pattern: /\badults?\s+only\b/i, excludes: "children" },
];

/** The first excluding phrase in a text, as written there, and who it excludes; null when there is none. */
export function excludingWording(text: string | null | undefined): { phrase: string; excludes: ExcludedGroup } | null {
  for (const { pattern, excludes } of EXCLUDING_WORDING) {
    const found = pattern.exec(text ?? "");
    if (found) return { phrase: found[0], excludes };
  }
  return null;
}

const GROUP_WORDS: Record<ExcludedGroup, string> = {
  children: "people with children",
  benefits: "people who receive benefits",
};

/**
 * Why a listing's text may not be saved on `day` (London), naming the field; null when it may. Before the ban was in
 * force such wording was lawful, so nothing is refused for that day.
 */
export function excludingWordingMessage(label: string, text: string | null | undefined, day: string): string | null {
  if (!inForce("noBanOnChildrenOrBenefits", day)) return null;
  const found = excludingWording(text);
  if (!found) return null;
  return `${label} says "${found.phrase}": a listing may not turn away ${GROUP_WORDS[found.excludes]} (Renters' Rights Act 2025). Remove it and save again.`;
}

export const BENEFITS_PREFERENCE_MESSAGE =
  "A listing may not refuse tenants who receive benefits (Renters' Rights Act 2025): dssAccepted cannot be false.";

// ---------------------------------------------------------------------------------------------------------------
// The written statement of terms.

/** The statement's layout and wording; a new wording gets a new version, so an accepted one says which it was. */
export const STATEMENT_OF_TERMS_VERSION = "2026-05-01.1";

/** Whether a tenancy agreed on `day` needs the tenant's acceptance of the written statement first. */
export function statementOfTermsRequired(day: string): boolean {
  return inForce("writtenStatementOfTerms", day);
}
