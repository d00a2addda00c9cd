import type {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FurnishingStatus,
  PROPERTY_FEATURES,
  PropertyType,
} from "../../../common/domain/property-options";
import type { Role } from "../../../common/domain/roles";

export type Feature = (typeof PROPERTY_FEATURES)[number];
export type EpcRating = (typeof EPC_RATINGS)[number];
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];

/** The look of a listing's photographs: which generated exterior goes first. */
export type BuildingStyle = "georgian" | "mansion" | "stucco" | "mews" | "tower" | "victorian" | "loft";

/** A demo person. `key` is how the property list names an owner. */
export type SeedPerson = {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phoneNumber?: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  isApproved: boolean;
  location?: string;
  /** Days before the seed date that the account was created. */
  joinedDaysAgo: number;
  /** Days before the seed date of the last sign-in; omitted for accounts never used. */
  lastLoginDaysAgo?: number;
};

/** A listing as written by hand; prices, deposits, dates and photos are derived from it. */
export type SeedProperty = {
  /** Only the four sample listings have fixed ids (1 to 4). */
  id?: number;
  slug: string;
  title: string;
  description: string;
  /** House number and street, e.g. "14 Great Peter Street". */
  street: string;
  /** A neighbourhood shown in the address for London listings, e.g. "Pimlico". */
  area?: string;
  postcode: string;
  /** London borough for London listings, else the town. */
  city: string;
  latitude: number;
  longitude: number;
  nightly: number;
  /** A former nightly price shown struck through. */
  was?: number;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  squareFeet: number;
  type: PropertyType;
  furnishing?: FurnishingStatus;
  epc: EpcRating;
  councilTax: CouncilTaxBand;
  features: Feature[];
  style: BuildingStyle;
  owner: string;
  policy?: "flexible" | "moderate" | "strict";
  minTenancyMonths?: number;
  pets?: boolean;
  students?: boolean;
  underMaintenance?: boolean;
  isActive?: boolean;
  /** A Scottish listing's short-let licence number (demo: shaped like a council's, issued by none). */
  licence?: string;
  /** A Welsh listing's visitor accommodation registration number (demo: shaped like one, registered nowhere). */
  welshRegistration?: string;
};
