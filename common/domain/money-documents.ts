/**
 * The money documents people receive: a guest's receipt and VAT invoice for a stay (and a credit note when the stay
 * is refunded after either was issued), a payee's monthly statement and a landlord's tax-year summary. Each issued document has a number from its series, without gaps, and keeps the figures
 * it printed, so printing it again gives the same document.
 */
export const ISSUED_DOCUMENT_KINDS = ["receipt", "vat_invoice", "statement", "credit_note"] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/** The VAT rate on the platform's service fee, whose price includes it. */
export const VAT_RATE_PERCENT = 20;

/** A gross price including VAT at 20% split into net and VAT, in whole pence: net rounded, VAT the rest. */
export function vatSplit(grossPence: number): { netPence: number; vatPence: number; grossPence: number } {
  const netPence = Math.round((grossPence * 100) / (100 + VAT_RATE_PERCENT));
  return { netPence, vatPence: grossPence - netPence, grossPence };
}

/** A series is a letter and the year of issue (R2026, V2026, C2026); a number is shown R2026-000123. */
export const SERIES_PREFIX: Record<IssuedDocumentKind, string> = {
  receipt: "R",
  vat_invoice: "V",
  statement: "S",
  credit_note: "C",
};
export function documentNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, "0")}`;
}

/** A calendar month, YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A UK tax year, 2026-27 (6 April 2026 to 5 April 2027). */
export const TAX_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

/** Whether `taxYear` is a well-formed tax year whose two years follow each other (2026-27, not 2026-29). */
export function isTaxYear(taxYear: string): boolean {
  const match = TAX_YEAR_PATTERN.exec(taxYear);
  if (!match) return false;
  const start = Number(match[1]);
  return (start + 1) % 100 === Number(match[2]);
}

/** The tax year a London date falls in: 5 April 2027 is in 2026-27, 6 April 2027 in 2027-28. */
export function taxYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= "04-06" ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The first day of a tax year and the first day of the next (London dates). */
export function taxYearBounds(taxYear: string): { from: string; to: string } {
  const start = Number(taxYear.slice(0, 4));
  return { from: `${start}-04-06`, to: `${start + 1}-04-06` };
}

/** "£1,234.56", "-£3.20": pence as a person reads them (a plain hyphen: the PDFs' built-in fonts have no minus sign). */
export function formatPence(pence: number): string {
  // Grouped by hand: `toLocaleString` builds a number formatter on every call, which was most of the time of a
  // statement's PDF with thousands of amounts.
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${pence < 0 ? "-" : ""}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** "1234.56", "-3.20": pounds with two decimals, as a spreadsheet reads them. */
export function plainPounds(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
