import type { TMyProperty } from "@common/schemas/landlord-properties";

type StatsInput = Pick<TMyProperty, "status" | "monthlyRevenue" | "bookingCount" | "occupancyRate">;

/**
 * My Properties' four figures from its rows. Revenue is summed in pence so pounds add up exactly; the average
 * occupancy is the mean of the properties' rates this month, one decimal, 0 with no properties.
 */
export function summariseMyProperties(properties: readonly StatsInput[]) {
  let revenuePence = 0;
  let bookings = 0;
  let occupancySum = 0;
  let active = 0;
  for (const property of properties) {
    revenuePence += Math.round(property.monthlyRevenue * 100);
    bookings += property.bookingCount;
    occupancySum += property.occupancyRate;
    if (property.status === "active") active += 1;
  }
  const averageOccupancy = properties.length === 0 ? 0 : Math.round((occupancySum / properties.length) * 10) / 10;
  return { total: properties.length, active, monthlyRevenue: revenuePence / 100, bookings, averageOccupancy };
}
