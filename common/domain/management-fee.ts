/**
 * A property manager's fee: a percentage of each stay's nights (what the guest pays the landlord side, so never the
 * platform's service fee), agreed when the owner assigns the manager and fixed for that assignment. Kept as whole
 * basis points (1% = 100) so the arithmetic stays exact.
 */

/** Above this a "management fee" is a different deal (a lease to the manager), not one the platform splits. */
export const MAX_MANAGEMENT_FEE_PERCENT = 30;

/** Percent with at most two decimals to basis points; the schema has already refused anything else. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** The manager's share of a stay's nights, rounded to the nearest penny (halves up). */
export function managementFeePence(nightsPence: number, basisPoints: number): number {
  if (!Number.isSafeInteger(nightsPence) || nightsPence < 0) throw new RangeError("Nights must be whole pence");
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > MAX_MANAGEMENT_FEE_PERCENT * 100) {
    throw new RangeError("The fee must be whole basis points within the limit");
  }
  return Math.floor((nightsPence * basisPoints + 5_000) / 10_000);
}
