import type { TQuote } from "@common/schemas/bookings";
import { formatPounds, pluralize } from "@/lib/format";

/**
 * A tenancy's rent as one line: "Rent: 7 months × £4,166.67 and 10 days", or for a periodic tenancy, whose only rent
 * at agreement is one month, "First month's rent".
 */
export function rentLabel(rent: NonNullable<TQuote["rent"]>): string {
  if (rent.periodic) return "First month's rent";
  const months = rent.months > 0 ? `${pluralize(rent.months, "month")} × ${formatPounds(rent.monthly)}` : "";
  const days = rent.extraDays > 0 ? pluralize(rent.extraDays, "day") : "";
  return `Rent: ${[months, days].filter(Boolean).join(" and ")}`;
}
