import { inForce } from "./uk-law";

/**
 * England's periodic tenancies as listings, forms and letters describe them: which listings the dated rule
 * (UK_RULES.periodicTenancies) covers, and their terms in words. Apart from the rest of the rule (periodic-tenancy.ts),
 * which pages showing a listing do not need.
 */

/**
 * Whether a listing's tenancies are periodic on `day`: in England from 1 May 2026. A blank nation is the one the
 * postcode gives, England for all but a few areas, so the landlord's form follows the rule before one is chosen.
 */
export function periodicTenancyCovers(nation: string | null | undefined, day: string): boolean {
  return (nation || "England") === "England" && inForce("periodicTenancies", day);
}

/**
 * Whether a listing may still ask for a minimum or longest tenancy term: not where its tenancies are periodic, as a
 * term of months is a fixed-term claim there.
 */
export function minimumTenancyTermAllowed(nation: string | null | undefined, today: string): boolean {
  return !periodicTenancyCovers(nation, today);
}

const RENT_TERMS = "rent monthly, no fixed term";
const NOTICE_TERMS = "the tenant can leave on two months' notice";
/**
 * A periodic tenancy's terms in plain words, the one wording every page, form and letter uses: `rent` and `notice`
 * as parts of a sentence, `line` as a sentence of its own.
 */
export const PERIODIC_TENANCY_TERMS = {
  rent: RENT_TERMS,
  notice: NOTICE_TERMS,
  line: `Periodic tenancy: ${RENT_TERMS}. ${NOTICE_TERMS[0]?.toUpperCase()}${NOTICE_TERMS.slice(1)}.`,
} as const;

/** What a periodic tenancy is, for a quote: how it runs and what is paid when. */
export const PERIODIC_TENANCY_SUMMARY = `Rent monthly from the move-in day, with no fixed term; ${NOTICE_TERMS}. One month's rent is taken once the landlord agrees, with no service fee; a holding deposit and a deposit, each capped by law.`;
/** A periodic tenancy's quote ends with what is paid when the landlord agrees, not a total: rent goes on monthly. */
export const PERIODIC_FIRST_PAYMENT_LABEL = "Due when agreed";
