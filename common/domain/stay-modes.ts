import {
  addCalendarMonths,
  calendarMonthsLaterDay,
  dayNumberOf,
  longerThanMonths,
  nightsBetween,
} from "./calendar-dates";
import { PERIODIC_TENANCY_TERMS, periodicTenancyCovers } from "./periodic-terms";
import { nightsBoundsReason } from "./stay-length-rule";

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
/** The shortest tenancy when the landlord gives none. */
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

/** A listing's stay modes with the nation whose law its tenancies follow (blank: the postcode's, England for most). */
export type ListingTerms = ListingStayModes & { nation?: string | null };

/**
 * A tenancy's terms at this listing on `day`, in words: where the tenancy is periodic (England from 1 May 2026) its
 * terms, never a number of months; elsewhere, or before that day, the months the landlord set ("6 to 12 months").
 */
export function tenancyTermsText(
  listing: Pick<ListingTerms, "nation" | "minTenancyMonths" | "maxTenancyMonths">,
  day: string,
): string {
  if (periodicTenancyCovers(listing.nation, day)) return PERIODIC_TENANCY_TERMS.line;
  const { minTenancyMonths: min, maxTenancyMonths: max } = listing;
  if (max === null) return `${plural(min, "month")} or longer`;
  return min === max ? plural(min, "month") : `${min} to ${plural(max, "month")}`;
}

/**
 * "2 to 27 nights", "28 nights to 6 months", "6 months or longer": how long a stay in this mode may be here on `day`;
 * a periodic tenancy's terms instead of months (tenancyTermsText).
 */
export function modeRangeText(listing: ListingTerms, mode: StayMode, day: string): string {
  if (mode === "short_let") {
    const { shortLetMinNights: min, shortLetMaxNights: max } = listing;
    return min === max ? plural(min, "night") : `${min} to ${plural(max, "night")}`;
  }
  if (mode === "mid_let") {
    const { midLetMinNights: min, midLetMaxNights: max } = listing;
    if (max === null) return `${plural(min, "night")} to ${MID_LET_MAX_MONTHS} months`;
    return min === max ? plural(min, "night") : `${min} to ${plural(max, "night")}`;
  }
  return tenancyTermsText(listing, day);
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

/** "short lets of 1 to 27 nights and tenancies of 6 months or longer", or "… and periodic tenancies (rent monthly, …)". */
export function offeredStaysText(listing: ListingTerms, day: string): string {
  const periodic = periodicTenancyCovers(listing.nation, day);
  return joinWords(
    STAY_MODES.filter((m) => offersMode(listing, m)).map((m) =>
      m === "tenancy" && periodic
        ? `periodic tenancies (${PERIODIC_TENANCY_TERMS.rent})`
        : `${MODE_NOUNS[m]} of ${modeRangeText(listing, m, day)}`,
    ),
  );
}

/**
 * Why this listing cannot take a stay of this length in this mode, asked on `day`, in plain words; null when it can.
 * A periodic tenancy has no minimum or longest term, so only its mode is checked.
 */
export function stayLengthReason(listing: ListingTerms, stay: StayDates, mode: StayMode, day: string): string | null {
  if (!offersMode(listing, mode)) {
    const others = offeredStaysText(listing, day);
    return `This property doesn't offer ${MODE_NOUNS[mode]} (${MODE_DEFINITIONS[mode]}).${others ? ` It offers ${others}.` : ""}`;
  }
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (mode === "short_let") {
    return nightsBoundsReason(mode, { minNights: listing.shortLetMinNights, maxNights: listing.shortLetMaxNights }, nights);
  }
  if (mode === "mid_let") {
    return nightsBoundsReason(mode, { minNights: listing.midLetMinNights, maxNights: listing.midLetMaxNights }, nights);
  }
  if (periodicTenancyCovers(listing.nation, day)) return null;
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

export const DEPOSIT_WEEKS_WORDS = { 5: "five", 6: "six" } as const;

export const formatPence = (pence: number) =>
  `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Bands below E: such a home cannot be let on a tenancy without a registered exemption. */
export const EPC_BANDS_NEEDING_EXEMPTION = ["F", "G"] as const;

export const GUIDANCE_NOTE =
  "Guidance from public sources, not legal advice. It can be wrong in detail or out of date: check the source.";

/** Each mode's rules in plain words, as the quote, the listing and the landlord's form show them. */
export const STAY_MODE_SUMMARIES: Record<StayMode, string> = {
  short_let: "Under 28 nights. Priced by the night, plus a 10% service fee.",
  mid_let: "28 nights up to 6 months. Serviced accommodation priced by the night, plus a 10% service fee.",
  tenancy:
    "Longer than 6 months, or from 28 nights as a tenancy. Rent by the month with no service fee; a holding deposit and a deposit, each capped by law.",
};

/** The reduced value rule starts once a stay passes this many nights. */
export const VAT_REDUCED_VALUE_AFTER_NIGHTS = 28;
