import { addCalendarMonths, addDays, calendarMonthsLaterDay, dayNumberOf, nightsBetween } from "./calendar-dates";

/**
 * One listing, three ways to stay, told apart by length: a short let (under 28 nights), a mid let (28 nights up to
 * 6 calendar months from check-in) and a tenancy (longer, or from 28 nights when the guest asks for one and the
 * listing offers it). The server decides the mode from the dates; pages use the same words.
 *
 * The legal facts here come from public sources and can be wrong in detail or out of date: they are shown as
 * guidance with their source, never as legal advice.
 */
export const STAY_MODES = ["short_let", "mid_let", "tenancy"] as const;
export type StayMode = (typeof STAY_MODES)[number];

export const STAY_MODE_LABELS: Record<StayMode, string> = {
  short_let: "Short let",
  mid_let: "Mid let",
  tenancy: "Tenancy",
};

/** From this many nights a stay is no longer a short let. */
export const MID_LET_MIN_NIGHTS = 28;
export const SHORT_LET_MAX_NIGHTS = MID_LET_MIN_NIGHTS - 1;
/** A mid let ends at most this many calendar months after check-in; a longer stay is a tenancy. */
export const MID_LET_MAX_MONTHS = 6;
/** Six calendar months are 181 to 184 nights, so no mid let can be longer than this. */
export const MID_LET_MAX_NIGHTS = 184;
/** The longest stay booked online, tenancies included (a two-year tenancy, leap days and all). */
export const MAX_STAY_MONTHS = 24;
/** Spec 2's default tenancy minimum. */
export const DEFAULT_MIN_TENANCY_MONTHS = 6;

export type StayDates = { checkIn: string; checkOut: string };

/**
 * The mode of a stay. Exactly 6 calendar months is still a mid let; one night more is a tenancy. A guest may ask for
 * a tenancy from the 28th night, which counts only where the listing offers tenancies.
 */
export function stayModeOf(
  stay: StayDates,
  options: { markedAsTenancy?: boolean; tenancyOffered?: boolean } = {},
): StayMode {
  if (nightsBetween(stay.checkIn, stay.checkOut) < MID_LET_MIN_NIGHTS) return "short_let";
  if (longerThanMonths(stay, MID_LET_MAX_MONTHS)) return "tenancy";
  return options.markedAsTenancy && options.tenancyOffered ? "tenancy" : "mid_let";
}

/** Whole calendar months from check-in that fit in the stay (31 January to 28 February is one). */
export function wholeMonthsOf(stay: StayDates): number {
  const checkOut = dayNumberOf(stay.checkOut);
  let months = 0;
  while (calendarMonthsLaterDay(stay.checkIn, months + 1) <= checkOut) months++;
  return months;
}

/** The stay is longer than `limit` months: a check-out after the same day `limit` months on. */
export function longerThanMonths(stay: StayDates, limit: number): boolean {
  return dayNumberOf(stay.checkOut) > calendarMonthsLaterDay(stay.checkIn, limit);
}

/** Which modes a listing offers and how long each may be: nights for short and mid lets, months for tenancies. */
export type ListingStayModes = {
  shortLetOffered: boolean;
  shortLetMinNights: number;
  shortLetMaxNights: number;
  midLetOffered: boolean;
  midLetMinNights: number;
  /** Null: up to the mode's own end, 6 months from check-in. */
  midLetMaxNights: number | null;
  tenancyOffered: boolean;
  minTenancyMonths: number;
  /** Null: up to the longest stay booked online. */
  maxTenancyMonths: number | null;
};

