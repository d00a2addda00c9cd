/** The max-price-per-night slider: 0 to 1000 in steps of 10. */
export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 1000;
export const PRICE_SLIDER_STEP = 10;
/** Default on the home page's city-and-budget search (the dashboard's 500). */
export const PRICE_DEFAULT_SEARCH = 500;
/** Default on the browse page: no limit. */
export const PRICE_DEFAULT_BROWSE = 1000;

/** '£1000+' at the top of the scale (no limit), otherwise '£N'. */
export function formatMaxPriceLabel(value: number): string {
  return value >= PRICE_SLIDER_MAX ? `£${PRICE_SLIDER_MAX}+` : `£${value}`;
}

/** maxPrice is sent only below the top of the scale. */
export function maxPriceParam(value: number): string | undefined {
  return value < PRICE_SLIDER_MAX ? String(value) : undefined;
}

/** Reads a maxPrice query value into the slider's range; anything unreadable means no limit. */
export function parseMaxPrice(raw: string | null, fallback = PRICE_DEFAULT_BROWSE): number {
  if (raw === null || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(PRICE_SLIDER_MAX, Math.max(PRICE_SLIDER_MIN, Math.round(n)));
}
