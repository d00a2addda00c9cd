import { z } from "zod";
import { AMENITY_NAMES, type AmenityName } from "../domain/amenities";
import { isCalendarDate, londonToday } from "../domain/calendar-dates";
import { CANCELLATION_POLICIES } from "../domain/cancellation-policy";
import {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHING_STATUSES,
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
} from "../domain/property-options";
import { MAX_STAY_MONTHS } from "../domain/stay-dates";
import { tenancyTermsMessageForLandlord, tenancyTermsProblems } from "../domain/stay-mode-rules";
import {
  DEFAULT_MIN_TENANCY_MONTHS,
  DEFAULT_STAY_MODES,
  type ListingStayModes,
  MID_LET_MAX_NIGHTS,
  MID_LET_MIN_NIGHTS,
  SHORT_LET_MAX_NIGHTS,
} from "../domain/stay-modes";

/**
 * The landlord's property form: one schema, checked in the browser before sending and by
 * the server on POST /api/properties and PUT /api/properties/{id}. The table's messages are word for
 * word; the upper bounds (absurd prices, 50 bedrooms) are ours, so bad input is a clear 400.
 */

/** At most this many photos per property. */
export const MAX_PHOTOS_PER_PROPERTY = 20;
/** At most this many bytes per uploaded photo. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const MAX_PRICE_PER_NIGHT = 100_000;
export const MAX_PRICE_PER_MONTH = 1_000_000;

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/** A number field that must be a whole number between min and max; `message` covers missing and too small. */
const count = (min: number, max: number, message: string, tooBig: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, tooBig);

/**
 * Money and percentages are stored with 2 decimals (numeric(…,2)); a third would be rounded away
 * silently, so it is refused. The tolerance absorbs binary noise (19.99 * 100 = 1998.9999999999998).
 */
export const hasAtMostTwoDecimals = (n: number) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6);
export const TWO_DECIMALS_MESSAGE = "Use at most 2 decimal places";

const money = (max: number, message: string, tooBig: string) =>
  z.number({ error: message }).min(1, message).max(max, tooBig).refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);

/** squareFeet, depositAmount, minTenancyMonths: optional, a positive number or 0. */
const optionalNonNegative = (max: number, label: string, integer: boolean) =>
  (integer
    ? z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`)
    : z.number({ error: `${label} must be a number` }).refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
  )
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-GB")}`)
    .optional();

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

/** A photo added by address: an https (or http) URL, as typed in the dialog. */
export const ZPhotoUrl = z
  .string()
  .trim()
  .max(2000, "An image URL must be at most 2000 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter an image URL starting with https://");

export const ZTenantPreferences = z.strictObject({
  petsAllowed: z.boolean().optional(),
  smokingAllowed: z.boolean().optional(),
  dssAccepted: z.boolean().optional(),
  studentsAccepted: z.boolean().optional(),
});

