/**
 * Rounding and ratios for the figures the app reports (the landlord's analytics, the admin's platform analytics).
 * Money is added up in whole pence and rounded once, half away from zero, so no floating-point drift changes a
 * figure; every rounding is of one division of whole pence or whole counts, so ties are exact.
 */

export const roundHalfAwayFromZero = (value: number) => Math.sign(value) * Math.round(Math.abs(value)) || 0;

/** numerator / denominator to one decimal. */
export const tenths = (numerator: number, denominator: number) =>
  roundHalfAwayFromZero((numerator * 10) / denominator) / 10;

/** Whole pence (or a fraction of them) to pounds, rounded to the penny. */
export const pounds = (pence: number) => roundHalfAwayFromZero(pence) / 100;

/** part over whole in percent, one decimal; 0 when there is no whole. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : tenths(part * 100, whole));

/** Change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
export const growthPercent = (current: number, previous: number) =>
  previous === 0 ? null : tenths((current - previous) * 100, previous);

/** total / count to one decimal; 0 when there is nothing to average. */
export const average = (total: number, count: number) => (count === 0 ? 0 : tenths(total, count));
