import type { Feature } from "./types";

export type DemoAmenity = { category: string; name: string; description: string };

const amenity = (category: string, name: string, description: string): DemoAmenity => ({ category, name, description });

/** Every listing has these. */
export const BASE_AMENITIES: DemoAmenity[] = [
  amenity("Essentials", "Wi-Fi", "Fibre broadband, fast enough for video calls"),
  amenity("Essentials", "Heating", "Central heating throughout"),
  amenity("Essentials", "Linen and towels", "Hotel-quality linen and fluffy towels"),
  amenity("Kitchen", "Washing machine", "Washer-dryer in the flat"),
];

/** Amenities that follow from the listing's features. */
export const FEATURE_AMENITIES: Partial<Record<Feature, DemoAmenity>> = {
  air_conditioning: amenity("Comfort", "Air conditioning", "Cooling in the living room and bedrooms"),
  fireplace: amenity("Comfort", "Fireplace", "A working fireplace, logs supplied in winter"),
  lift: amenity("Building", "Lift", "Lift to every floor"),
  concierge: amenity("Building", "Concierge", "Concierge desk for deliveries, bookings and advice"),
  gym: amenity("Building", "Gym", "Residents' gym open from 6am to 11pm"),
  pool: amenity("Building", "Swimming pool", "Heated indoor pool for residents"),
  security: amenity("Building", "24-hour security", "Staffed entrance and CCTV in common areas"),
  parking: amenity("Outdoor", "Parking", "One parking space, or a residents' permit"),
  garage: amenity("Outdoor", "Garage", "Private garage with space for bicycles"),
  garden: amenity("Outdoor", "Private garden", "A private garden with outdoor seating"),
  balcony: amenity("Outdoor", "Balcony", "Balcony with a small table and chairs"),
  terrace: amenity("Outdoor", "Roof terrace", "Private roof terrace with planting"),
};

/** Added in a shuffled order until the listing has its share. */
export const EXTRA_AMENITIES: DemoAmenity[] = [
  amenity("Kitchen", "Dishwasher", "Full-size dishwasher"),
  amenity("Kitchen", "Coffee machine", "Espresso machine with coffee for your first morning"),
  amenity("Kitchen", "Oven and hob", "Electric oven and induction hob"),
  amenity("Comfort", "Smart TV", "Smart TV with streaming apps"),
  amenity("Comfort", "Workspace", "A proper desk and an ergonomic chair"),
  amenity("Comfort", "Blackout blinds", "Blackout blinds in every bedroom"),
  amenity("Essentials", "Hairdryer", "Hairdryer and iron in the wardrobe"),
  amenity("Essentials", "Toiletries", "Refillable toiletries from a London perfumer"),
  amenity("Family", "Travel cot", "Travel cot and high chair on request"),
  amenity("Access", "Bicycle storage", "Secure bicycle storage"),
];

/** Names worth highlighting on a listing when present, best first. */
export const HIGHLIGHT_ORDER = [
  "Roof terrace",
  "Concierge",
  "Private garden",
  "Swimming pool",
  "Gym",
  "Air conditioning",
  "Fireplace",
  "Balcony",
  "Workspace",
  "Parking",
];
