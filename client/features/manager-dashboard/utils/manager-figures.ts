import type { TManagedPropertySummary } from "@common/schemas/property-management";

/**
 * The manager's four figures, added up from their property cards: how many properties, confirmed stays not yet
 * over, jobs still open, and the average of the properties' occupancy this month (one decimal). No properties means
 * zeros, never the sample numbers a design shows.
 */
export function managerFigures(
  properties: readonly Pick<TManagedPropertySummary, "activeBookings" | "openMaintenance" | "occupancyRate">[],
) {
  let activeBookings = 0;
  let openMaintenance = 0;
  let occupancy = 0;
  for (const property of properties) {
    activeBookings += property.activeBookings;
    openMaintenance += property.openMaintenance;
    occupancy += Number.isFinite(property.occupancyRate) ? property.occupancyRate : 0;
  }
  const averageOccupancy = properties.length > 0 ? Math.round((occupancy / properties.length) * 10) / 10 : 0;
  return { properties: properties.length, activeBookings, openMaintenance, averageOccupancy };
}
