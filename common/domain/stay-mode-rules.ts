import { addDays, formatDateGb } from "./calendar-dates";
import { RIGHT_TO_RENT_METHOD_LABELS, type RightToRentMethod, rightToRentLate } from "./right-to-rent";
import {
  annualRentPence,
  DEPOSIT_WEEKS_WORDS,
  depositCapPence,
  depositCapWeeks,
  EPC_BANDS_NEEDING_EXEMPTION,
  formatPence,
  holdingDepositCapPence,
  type StayMode,
  VAT_REDUCED_VALUE_AFTER_NIGHTS,
} from "./stay-modes";

/**
 * The law's side of the stay modes: what stops a listing from being let as a tenancy, the guidance a quote carries
 * with its sources, and the landlord's dated duties after a tenancy. From public sources; guidance, not legal advice.
 */

/** What stops a listing from being let as a tenancy: the deposits above their caps, or a poor EPC without exemption. */
export type TenancyTermsProblem =
  | { field: "depositAmount"; kind: "deposit"; amountPence: number; capPence: number; weeks: 5 | 6 }
  | { field: "holdingDepositAmount"; kind: "holding-deposit"; amountPence: number; capPence: number }
  | { field: "epcExemptionReference"; kind: "epc"; rating: string };

export type TenancyTerms = {
  tenancyOffered: boolean;
  pricePerMonthPence: number;
  depositPence: number | null;
  holdingDepositPence: number | null;
  epcRating: string | null;
  epcExemptionReference: string | null;
};

export function tenancyTermsProblems(terms: TenancyTerms): TenancyTermsProblem[] {
  if (!terms.tenancyOffered) return [];
  const problems: TenancyTermsProblem[] = [];
  const monthly = terms.pricePerMonthPence;
  const depositCap = depositCapPence(monthly);
  if (terms.depositPence !== null && terms.depositPence > depositCap) {
    problems.push({
      field: "depositAmount",
      kind: "deposit",
      amountPence: terms.depositPence,
      capPence: depositCap,
      weeks: depositCapWeeks(annualRentPence(monthly)),
    });
  }
  const holdingCap = holdingDepositCapPence(monthly);
  if (terms.holdingDepositPence !== null && terms.holdingDepositPence > holdingCap) {
    problems.push({
      field: "holdingDepositAmount",
      kind: "holding-deposit",
      amountPence: terms.holdingDepositPence,
      capPence: holdingCap,
    });
  }
  const rating = terms.epcRating;
  if (
    rating &&
    (EPC_BANDS_NEEDING_EXEMPTION as readonly string[]).includes(rating) &&
    !terms.epcExemptionReference?.trim()
  ) {
    problems.push({ field: "epcExemptionReference", kind: "epc", rating });
  }
  return problems;
}

/** What the landlord's form says about a problem, with the way out. */
export function tenancyTermsMessageForLandlord(problem: TenancyTermsProblem): string {
  switch (problem.kind) {
    case "deposit":
      return (
        `For a tenancy the deposit can be at most ${DEPOSIT_WEEKS_WORDS[problem.weeks]} weeks' rent, ${formatPence(problem.capPence)} ` +
        `at this monthly rent (Tenant Fees Act 2019). Lower the deposit, or stop offering tenancies.`
      );
    case "holding-deposit":
      return (
        `A holding deposit can be at most one week's rent, ${formatPence(problem.capPence)} at this monthly rent ` +
        `(Tenant Fees Act 2019). Lower it, or stop offering tenancies.`
      );
    case "epc":
      return (
        `A home rated EPC ${problem.rating} can't be let on a tenancy unless an exemption is registered (Minimum Energy ` +
        `Efficiency Standard). Add the exemption reference, or stop offering tenancies.`
      );
  }
}

/** What a guest asking for a tenancy is told when the listing's terms do not allow one. */
export function tenancyTermsMessageForGuest(problem: TenancyTermsProblem): string {
  switch (problem.kind) {
    case "deposit":
      return (
        `This property can't be let as a tenancy right now: its deposit of ${formatPence(problem.amountPence)} is more ` +
        `than ${DEPOSIT_WEEKS_WORDS[problem.weeks]} weeks' rent (${formatPence(problem.capPence)}), the most the Tenant Fees Act ` +
        `2019 allows. The landlord needs to lower it.`
      );
    case "holding-deposit":
      return (
        `This property can't be let as a tenancy right now: its holding deposit of ${formatPence(problem.amountPence)} ` +
        `is more than one week's rent (${formatPence(problem.capPence)}), the most the Tenant Fees Act 2019 allows.`
      );
    case "epc":
      return (
        `This property can't be let as a tenancy right now: it is rated EPC ${problem.rating} and no exemption is ` +
        `recorded (Minimum Energy Efficiency Standard).`
      );
  }
}

// Guidance ---------------------------------------------------------------------------------------------------------

export type Guidance = { topic: string; text: string; source: string };

export const TENANCY_GUIDANCE: readonly Guidance[] = [
  {
    topic: "No fees",
    text: "Besides rent and the two deposits, only a few set payments are allowed, such as a charge for a lost key or for changing the tenancy when the tenant asks. StayLondon adds no service fee to a tenancy.",
    source: "Tenant Fees Act 2019 (England)",
  },
  {
    topic: "Holding deposit",
    text: "At most one week's rent (the monthly rent × 12 ÷ 52), to reserve the home while the tenancy is agreed.",
    source: "Tenant Fees Act 2019 (England)",
  },
  {
    topic: "Deposit",
    text: "At most five weeks' rent, or six weeks' where the rent is £50,000 a year or more.",
    source: "Tenant Fees Act 2019 (England)",
  },
  {
    topic: "Deposit protection",
    text: "The landlord protects the deposit in a government-approved scheme within 30 days of receiving it, and tells the tenant which scheme.",
    source: "Housing Act 2004, sections 213 to 215",
  },
  {
    topic: "Right to Rent",
    text: "Before the tenancy starts, the landlord checks that each adult who will live there has the right to rent in England.",
    source: "Immigration Act 2014 (Right to Rent checks)",
  },
];

