/**
 * The all-in nightly price: the first price a guest sees (UK_RULES.allInPrices). Kept apart from the rest of pricing so
 * the pages that show a price carry only these few lines.
 */

/**
 * The guest's service fee rate. A stay is charged 10% of its nights' total, rounded to whole pounds
 * (pricing.ts, serviceFeePence); a single night's all-in figure carries 10% of that night to the penny (decision 030).
 */
export const SERVICE_FEE_PERCENT = 10;
export const SERVICE_FEE_RATE = SERVICE_FEE_PERCENT / 100;

/**
 * The fee's share of one night as the per-night all-in figure shows it, in whole pence (integer arithmetic: no binary
 * drift at the half penny). A stay is charged the whole-pound fee on its total, not the sum of these.
 */
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
