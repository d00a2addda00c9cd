import { z } from "zod";
import { londonToday } from "../domain/calendar-dates";
import { LONDON_BOROUGHS } from "../domain/property-options";
import { tenancyTermsMessageForLandlord, tenancyTermsProblems } from "../domain/stay-mode-rules";
import { DEFAULT_MIN_TENANCY_MONTHS, DEFAULT_STAY_MODES, type ListingStayModes } from "../domain/stay-modes";
import {
  type LevyArea,
  type ListingPlace,
  levyAreaOfPostcode,
  listingLawProblems,
  nationOfPostcode,
  type UkNation,
} from "../domain/uk-law";
import { propertyInputFields, type TStayModes, ZCancellationPolicyInput } from "../entities/property";
import { PROPERTY_DETAIL_KEYS } from "../entities/property-details";

/**
 * The landlord's property form: one schema, checked in the browser before sending and by the server on
 * POST /api/properties and PUT /api/properties/{id}. Its fields, limits and messages are the property entity's
 * (common/entities/property.ts); this file adds the photos and the rules across fields.
 */

/** At most this many photos per property. */
export const MAX_PHOTOS_PER_PROPERTY = 20;
/** At most this many bytes per uploaded photo. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

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

type PlaceInput = {
  address: string;
  city: string;
  nation?: UkNation;
  levyArea?: LevyArea | null;
  shortLetOffered?: boolean;
  shortLetLicenceNumber?: string;
  welshRegistrationNumber?: string;
};

/**
 * Where a listing is, as it will be stored: the nation and levy area the landlord chose, or else those its address's
 * postcode makes certain (a London borough is in England). The nation is null when neither says: the landlord must
 * choose.
 */
export function listingPlaceOf(input: PlaceInput): Omit<ListingPlace, "nation"> & { nation: UkNation | null } {
  const inLondon = LONDON_BOROUGHS.some((b) => b.toLowerCase() === input.city.trim().toLowerCase());
  const nation =
    input.nation ??
    nationOfPostcode(input.address) ??
    (inLondon || /^london$/i.test(input.city.trim()) ? "England" : null);
  const levyArea =
    input.levyArea !== undefined ? input.levyArea : nation === "Scotland" ? levyAreaOfPostcode(input.address) : null;
  return {
    nation,
    levyArea,
    shortLetOffered: stayModesOf(input).shortLetOffered,
    shortLetLicenceNumber: input.shortLetLicenceNumber || null,
    welshRegistrationNumber: input.welshRegistrationNumber || null,
  };
}

/** The law the listing's place brings: a nation known, a licence where Scotland asks for one, numbers where they belong. */
function checkListingPlace(input: PlaceInput, ctx: z.RefinementCtx) {
  if (typeof input.address !== "string" || typeof input.city !== "string") return;
  const place = listingPlaceOf(input);
  if (!place.nation) {
    ctx.addIssue({
      code: "custom",
      path: ["nation"],
      message: "Choose the nation the home is in: its postcode does not say (or is missing)",
    });
    return;
  }
  for (const problem of listingLawProblems({ ...place, nation: place.nation }, londonToday())) {
    ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  }
}

function checkForm(input: StayModeInput & PlaceInput, ctx: z.RefinementCtx) {
  checkStayModes(input, ctx);
  checkListingPlace(input, ctx);
}

/** POST /api/properties (JSON; or multipart with this as the `property` field and the device photos as `photos`). */
export const ZCreateProperty = z
  .strictObject({
    ...propertyInputFields,
    /** Photos by URL, in order; the first is the main photo unless device photos come first. */
    images: z
      .array(ZPhotoUrl)
      .max(MAX_PHOTOS_PER_PROPERTY, `At most ${MAX_PHOTOS_PER_PROPERTY} photos per property`)
      .optional(),
  })
  .superRefine(checkForm);
export type TCreateProperty = z.infer<typeof ZCreateProperty>;

/** PUT /api/properties/{id}: every field again (a missing optional one is cleared), plus the cancellation policy. */
export const ZUpdateProperty = z
  .strictObject({ ...propertyInputFields, cancellationPolicy: ZCancellationPolicyInput })
  .superRefine(checkForm);
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
 * Blank optional texts are left out; squareFeet, the deposits and minTenancyMonths are left out unless above 0 (the
 * server then applies the minimum tenancy the law allows where the home is: none in England from 1 May 2026, else 6).
 */
export function propertyPayload<T extends Partial<PropertyFormValues>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const key of [
    "availableFrom",
    "epcRating",
    "epcExemptionReference",
    "shortLetLicenceNumber",
    "welshRegistrationNumber",
    "termsAndConditions",
    ...PROPERTY_DETAIL_KEYS,
  ] as const) {
    const value = out[key];
    if (typeof value === "string" && value.trim() === "") delete out[key];
  }
  for (const key of [
    "squareFeet",
    "depositAmount",
    "holdingDepositAmount",
    "securityDepositAmount",
    "minTenancyMonths",
  ] as const) {
    const value = out[key];
    if (!(typeof value === "number" && value > 0)) delete out[key];
  }
  return out as T;
}
