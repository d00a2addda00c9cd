/**
 * The listing's shortest and longest stay by the night, judged the same way by the quote (which refuses the booking)
 * and by the calendar (which refuses the range as the guest chooses it). Kept apart from the stay-mode module so the
 * calendar can use it without that module's wording.
 */

/** A short or mid let's bounds at one listing; no longest mid let means up to the mode's own end, 6 months. */
export type NightsBounds = { minNights: number; maxNights: number | null };

const NAMES = { short_let: "Short lets", mid_let: "Mid lets" } as const;

const nightsText = (n: number) => `${n} night${n === 1 ? "" : "s"}`;

/** Why a stay of `nights` nights in this mode is outside the listing's bounds, in plain words; null when it fits. */
export function nightsBoundsReason(mode: keyof typeof NAMES, bounds: NightsBounds, nights: number): string | null {
  if (nights < bounds.minNights) return `${NAMES[mode]} here are at least ${nightsText(bounds.minNights)}.`;
  if (bounds.maxNights !== null && nights > bounds.maxNights) {
    return `${NAMES[mode]} here are at most ${nightsText(bounds.maxNights)}.`;
  }
  return null;
}
