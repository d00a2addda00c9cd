import type { PropertyStatus } from "./property-options";

/** A listing's public status: inactive wins over maintenance, which wins over active. */
export function propertyStatus(listing: { isActive: boolean; underMaintenance: boolean }): PropertyStatus {
  if (!listing.isActive) return "inactive";
  return listing.underMaintenance ? "maintenance" : "active";
}

/** Only an active listing that is not under maintenance can take bookings. */
export function isBookable(listing: { isActive: boolean; underMaintenance: boolean }): boolean {
  return propertyStatus(listing) === "active";
}
