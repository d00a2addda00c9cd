import { z } from "zod";
import { AMENITY_NAMES, type AmenityName } from "../domain/amenities";
import { isCalendarDate, londonToday } from "../domain/calendar-dates";
import { CANCELLATION_POLICIES } from "../domain/cancellation-policy";
import {
  EPC_RATINGS,
  FURNISHING_STATUSES,
  PROPERTY_FEATURES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../domain/property-options";
import { MAX_SECURITY_DEPOSIT_PENCE } from "../domain/security-deposits";
import { MAX_STAY_MONTHS } from "../domain/stay-dates";
import { MID_LET_MAX_NIGHTS, MID_LET_MIN_NIGHTS, SHORT_LET_MAX_NIGHTS } from "../domain/stay-modes";
import { BENEFITS_PREFERENCE_MESSAGE, excludingWordingMessage } from "../domain/tenant-rights";
import {
  inForce,
  LEVY_AREAS,
  SCOTTISH_LICENCE_MESSAGE,
  SCOTTISH_LICENCE_PATTERN,
  UK_NATIONS,
  WELSH_REGISTRATION_MESSAGE,
  WELSH_REGISTRATION_PATTERN,
} from "../domain/uk-law";
import {
  hasAtMostTwoDecimals,
  optionalNonNegative,
  optionalText,
  optionalTimeOfDay,
  pounds,
  requiredText,
  TWO_DECIMALS_MESSAGE,
  wholeNumber,
  ZMoney,
} from "./field-kinds";
import {
  PROPERTY_DETAIL_KEYS,
  PROPERTY_DETAILS,
  type PropertyDetailDefinition,
  type PropertyDetailKey,
} from "./property-details";

/**
 * A property (a listing) defined once: what each field is, how a landlord may fill it in, and how it reads in an
 * answer. Request and response schemas elsewhere are picks of these shapes, the repositories read the columns these
 * key lists name, and the landlord's form and the listing page take labels and messages from here.
 */

// ---------------------------------------------------------------------------------------------------------------
// Limits a landlord meets on the form.

export const MAX_PRICE_PER_NIGHT = 100_000;
export const MAX_PRICE_PER_MONTH = 1_000_000;

/** availableFrom: not before the calendar's first day, and at most this many years after today (London). */
export const EARLIEST_AVAILABLE_FROM = "2000-01-01";
export const MAX_YEARS_AHEAD_AVAILABLE_FROM = 5;

/** Today's London date moved on 5 years (29 February becomes 1 March). */
export function latestAvailableFrom(today: string = londonToday()): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year + MAX_YEARS_AHEAD_AVAILABLE_FROM, month - 1, day)).toISOString().slice(0, 10);
}

/** Optional; the bounds are checked only on a real date, so a malformed one gets one message. */
const ZAvailableFrom = z
  .string()
  .refine(isCalendarDate, "Available from must be a date written YYYY-MM-DD")
  .refine(
    (date) => !isCalendarDate(date) || date >= EARLIEST_AVAILABLE_FROM,
    "Available from must be 1 January 2000 or later",
  )
  .refine(
    (date) => !isCalendarDate(date) || date <= latestAvailableFrom(),
    `Available from must be within ${MAX_YEARS_AHEAD_AVAILABLE_FROM} years`,
  )
  .optional();

/**
 * Refuses wording that turns away tenants with children or on benefits ("No DSS", "Professionals only"), from the day
 * the law made it unlawful, naming the phrase.
 */
function withoutExclusions(label: string) {
  return (text: string, ctx: z.RefinementCtx) => {
    const message = excludingWordingMessage(label, text, londonToday());
    if (message) ctx.addIssue({ code: "custom", message });
  };
}

/** Who a listing suits, as stored and answered. */
const tenantPreferenceFlags = {
  petsAllowed: z.boolean().optional(),
  smokingAllowed: z.boolean().optional(),
  dssAccepted: z.boolean().optional(),
  studentsAccepted: z.boolean().optional(),
};

/** Who a listing suits, as a landlord sends it: tenants on benefits may be welcomed, never turned away. */
export const ZTenantPreferences = z.strictObject({
  ...tenantPreferenceFlags,
  dssAccepted: tenantPreferenceFlags.dssAccepted.refine(
    (accepted) => accepted !== false || !inForce("noBanOnChildrenOrBenefits", londonToday()),
    { message: BENEFITS_PREFERENCE_MESSAGE },
  ),
});

/**
 * Who a short or mid let welcomes beside adults. Missing pets falls back to tenantPreferences.petsAllowed (older API
 * clients), then "no pets"; missing children means suitable.
 */
