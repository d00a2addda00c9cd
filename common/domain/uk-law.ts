import { nightsOf } from "./calendar-dates";

/**
 * The UK rules the marketplace follows, each with the day it takes effect, so a quote or a listing for a stay before
 * a rule's day follows the law of that day and one after it the new law. Every rule that changes what is charged,
 * shown or required is named here once; the code that applies it asks `inForce` with the day that matters for it
 * (a night, a check-in, the day something is shown).
 *
 * From public sources; guidance, not legal advice. A rule that changes again gets a new entry with its own date
 * rather than an edited one, so stays already quoted keep the law they were quoted under.
 */
export type LawRule = {
  /** What the rule requires, in a sentence a landlord or guest can read. */
  summary: string;
  /** Where it applies. */
  where: "England" | "Scotland" | "Wales" | "United Kingdom" | "City of Edinburgh";
  /** The first day it applies (YYYY-MM-DD, UK time). */
  inForceFrom: string;
  source: string;
};

export const UK_RULES = {
  allInPrices: {
    summary:
      "The first price shown for a stay includes every fee the guest must pay and every local levy; optional extras may be added later.",
    where: "United Kingdom",
    inForceFrom: "2025-04-06",
    source: "Digital Markets, Competition and Consumers Act 2024, Schedule 20 (drip pricing)",
  },
  periodicTenancies: {
    summary:
      "Assured tenancies are periodic with monthly (or shorter) rent periods and no fixed term; the tenant may leave on two months' notice; at most one month's rent may be taken in advance, and only once the tenancy is agreed; the rent is advertised and no offer above it may be invited or accepted.",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Renters' Rights Act 2025, Part 1 (in force 1 May 2026)",
  },
  scottishShortLetLicence: {
    summary:
      "Every short let in Scotland needs a licence from its council; the listing shows the licence number, the maximum occupancy and the EPC rating.",
    where: "Scotland",
    inForceFrom: "2023-10-01",
    source: "Civic Government (Scotland) Act 1982 (Licensing of Short-term Lets) Order 2022",
  },
  edinburghVisitorLevy: {
    summary:
      "A visitor levy of 5% of the accommodation price on each of the first 5 nights of a stay, for nights from 24 July 2026.",
    where: "City of Edinburgh",
    inForceFrom: "2026-07-24",
    source: "Visitor Levy (Scotland) Act 2024; City of Edinburgh Council visitor levy scheme",
  },
  welshVisitorRegistration: {
    summary: "Providers of visitor accommodation in Wales must be registered and show their registration number.",
    where: "Wales",
    inForceFrom: "2026-10-01",
    source: "Visitor Accommodation (Register and Levy) Etc. (Wales) Act 2025",
  },
} as const satisfies Record<string, LawRule>;

export type UkRuleName = keyof typeof UK_RULES;

/** Whether a rule applies on a day (YYYY-MM-DD). */
export function inForce(rule: UkRuleName, day: string): boolean {
  return day >= UK_RULES[rule].inForceFrom;
}

/** Edinburgh's levy: this share of the accommodation price of a levied night. */
export const EDINBURGH_LEVY_PERCENT = 5;
/** Only the first this many nights of a stay are levied, however long it is. */
export const EDINBURGH_LEVY_MAX_NIGHTS = 5;

/**
 * The visitor levy on a stay's nights in pence: 5% of each of the first five nights' accommodation price that falls on
 * or after the levy's first day, rounded once on the total. Nothing outside Edinburgh.
 */
export function edinburghLevyPence(
  nightly: ReadonlyArray<{ date: string; pence: number }>,
  options: { inEdinburgh: boolean },
): number {
  if (!options.inEdinburgh) return 0;
  const levied = nightly
    .slice(0, EDINBURGH_LEVY_MAX_NIGHTS)
    .filter((night) => inForce("edinburghVisitorLevy", night.date))
    .reduce((sum, night) => sum + night.pence, 0);
  return Math.round((levied * EDINBURGH_LEVY_PERCENT) / 100);
}

/** The nights of a stay its levy counts (for the quote's explanation): the first five on or after the levy's day. */
export function leviedNights(checkIn: string, checkOut: string, options: { inEdinburgh: boolean }): string[] {
  if (!options.inEdinburgh) return [];
  return nightsOf(checkIn, checkOut)
    .slice(0, EDINBURGH_LEVY_MAX_NIGHTS)
    .filter((night) => inForce("edinburghVisitorLevy", night));
}
