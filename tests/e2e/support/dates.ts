/** A calendar date `days` from today as YYYY-MM-DD (the value format of <input type="date">). */
export function isoDateFromToday(days: number): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