const partyWelcomeInputs = {
  petsAllowed: z.boolean({ error: "Pets allowed must be true or false" }).optional(),
  suitsChildren: z.boolean({ error: "Suitable for children must be true or false" }).optional(),
};

/** A stay mode's shortest or longest stay: whole nights (short and mid lets) or months (tenancies) in a range. */
const stayLength = (min: number, max: number, label: string, unit: "nights" | "months") =>
  z
    .number({ error: `${label} must be a number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label}: choose ${min} to ${max} ${unit}`)
    .max(max, `${label}: choose ${min} to ${max} ${unit}`);

const offered = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * Which stay modes the listing offers and how long each may be: the form sends them (missing ones take the
 * defaults of common/domain/stay-modes.ts), and the listing's answers carry them resolved. The tenancy's shortest
 * stay is minTenancyMonths.
 */
export const stayModeFields = {
  shortLetOffered: offered("shortLetOffered"),
  shortLetMinNights: stayLength(1, SHORT_LET_MAX_NIGHTS, "Shortest short let", "nights"),
  shortLetMaxNights: stayLength(1, SHORT_LET_MAX_NIGHTS, "Longest short let", "nights"),
  midLetOffered: offered("midLetOffered"),
  midLetMinNights: stayLength(MID_LET_MIN_NIGHTS, MID_LET_MAX_NIGHTS, "Shortest mid let", "nights"),
  /** Null or missing: up to 6 months from check-in. */
  midLetMaxNights: stayLength(MID_LET_MIN_NIGHTS, MID_LET_MAX_NIGHTS, "Longest mid let", "nights").nullable(),
  tenancyOffered: offered("tenancyOffered"),
  /** Null or missing: up to the longest stay booked online. */
  maxTenancyMonths: stayLength(1, MAX_STAY_MONTHS, "Longest tenancy", "months").nullable(),
};
export const ZStayModes = z.object(stayModeFields);
export type TStayModes = z.infer<typeof ZStayModes>;
export const STAY_MODE_FIELDS = Object.keys(stayModeFields) as (keyof TStayModes)[];

/** Instant book's highest "completed stays" requirement a landlord may set. */
export const MAX_INSTANT_BOOK_MIN_STAYS = 10;

/**
 * Instant book: whether a guest who meets the landlord's requirements is confirmed at once, and those requirements.
 * A verified phone is not among them: every booking already needs one.
 */
export const instantBookFields = {
  instantBook: z.boolean({ error: "Instant book must be true or false" }),
  instantBookMinStays: z
    .number({ error: "Completed stays must be a whole number from 0 to 10" })
    .int("Completed stays must be a whole number from 0 to 10")
    .min(0, "Completed stays must be a whole number from 0 to 10")
    .max(MAX_INSTANT_BOOK_MIN_STAYS, "Completed stays must be a whole number from 0 to 10"),
  instantBookMessageRequired: z.boolean({ error: "Message to the host required must be true or false" }),
};

// ---------------------------------------------------------------------------------------------------------------
// Short details a landlord may give (declared in property-details.ts, which pages can read without zod).

/** The rule a detail's kind stands for, with its own label in the message. */
function detailInput(detail: PropertyDetailDefinition) {
  switch (detail.kind) {
    case "choice":
      return z
        .enum(detail.choices as [string, ...string[]], {
          error: `${detail.label} must be one of ${detail.choices.join(", ")}`,
        })
        .optional();
    case "time":
      return optionalTimeOfDay(detail.label);
    case "text":
      return optionalText(detail.maxLength, `${detail.label} must be at most ${detail.maxLength} characters`);
  }
}

const mapDetails = <T>(each: (key: PropertyDetailKey) => T) =>
  Object.fromEntries(PROPERTY_DETAIL_KEYS.map((key) => [key, each(key)])) as Record<PropertyDetailKey, T>;

/** The details as a request takes them. */
const detailInputs = mapDetails((key) => detailInput(PROPERTY_DETAILS[key]) as z.ZodType<string | undefined>);
/** The details as an answer gives them: the text, or null when not given. */
const detailOutputs = mapDetails(() => z.string().nullable());

/** The details of a request as stored: blank or missing is null. */
export function propertyDetailsToStore(input: Partial<Record<PropertyDetailKey, string | undefined>>) {
  return mapDetails((key) => {
    const value = input[key]?.trim();
    return value ? value : null;
  });
}

/** An official number typed by a landlord: capitals, no spaces around; blank is "not given". */
const officialNumber = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || pattern.test(value), message)
    .optional();

