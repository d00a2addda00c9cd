/** An average to one decimal, always with the decimal: 4 → "4.0". */
export function formatAverage(value: number): string {
  return value.toFixed(1);
}

export function starsLabel(value: number): string {
  return `${value} ${value === 1 ? "star" : "stars"}`;
}
