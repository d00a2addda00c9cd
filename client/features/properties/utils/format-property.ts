import { pluralize } from "@/lib/format";

/** "2 bedrooms", or "Studio" for a property without a separate bedroom. */
export function bedroomsLabel(count: number, word = "bedroom"): string {
  return count === 0 ? "Studio" : pluralize(count, word);
}