/** What a new listing offers unless its landlord says otherwise: every mode, at its full length. */
export const DEFAULT_STAY_MODES: ListingStayModes = {
  shortLetOffered: true,
  shortLetMinNights: 1,
  shortLetMaxNights: SHORT_LET_MAX_NIGHTS,
  midLetOffered: true,
  midLetMinNights: MID_LET_MIN_NIGHTS,
  midLetMaxNights: null,
  tenancyOffered: true,
  minTenancyMonths: DEFAULT_MIN_TENANCY_MONTHS,
  maxTenancyMonths: null,
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "2 to 27 nights", "28 nights to 6 months", "6 months or longer": how long a stay in this mode may be here. */
export function modeRangeText(listing: ListingStayModes, mode: StayMode): string {
  if (mode === "short_let") {
    const { shortLetMinNights: min, shortLetMaxNights: max } = listing;
    return min === max ? plural(min, "night") : `${min} to ${plural(max, "night")}`;
  }
  if (mode === "mid_let") {
    const { midLetMinNights: min, midLetMaxNights: max } = listing;
    if (max === null) return `${plural(min, "night")} to ${MID_LET_MAX_MONTHS} months`;
    return min === max ? plural(min, "night") : `${min} to ${plural(max, "night")}`;
  }
  const { minTenancyMonths: min, maxTenancyMonths: max } = listing;
  if (max === null) return `${plural(min, "month")} or longer`;
  return min === max ? plural(min, "month") : `${min} to ${plural(max, "month")}`;
}

export function offersMode(listing: ListingStayModes, mode: StayMode): boolean {
  return mode === "short_let"
    ? listing.shortLetOffered
    : mode === "mid_let"
      ? listing.midLetOffered
      : listing.tenancyOffered;
}

const MODE_NOUNS: Record<StayMode, string> = { short_let: "short lets", mid_let: "mid lets", tenancy: "tenancies" };
const MODE_DEFINITIONS: Record<StayMode, string> = {
  short_let: "stays under 28 nights",
  mid_let: "stays of 28 nights to 6 months",
  tenancy: "lets longer than 6 months, or from 28 nights as a tenancy",
};

function joinWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "short lets of 1 to 27 nights and tenancies of 6 months or longer". */
export function offeredStaysText(listing: ListingStayModes): string {
  return joinWords(
    STAY_MODES.filter((m) => offersMode(listing, m)).map((m) => `${MODE_NOUNS[m]} of ${modeRangeText(listing, m)}`),
  );
}

/** Why this listing cannot take a stay of this length in this mode, in plain words; null when it can. */
export function stayLengthReason(listing: ListingStayModes, stay: StayDates, mode: StayMode): string | null {
  if (!offersMode(listing, mode)) {
    const others = offeredStaysText(listing);
    return `This property doesn't offer ${MODE_NOUNS[mode]} (${MODE_DEFINITIONS[mode]}).${others ? ` It offers ${others}.` : ""}`;
  }
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (mode === "short_let") {
    if (nights < listing.shortLetMinNights)
      return `Short lets here are at least ${plural(listing.shortLetMinNights, "night")}.`;
    if (nights > listing.shortLetMaxNights)
      return `Short lets here are at most ${plural(listing.shortLetMaxNights, "night")}.`;
    return null;
  }
  if (mode === "mid_let") {
    if (nights < listing.midLetMinNights)
      return `Mid lets here are at least ${plural(listing.midLetMinNights, "night")}.`;
    if (listing.midLetMaxNights !== null && nights > listing.midLetMaxNights) {
      return `Mid lets here are at most ${plural(listing.midLetMaxNights, "night")}.`;
    }
    return null;
  }
  if (wholeMonthsOf(stay) < listing.minTenancyMonths) {
    return `Tenancies here are at least ${plural(listing.minTenancyMonths, "month")}.`;
  }
  if (listing.maxTenancyMonths !== null && longerThanMonths(stay, listing.maxTenancyMonths)) {
    return `Tenancies here are at most ${plural(listing.maxTenancyMonths, "month")}.`;
  }
  return null;
}

// Money ------------------------------------------------------------------------------------------------------------
// Whole pence throughout. Caps are rounded down to the penny, so a deposit at the cap is never above the law's figure.

/** Where the annual rent reaches this, a tenancy deposit may be six weeks' rent instead of five. */
export const HIGH_RENT_ANNUAL_PENCE = 5_000_000;

export function annualRentPence(monthlyPence: number): number {
  return monthlyPence * 12;
}

/** A week's rent: the monthly rent × 12 ÷ 52, as the government's guidance to the Tenant Fees Act works it out. */
export function weeklyRentPence(monthlyPence: number): number {
  return Math.floor(annualRentPence(monthlyPence) / 52);
}

export function depositCapWeeks(annualPence: number): 5 | 6 {
  return annualPence >= HIGH_RENT_ANNUAL_PENCE ? 6 : 5;
}

export function depositCapPence(monthlyPence: number): number {
  const annual = annualRentPence(monthlyPence);
  return Math.floor((annual * depositCapWeeks(annual)) / 52);
}

export function holdingDepositCapPence(monthlyPence: number): number {
  return weeklyRentPence(monthlyPence);
}

/** A tenancy's rent: the monthly rent for each whole month, and the days after them at the monthly rent × 12 ÷ 365. */
export function tenancyRent(
  monthlyPence: number,
  stay: StayDates,
): { months: number; extraDays: number; rentPence: number } {
  const months = wholeMonthsOf(stay);
  const extraDays = nightsBetween(addCalendarMonths(stay.checkIn, months), stay.checkOut);
  const rentPence = monthlyPence * months + Math.round((monthlyPence * 12 * extraDays) / 365);
  return { months, extraDays, rentPence };
}

export const formatPence = (pence: number) =>
  `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

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

/** Bands below E: such a home cannot be let on a tenancy without a registered exemption. */
export const EPC_BANDS_NEEDING_EXEMPTION = ["F", "G"] as const;

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

const WEEKS_WORDS = { 5: "five", 6: "six" } as const;

/** What the landlord's form says about a problem, with the way out. */
export function tenancyTermsMessageForLandlord(problem: TenancyTermsProblem): string {
  switch (problem.kind) {
    case "deposit":
      return (
        `For a tenancy the deposit can be at most ${WEEKS_WORDS[problem.weeks]} weeks' rent, ${formatPence(problem.capPence)} ` +
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
        `than ${WEEKS_WORDS[problem.weeks]} weeks' rent (${formatPence(problem.capPence)}), the most the Tenant Fees Act ` +
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

export const GUIDANCE_NOTE =
  "Guidance from public sources, not legal advice. It can be wrong in detail or out of date: check the source.";

/** Each mode's rules in plain words, as the quote, the listing and the landlord's form show them. */
export const STAY_MODE_SUMMARIES: Record<StayMode, string> = {
  short_let: "Under 28 nights. Priced by the night, plus a 10% service fee.",
  mid_let: "28 nights up to 6 months. Serviced accommodation priced by the night, plus a 10% service fee.",
  tenancy:
    "Longer than 6 months, or from 28 nights as a tenancy. Rent by the month with no service fee; a holding deposit and a deposit, each capped by law.",
};

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

/** The reduced value rule starts once a stay passes this many nights. */
export const VAT_REDUCED_VALUE_AFTER_NIGHTS = 28;

/** The guidance a quote carries: a tenancy's rules, or how VAT is treated once a serviced stay passes 28 nights. */
export function quoteGuidance(mode: StayMode, nights: number): Guidance[] {
  if (mode === "tenancy") return [...TENANCY_GUIDANCE];
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
  source: string;
};

/**
 * What a landlord must do after letting as a tenancy: protect the deposit within 30 days of taking it (dated from
 * the day the tenancy was confirmed on StayLondon), and check the Right to Rent before the tenancy starts.
 */
export function tenancyReminders(booking: {
  checkIn: string;
  confirmedOn: string | null;
  depositPence: number | null;
}): TenancyReminder[] {
  const reminders: TenancyReminder[] = [];
  if (booking.depositPence !== null && booking.depositPence > 0) {
    reminders.push({
      kind: "deposit_protection",
      title: "Protect the deposit",
      text: `Put the ${formatPence(booking.depositPence)} deposit in a government-approved deposit protection scheme and give the tenant the scheme's details within ${DEPOSIT_PROTECTION_DAYS} days of receiving it.`,
      dueOn: booking.confirmedOn ? addDays(booking.confirmedOn, DEPOSIT_PROTECTION_DAYS) : null,
      source: "Housing Act 2004, sections 213 to 215",
    });
  }
  reminders.push({
    kind: "right_to_rent",
    title: "Check the Right to Rent",
    text: "Check that each adult who will live in the home has the right to rent in England, and keep a copy of what you checked, before the tenancy starts.",
    dueOn: booking.checkIn,
    source: "Immigration Act 2014 (Right to Rent checks)",
  });
  return reminders;
}