/** A stay mode's shortest or longest stay: whole nights (short and mid lets) or months (tenancies) in a range. */
const stayLength = (min: number, max: number, label: string, unit: "nights" | "months") =>
  z
    .number({ error: `${label} must be a number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label}: choose ${min} to ${max} ${unit}`)
    .max(max, `${label}: choose ${min} to ${max} ${unit}`);

const offered = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * Which stay modes the listing offers and how long each may be, defined once: the form sends them (missing ones
 * take the defaults of common/domain/stay-modes.ts), and the listing's answers carry them resolved. The tenancy's
 * shortest stay is the form's minTenancyMonths.
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

/** Every field of the form except the photos: what PUT /api/properties/{id} takes too. */
const propertyFields = {
  title: text(5, 120, "Title must be at least 5 characters", "Title must be at most 120 characters"),
  description: text(
    20,
    5000,
    "Description must be at least 20 characters",
    "Description must be at most 5000 characters",
  ),
  address: text(10, 200, "Address must be at least 10 characters", "Address must be at most 200 characters"),
  /** A London borough from the form's list, or any UK town through the API. */
  city: text(2, 100, "City is required", "City must be at most 100 characters"),
  pricePerNight: money(MAX_PRICE_PER_NIGHT, "Price must be positive", "Price must be at most £100,000 a night"),
  pricePerMonth: money(
    MAX_PRICE_PER_MONTH,
    "Monthly price must be positive",
    "Monthly price must be at most £1,000,000",
  ),
  bedrooms: count(0, 50, "Bedrooms must be 0 or more", "Bedrooms must be at most 50"),
  bathrooms: count(1, 50, "At least 1 bathroom required", "Bathrooms must be at most 50"),
  maxGuests: count(1, 100, "At least 1 guest capacity required", "Guest capacity must be at most 100"),
  propertyType: z.enum(PROPERTY_TYPES, { error: "Property type is required" }),
  furnishingStatus: z.enum(FURNISHING_STATUSES, { error: "Furnishing status is required" }),
  squareFeet: optionalNonNegative(100_000, "Square feet", true),
  depositAmount: optionalNonNegative(1_000_000, "Deposit", false),
  holdingDepositAmount: optionalNonNegative(1_000_000, "Holding deposit", false),
  minTenancyMonths: optionalNonNegative(120, "Minimum tenancy", true),
  ...ZStayModes.partial().shape,
  availableFrom: ZAvailableFrom,
  epcRating: z.enum(EPC_RATINGS, { error: `EPC rating must be one of ${EPC_RATINGS.join(", ")}` }).optional(),
  epcExemptionReference: optionalText(100, "The exemption reference must be at most 100 characters"),
  councilTaxBand: z
    .enum(COUNCIL_TAX_BANDS, { error: `Council tax band must be one of ${COUNCIL_TAX_BANDS.join(", ")}` })
    .optional(),
  termsAndConditions: optionalText(5000, "Terms and conditions must be at most 5000 characters"),
  features: z
    .array(z.enum(PROPERTY_FEATURES, { error: `Features must be among ${PROPERTY_FEATURES.join(", ")}` }))
    .max(PROPERTY_FEATURES.length)
    .refine((list) => new Set(list).size === list.length, "Each feature may be listed once")
    .optional(),
  tenantPreferences: ZTenantPreferences.optional(),
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

/** The stay modes a form asks for, missing ones at their defaults (a blank minimum tenancy is 6 months). */
export function stayModesOf(input: Partial<TStayModes> & { minTenancyMonths?: number }): ListingStayModes {
  const months = input.minTenancyMonths;
  return {
    shortLetOffered: input.shortLetOffered ?? DEFAULT_STAY_MODES.shortLetOffered,
    shortLetMinNights: input.shortLetMinNights ?? DEFAULT_STAY_MODES.shortLetMinNights,
    shortLetMaxNights: input.shortLetMaxNights ?? DEFAULT_STAY_MODES.shortLetMaxNights,
    midLetOffered: input.midLetOffered ?? DEFAULT_STAY_MODES.midLetOffered,
    midLetMinNights: input.midLetMinNights ?? DEFAULT_STAY_MODES.midLetMinNights,
    midLetMaxNights: input.midLetMaxNights ?? null,
    tenancyOffered: input.tenancyOffered ?? DEFAULT_STAY_MODES.tenancyOffered,
    minTenancyMonths: typeof months === "number" && months > 0 ? months : DEFAULT_MIN_TENANCY_MONTHS,
    maxTenancyMonths: input.maxTenancyMonths ?? null,
  };
}

const penceOrNull = (pounds: number | undefined) =>
  typeof pounds === "number" && pounds > 0 ? Math.round(pounds * 100) : null;

type StayModeInput = Partial<TStayModes> & {
  minTenancyMonths?: number;
  pricePerMonth: number;
  depositAmount?: number;
  holdingDepositAmount?: number;
  epcRating?: string;
  epcExemptionReference?: string;
};

/**
 * Rules across fields, checked in the browser and again by the server: at least one mode, each mode's shortest stay
 * no longer than its longest, and, while tenancies are offered, the deposits within their legal caps and no F or G
 * energy rating without an exemption. Each message is put on the field to change.
 */
function checkStayModes(input: StayModeInput, ctx: z.RefinementCtx) {
  const modes = stayModesOf(input);
  if (!modes.shortLetOffered && !modes.midLetOffered && !modes.tenancyOffered) {
    ctx.addIssue({ code: "custom", path: ["shortLetOffered"], message: "Offer at least one kind of stay" });
  }
  if (modes.shortLetMaxNights < modes.shortLetMinNights) {
    ctx.addIssue({
      code: "custom",
      path: ["shortLetMaxNights"],
      message: "The longest short let can't be shorter than the shortest",
    });
  }
  if (modes.midLetMaxNights !== null && modes.midLetMaxNights < modes.midLetMinNights) {
    ctx.addIssue({
      code: "custom",
      path: ["midLetMaxNights"],
      message: "The longest mid let can't be shorter than the shortest",
    });
  }
  if (modes.maxTenancyMonths !== null && modes.maxTenancyMonths < modes.minTenancyMonths) {
    ctx.addIssue({
      code: "custom",
      path: ["maxTenancyMonths"],
      message: "The longest tenancy can't be shorter than the minimum tenancy",
    });
  }
  if (!Number.isFinite(input.pricePerMonth)) return;
  const problems = tenancyTermsProblems({
    tenancyOffered: modes.tenancyOffered,
    pricePerMonthPence: Math.round(input.pricePerMonth * 100),
    depositPence: penceOrNull(input.depositAmount),
    holdingDepositPence: penceOrNull(input.holdingDepositAmount),
    epcRating: input.epcRating ?? null,
    epcExemptionReference: input.epcExemptionReference ?? null,
  });
  for (const problem of problems) {
    ctx.addIssue({ code: "custom", path: [problem.field], message: tenancyTermsMessageForLandlord(problem) });
  }
}

/** POST /api/properties (JSON; or multipart with this as the `property` field and the device photos as `photos`). */
export const ZCreateProperty = z
  .strictObject({
    ...propertyFields,
    /** Photos by URL, in order; the first is the main photo unless device photos come first. */
    images: z
      .array(ZPhotoUrl)
      .max(MAX_PHOTOS_PER_PROPERTY, `At most ${MAX_PHOTOS_PER_PROPERTY} photos per property`)
      .optional(),
  })
  .superRefine(checkStayModes);
export type TCreateProperty = z.infer<typeof ZCreateProperty>;

/** PUT /api/properties/{id}: every field again (a missing optional one is cleared), plus the cancellation policy. */
export const ZUpdateProperty = z
  .strictObject({
    ...propertyFields,
    cancellationPolicy: z
      .enum(CANCELLATION_POLICIES, { error: `Cancellation policy must be one of ${CANCELLATION_POLICIES.join(", ")}` })
      .optional(),
  })
  .superRefine(checkStayModes);
export type TUpdateProperty = z.infer<typeof ZUpdateProperty>;

/** What the dialog holds before sending: optional numbers may be blank (undefined), texts may be "". */
export type PropertyFormValues = Omit<TCreateProperty, "minTenancyMonths"> & { minTenancyMonths?: number };

/** What the Add New Property form starts with. */
export const PROPERTY_FORM_DEFAULTS = {
  bedrooms: 1,
  bathrooms: 1,
  maxGuests: 2,
  propertyType: "flat",
  furnishingStatus: "unfurnished",
} as const;

/** 6 months. */
export { DEFAULT_MIN_TENANCY_MONTHS };

/**
 * Blank optional texts are left out; squareFeet and depositAmount are left
 * out unless above 0; minTenancyMonths falls back to 6 unless above 0.
 */
export function propertyPayload<T extends Partial<PropertyFormValues>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const key of [
    "availableFrom",
    "epcRating",
    "epcExemptionReference",
    "councilTaxBand",
    "termsAndConditions",
  ] as const) {
    const value = out[key];
    if (typeof value === "string" && value.trim() === "") delete out[key];
  }
  for (const key of ["squareFeet", "depositAmount", "holdingDepositAmount"] as const) {
    const value = out[key];
    if (!(typeof value === "number" && value > 0)) delete out[key];
  }
  const months = out.minTenancyMonths;
  out.minTenancyMonths = typeof months === "number" && months > 0 ? months : DEFAULT_MIN_TENANCY_MONTHS;
  return out as T;
}
