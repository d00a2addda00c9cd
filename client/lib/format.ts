/**
 * A number format built on its first use, not when this module loads: building the first one loads the locale's
 * data, tens of milliseconds on a phone, and this module loads with every public page's code, in the one task that
 * runs it all.
 */
function numberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => {
    format ??= new Intl.NumberFormat("en-GB", options);
    return format;
  };
}
const poundsWhole = numberFormat({
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const poundsPence = numberFormat({
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const integer = numberFormat({});
const percent = numberFormat({ maximumFractionDigits: 1 });

/** Money arrives as decimal strings ("245.00"). Whole pounds print without pence: "£245", "£1,250.50". */
export function formatPounds(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  if (!Number.isFinite(amount)) return "—";
  return Number.isInteger(amount) ? poundsWhole().format(amount) : poundsPence().format(amount);
}

export function toAmount(value: string | number | null | undefined): number {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(amount) ? amount : 0;
}

/** A rate in percent with at most one decimal: "72.5%", "100%"; a missing or non-finite one reads "0%". */
export function formatPercent(rate: number | null | undefined): string {
  return `${percent().format(typeof rate === "number" && Number.isFinite(rate) ? rate : 0)}%`;
}

export function formatInteger(value: number): string {
  return integer().format(value);
}

/** "4.85" → "4.9"; ratings of 0 mean the property has no reviews yet. */
export function formatRating(value: string | number): string {
  const n = toAmount(value);
  // Half up from the stored two decimals (4.55 → 4.6): toFixed alone would see 4.5499… and round down.
  return (Math.round(n * 10 + 1e-9) / 10).toFixed(1);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}

/** YYYY-MM-DD in the visitor's local time zone (what `<input type="date">` uses). */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** A UK mobile in E.164 as people write it: "+447400123456" → "+44 7400 123456". Anything else stays as given. */
export function formatPhoneNumber(e164: string): string {
  const mobile = e164.match(/^\+44(7\d{3})(\d{6})$/);
  return mobile ? `+44 ${mobile[1]} ${mobile[2]}` : e164;
}
