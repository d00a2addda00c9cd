const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const stayDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const stayDateLong = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function toUtcDate(value: string): Date | null {
  // A stay date names a calendar day, not an instant: read it at UTC midnight and print it in UTC, so a
  // reader west of London never sees the day before.
  const date = ISO_DATE.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Fri 5 Mar 2027" for a stay date written YYYY-MM-DD (en-GB). */
export function formatStayDate(value: string): string {
  const date = toUtcDate(value);
  return date ? stayDate.format(date).replace(",", "") : "";
}

/** "Friday 5 March 2027", for confirmations. */
export function formatStayDateLong(value: string): string {
  const date = toUtcDate(value);
  return date ? stayDateLong.format(date).replace(",", "") : "";
}
