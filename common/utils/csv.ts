/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF, quotes doubled), used by the admin exports on both
 * sides. A cell that a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first) is
 * prefixed with an apostrophe, so a listing titled `=HYPERLINK(...)` stays text (OWASP "CSV injection").
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal such as "-3.20": a number written with its pence, which no spreadsheet runs as a formula. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // Numbers are written as numbers: a negative amount must stay a number, not become text.
  if (typeof value !== "number" && FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