export const EPC_GUIDANCE: Guidance = {
  topic: "Energy rating",
  text: "A home rated EPC F or G can't be let on a tenancy unless an exemption is registered.",
  source: "Minimum Energy Efficiency Standard (Energy Efficiency (Private Rented Property) Regulations 2015)",
};

export const VAT_LONG_STAY_GUIDANCE: Guidance = {
  topic: "VAT from the 29th night",
  text: "Where a VAT-registered business provides serviced accommodation for more than 28 nights, from the 29th night VAT is due only on the part of the price for services other than the room itself, and that part must be at least 20% of the price (the reduced value rule). Whether VAT applies depends on the host.",
  source: "HMRC VAT Notice 709/3 (Hotels and holiday accommodation), the section on stays over 28 days",
};

/** How a periodic tenancy runs (England, from 1 May 2026), first among its rules. */
export const PERIODIC_TENANCY_GUIDANCE: Guidance = {
  topic: "Periodic tenancy",
  text: "The tenancy has no fixed term or end date: rent is due each month from the move-in day, and the tenant can end it with two months' notice. At most one month's rent is paid in advance, and only once the tenancy is agreed; the rent is the advertised rent, and no one may bid above it.",
  source: "Renters' Rights Act 2025, Part 1 (in force 1 May 2026)",
};

/**
 * The guidance a quote carries: a tenancy's rules (a periodic tenancy's first), or how VAT is treated once a serviced
 * stay passes 28 nights.
 */
export function quoteGuidance(mode: StayMode, nights: number, periodic = false): Guidance[] {
  if (mode === "tenancy") return periodic ? [PERIODIC_TENANCY_GUIDANCE, ...TENANCY_GUIDANCE] : [...TENANCY_GUIDANCE];
  if (nights > VAT_REDUCED_VALUE_AFTER_NIGHTS) return [VAT_LONG_STAY_GUIDANCE];
  return [];
}

// Reminders to the landlord ---------------------------------------------------------------------------------------

export const DEPOSIT_PROTECTION_DAYS = 30;

export type TenancyReminder = {
  kind: "deposit_protection" | "right_to_rent";
  title: string;
  text: string;
  /** The last day to act; null while the deposit has not been taken (the 30 days run from then). */
  dueOn: string | null;
  /** Done (recorded), due (its last day not yet passed) or overdue. */
  status: "due" | "overdue" | "done";
  /** The day it was done, once recorded. */
  doneOn: string | null;
  source: string;
};

/**
 * What a landlord must do after letting as a tenancy: protect the deposit within 30 days of taking it (dated from
 * the day the tenancy was confirmed on StayLondon), and check the Right to Rent before the tenancy starts. Given
 * today and the recorded check, the Right to Rent duty says it is done (and whether late), or overdue once the
 * tenancy has begun without one.
 */
export function tenancyReminders(booking: {
  checkIn: string;
  confirmedOn: string | null;
  depositPence: number | null;
  today?: string;
  rightToRent?: { checkedOn: string; method: RightToRentMethod } | null;
}): TenancyReminder[] {
  const reminders: TenancyReminder[] = [];
  const passed = (dueOn: string | null) => !!booking.today && !!dueOn && booking.today > dueOn;
  if (booking.depositPence !== null && booking.depositPence > 0) {
    const dueOn = booking.confirmedOn ? addDays(booking.confirmedOn, DEPOSIT_PROTECTION_DAYS) : null;
    reminders.push({
      kind: "deposit_protection",
      title: "Protect the deposit",
      text: `Put the ${formatPence(booking.depositPence)} deposit in a government-approved deposit protection scheme and give the tenant the scheme's details within ${DEPOSIT_PROTECTION_DAYS} days of receiving it.`,
      dueOn,
      status: passed(dueOn) ? "overdue" : "due",
      doneOn: null,
      source: "Housing Act 2004, sections 213 to 215",
    });
  }
  const check = booking.rightToRent ?? null;
  const method = check ? RIGHT_TO_RENT_METHOD_LABELS[check.method] : "";
  reminders.push({
    kind: "right_to_rent",
    title: check ? "Right to Rent checked" : "Check the Right to Rent",
    text: !check
      ? passed(booking.checkIn)
        ? "The tenancy has started and no Right to Rent check is recorded. Check that each adult living in the home has the right to rent in England now, keep a copy, and record it here."
        : "Check that each adult who will live in the home has the right to rent in England, and keep a copy of what you checked, before the tenancy starts."
      : rightToRentLate(check.checkedOn, booking.checkIn)
        ? `${method}. Late: the check was made after the tenancy started on ${formatDateGb(booking.checkIn)}. Keep your copy of what you checked.`
        : `${method}, before the tenancy started. Keep your copy of what you checked.`,
    dueOn: booking.checkIn,
    status: check ? "done" : passed(booking.checkIn) ? "overdue" : "due",
    doneOn: check?.checkedOn ?? null,
    source: "Immigration Act 2014 (Right to Rent checks)",
  });
  return reminders;
}