/**
 * Where the listing is, legally, and the numbers its nation's law asks for. A missing nation or levy area is taken
 * from the address's postcode where that is unambiguous (common/domain/uk-law.ts); the rules across them are checked
 * with the form's other rules.
 */
export const listingPlaceFields = {
  nation: z.enum(UK_NATIONS, { error: `Nation must be one of ${UK_NATIONS.join(", ")}` }).optional(),
  levyArea: z
    .enum(LEVY_AREAS, { error: `Levy area must be one of ${LEVY_AREAS.join(", ")}, or null for none` })
    .nullable()
    .optional(),
  shortLetLicenceNumber: officialNumber(SCOTTISH_LICENCE_PATTERN, SCOTTISH_LICENCE_MESSAGE),
  welshRegistrationNumber: officialNumber(WELSH_REGISTRATION_PATTERN, WELSH_REGISTRATION_MESSAGE),
};

// ---------------------------------------------------------------------------------------------------------------
// What a landlord sends: every field of the form except photos and the cancellation policy.

export const propertyInputFields = {
  title: requiredText(5, 120, "Title must be at least 5 characters", "Title must be at most 120 characters"),
  description: requiredText(
    20,
    5000,
    "Description must be at least 20 characters",
    "Description must be at most 5000 characters",
  ).superRefine(withoutExclusions("Description")),
  address: requiredText(10, 200, "Address must be at least 10 characters", "Address must be at most 200 characters"),
  /** A London borough from the form's list, or any UK town through the API. */
  city: requiredText(2, 100, "City is required", "City must be at most 100 characters"),
  pricePerNight: pounds(MAX_PRICE_PER_NIGHT, "Price must be positive", "Price must be at most £100,000 a night"),
  pricePerMonth: pounds(
    MAX_PRICE_PER_MONTH,
    "Monthly price must be positive",
    "Monthly price must be at most £1,000,000",
  ),
  bedrooms: wholeNumber(0, 50, "Bedrooms must be 0 or more", "Bedrooms must be at most 50"),
  bathrooms: wholeNumber(1, 50, "At least 1 bathroom required", "Bathrooms must be at most 50"),
  maxGuests: wholeNumber(1, 100, "At least 1 guest capacity required", "Guest capacity must be at most 100"),
  propertyType: z.enum(PROPERTY_TYPES, { error: "Property type is required" }),
  furnishingStatus: z.enum(FURNISHING_STATUSES, { error: "Furnishing status is required" }),
  squareFeet: optionalNonNegative(100_000, "Square feet", true),
  depositAmount: optionalNonNegative(1_000_000, "Deposit", false),
  holdingDepositAmount: optionalNonNegative(1_000_000, "Holding deposit", false),
  /** A short let's refundable security deposit in pounds, held on the guest's card (0 or missing: none). */
  securityDepositAmount: z
    .number({ error: "Security deposit must be a number of pounds" })
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .min(0, "Security deposit must be 0 or more")
    .max(
      MAX_SECURITY_DEPOSIT_PENCE / 100,
      `Security deposit must be at most £${(MAX_SECURITY_DEPOSIT_PENCE / 100).toLocaleString("en-GB")}`,
    )
    .optional(),
  minTenancyMonths: optionalNonNegative(120, "Minimum tenancy", true),
  ...ZStayModes.partial().shape,
  availableFrom: ZAvailableFrom,
  epcRating: z.enum(EPC_RATINGS, { error: `EPC rating must be one of ${EPC_RATINGS.join(", ")}` }).optional(),
  epcExemptionReference: optionalText(100, "The exemption reference must be at most 100 characters"),
  ...listingPlaceFields,
  ...detailInputs,
  termsAndConditions: z
    .string()
    .trim()
    .max(5000, "Terms and conditions must be at most 5000 characters")
    .superRefine(withoutExclusions("Terms and conditions"))
    .optional(),
  features: z
    .array(z.enum(PROPERTY_FEATURES, { error: `Features must be among ${PROPERTY_FEATURES.join(", ")}` }))
    .max(PROPERTY_FEATURES.length)
    .refine((list) => new Set(list).size === list.length, "Each feature may be listed once")
    .optional(),
  tenantPreferences: ZTenantPreferences.optional(),
  ...partyWelcomeInputs,
  /** From the form's list (common/domain/amenities.ts); left as they are when missing from an edit. */
  amenities: z
    .array(
      z.enum(AMENITY_NAMES as [AmenityName, ...AmenityName[]], {
        error: "Each amenity must be one of those the form lists",
      }),
      { error: "Amenities must be a list of the form's amenities" },
    )
    .max(AMENITY_NAMES.length)
    .refine((list) => new Set(list).size === list.length, "Each amenity may be listed once")
    .optional(),
};

