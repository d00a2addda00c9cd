/** Option lists shared by the database enums, the API contracts and the landlord form. */

export const LONDON_BOROUGHS = [
  "Westminster",
  "Camden",
  "Kensington and Chelsea",
  "Islington",
  "Tower Hamlets",
  "Greenwich",
  "Hackney",
  "Wandsworth",
  "Lambeth",
  "Southwark",
  "Hammersmith and Fulham",
  "Richmond upon Thames",
] as const;

export const PROPERTY_TYPES = ["flat", "house", "studio", "room", "apartment"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  flat: "Flat",
  house: "House",
  studio: "Studio",
  room: "Room in Shared House",
  apartment: "Apartment",
};

export const FURNISHING_STATUSES = ["furnished", "unfurnished", "part_furnished"] as const;
export type FurnishingStatus = (typeof FURNISHING_STATUSES)[number];

export const EPC_RATINGS = ["A", "B", "C", "D", "E", "F", "G"] as const;
export const COUNCIL_TAX_BANDS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;

export const PROPERTY_FEATURES = [
  "parking",
  "garden",
  "balcony",
  "terrace",
  "garage",
  "gym",
  "pool",
  "concierge",
  "security",
  "lift",
  "fireplace",
  "air_conditioning",
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

export const FEATURE_LABELS: Record<PropertyFeature, string> = {
  parking: "Parking",
  garden: "Garden",
  balcony: "Balcony",
  terrace: "Terrace",
  garage: "Garage",
  gym: "Gym",
  pool: "Swimming pool",
  concierge: "Concierge",
  security: "Security system",
  lift: "Lift",
  fireplace: "Fireplace",
  air_conditioning: "Air conditioning",
};

/**
 * Booking states. `pending` covers both an unpaid card hold and a request awaiting the landlord;
 * the transitions live in booking-status.ts.
 */
export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Public status of a listing, derived from isActive and underMaintenance. */
export const PROPERTY_STATUSES = ["active", "inactive", "maintenance"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
