const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-03" → "March 2026"; empty for anything else. */
export function formatStayMonth(yearMonth: string | null): string {
  const match = yearMonth?.match(/^(\d{4})-(\d{2})$/);
  if (!match) return "";
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** An average to one decimal, always with the decimal: 4 → "4.0". */
export function formatAverage(value: number): string {
  return value.toFixed(1);
}

export function starsLabel(value: number): string {
  return `${value} ${value === 1 ? "star" : "stars"}`;
}