/** The cancellation policy: set on the manage page, not when the listing is first made. */
export const ZCancellationPolicyInput = z
  .enum(CANCELLATION_POLICIES, { error: `Cancellation policy must be one of ${CANCELLATION_POLICIES.join(", ")}` })
  .optional();

// ---------------------------------------------------------------------------------------------------------------
// How a property reads in an answer.

/** Every stored field as answers give it, grouped as a reader thinks of a listing. */
export const propertyRecordFields = {
  // identity
  id: z.number().int(),
  slug: z.string(),
  ownerId: z.number().int(),
  title: z.string(),
  description: z.string(),
  // place
  address: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The UK nation whose law the listing follows. */
  nation: z.enum(UK_NATIONS),
  /** The council area whose visitor levy the stay's price carries, or null (today only the City of Edinburgh). */
  levyArea: z.enum(LEVY_AREAS).nullable(),
  // rooms
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  squareFeet: z.number().int().nullable(),
  propertyType: z.enum(PROPERTY_TYPES),
  furnishingStatus: z.enum(FURNISHING_STATUSES),
  // pricing
  pricePerNight: ZMoney,
  pricePerMonth: ZMoney,
  depositAmount: ZMoney.nullable(),
  holdingDepositAmount: ZMoney.nullable(),
  /** A short let's refundable security deposit, held on the card around the stay; never part of the price. */
  securityDepositAmount: ZMoney.nullable(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  ...instantBookFields,
  // stay modes
  availableFrom: z.string().nullable(),
  minTenancyMonths: z.number().int(),
  ...ZStayModes.shape,
  // compliance and details
  epcRating: z.string().nullable(),
  /** An F or G rated home may be let on a tenancy only with an exemption on the public register. */
  epcExemptionReference: z.string().nullable(),
  /** The council's short-let licence number (Scotland). */
  shortLetLicenceNumber: z.string().nullable(),
  /** The visitor accommodation registration number (Wales). */
  welshRegistrationNumber: z.string().nullable(),
  ...detailOutputs,
  // terms
  termsAndConditions: z.string().nullable(),
  features: z.array(z.string()),
  tenantPreferences: z.object(tenantPreferenceFlags),
  /** Short and mid lets may bring pets (a tenant asks by a pet request instead). */
  petsAllowed: z.boolean(),
  /** The home suits children and infants on short and mid lets. */
  suitsChildren: z.boolean(),
  // standing
  isActive: z.boolean(),
  underMaintenance: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
  rating: z.string(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const ZPropertyRecord = z.object(propertyRecordFields);
type PropertyField = keyof typeof propertyRecordFields;

/** The stored columns every card of a listing shows (search results, saved homes). */
export const PROPERTY_CARD_COLUMNS = [
  "id",
  "slug",
  "title",
  "description",
  "address",
  "city",
  "region",
  "pricePerNight",
  "pricePerMonth",
  "bedrooms",
  "bathrooms",
  "maxGuests",
  "squareFeet",
  "propertyType",
  "rating",
  "reviewCount",
  "isActive",
  "latitude",
  "longitude",
] as const satisfies readonly PropertyField[];

/** The stored columns the public listing page adds to a card's. */
export const PROPERTY_LISTING_COLUMNS = [
  "postcode",
  "furnishingStatus",
  "availableFrom",
  "depositAmount",
  "holdingDepositAmount",
  "securityDepositAmount",
  "minTenancyMonths",
  ...STAY_MODE_FIELDS,
  "epcRating",
  "epcExemptionReference",
  "nation",
  "levyArea",
  "shortLetLicenceNumber",
  "welshRegistrationNumber",
  ...PROPERTY_DETAIL_KEYS,
  "features",
  "tenantPreferences",
  "petsAllowed",
  "suitsChildren",
  "termsAndConditions",
  "cancellationPolicy",
  "createdAt",
] as const satisfies readonly PropertyField[];

/** The stored columns the owner's manage page adds to the public listing's: what only the owner and admins see. */
export const PROPERTY_OWNER_COLUMNS = [
  "ownerId",
  "underMaintenance",
  "updatedAt",
  "instantBook",
  "instantBookMinStays",
  "instantBookMessageRequired",
] as const;
