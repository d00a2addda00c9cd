/**
 * England's periodic tenancies as listings, forms and letters describe them: the day they begin, which listings they
 * cover, and their terms in words. Kept apart from the rest of the rule (periodic-tenancy.ts) so a public page can say
 * them without carrying the UK rules' texts.
 */

/** Assured tenancies in England are periodic from this day (UK_RULES.periodicTenancies takes its date from here). */
export const PERIODIC_TENANCIES_FROM = "2026-05-01";

/**
 * Whether a listing's tenancies are periodic on `day`: in England from 1 May 2026. A blank nation is the one the
 * postcode gives, England for all but a few areas, so the landlord's form follows the rule before one is chosen.
 */
export function periodicTenancyCovers(nation: string | null | undefined, day: string): boolean {
  return (nation || "England") === "England" && day >= PERIODIC_TENANCIES_FROM;
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
