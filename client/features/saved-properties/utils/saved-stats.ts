import type { TSavedProperty } from "@common/schemas/saved-properties";

export type SavedStats = {
  total: number;
  /** Whole pounds; null with nothing saved. */
  averagePerNight: number | null;
  lowestPerNight: number | null;
  highestPerNight: number | null;
};

/** Total Saved, the average all-in nightly price (as the cards show it) rounded to whole pounds, and the range. */
export function savedStats(items: readonly TSavedProperty[]): SavedStats {
  const prices = items.map((i) => Number.parseFloat(i.property.allInPricePerNight)).filter(Number.isFinite);
  if (prices.length === 0) {
    return { total: items.length, averagePerNight: null, lowestPerNight: null, highestPerNight: null };
  }
  const sum = prices.reduce((a, b) => a + b, 0);
  return {
    total: items.length,
    averagePerNight: Math.round(sum / prices.length),
    lowestPerNight: Math.min(...prices),
    highestPerNight: Math.max(...prices),
  };
}

export const DESCRIPTION_PREVIEW_LENGTH = 150;

/** The first 150 characters and an ellipsis; a description that fits is shown whole. */
export function descriptionPreview(description: string): string {
  const text = description.trim();
  if (text.length <= DESCRIPTION_PREVIEW_LENGTH) return text;
  return `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}...`;
}

/** Guests are counted as bedrooms times two; a studio (no bedroom) still sleeps someone. */
export function guestsShown(bedrooms: number): number {
  return Math.max(1, bedrooms * 2);
}
