/**
 * The all-in nightly price: the first price a guest sees (UK_RULES.allInPrices). Kept apart from the rest of pricing so
 * the pages that show a price carry only these few lines.
 */

/**
 * The guest's service fee: 10% of each night's price, rounded to the penny night by night (decision 030), so a stay
 * costs exactly the sum of the all-in nightly prices shown on cards and the listing.
 */
export const SERVICE_FEE_PERCENT = 10;
export const SERVICE_FEE_RATE = SERVICE_FEE_PERCENT / 100;

/** The service fee on one night's price, in whole pence (integer arithmetic: no binary drift at the half penny). */
export function nightServiceFeePence(nightPence: number): number {
  return Math.round((nightPence * SERVICE_FEE_PERCENT) / 100);
}

/** Said beside every all-in price, so a guest knows nothing is added later. */
export const ALL_IN_LABEL = "incl. fees";

/**
 * What a local levy adds to one night, when the listing is in a place that charges one: a share of the night's
 * accommodation price, in percent (Edinburgh's visitor levy is 5). None by default.
 */
export type AllInOptions = { levyPercent?: number };

/**
 * The price of one night with every mandatory charge in it: the night, the guest's service fee and any local levy.
 * This is the first price a guest sees (cards, the listing's header, the quote's first line) once prices must be
 * all-in (UK_RULES.allInPrices); the server's search filter and the browser's figures both come from here.
 */
export function allInNightlyPence(nightPence: number, options: AllInOptions = {}): number {
  const levy = options.levyPercent ? Math.round((nightPence * options.levyPercent) / 100) : 0;
  return nightPence + nightServiceFeePence(nightPence) + levy;
}

/** The all-in nightly price of a nightly price in pounds ("245.50"), as money text for JSON answers ("270.05"). */
export function allInNightlyText(pricePerNight: string | number, options: AllInOptions = {}): string {
  return (allInNightlyPence(Math.round(Number(pricePerNight) * 100), options) / 100).toFixed(2);
}
