import { AMENITY_NAMES, type AmenityName } from "@common/domain/amenities";
import { londonToday } from "@common/domain/calendar-dates";
import { minimumTenancyTermAllowed } from "@common/domain/periodic-terms";
import {
  FURNISHING_STATUSES,
  type FurnishingStatus,
  PROPERTY_FEATURES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyFeature,
} from "@common/domain/property-options";
import { DEFAULT_STAY_MODES } from "@common/domain/stay-modes";
import { PROPERTY_DETAIL_KEYS, type PropertyDetailKey } from "@common/entities/property-details";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PROPERTY,
  PROPERTY_FORM_DEFAULTS,
  propertyPayload,
  type TCreateProperty,
  ZCreateProperty,
  ZPhotoUrl,
} from "@common/schemas/property-form";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * The landlord's property form as the browser holds it: every input's text as typed, so a blank number stays blank
 * until it is checked with the shared schema.
 */

export type TenantPreference = "smokingAllowed" | "dssAccepted" | "studentsAccepted";

export type PropertyFormState = {
  title: string;
  description: string;
  address: string;
  city: string;
  pricePerNight: string;
  pricePerMonth: string;
  bedrooms: string;
  bathrooms: string;
  maxGuests: string;
  propertyType: string;
  squareFeet: string;
  furnishingStatus: string;
  availableFrom: string;
  depositAmount: string;
  holdingDepositAmount: string;
  securityDepositAmount: string;
  minTenancyMonths: string;
  /** Stay modes: whether each is offered, and its shortest and longest stay as typed (blank: the mode's own limit). */
  shortLetOffered: boolean;
  shortLetMinNights: string;
  shortLetMaxNights: string;
  midLetOffered: boolean;
  midLetMinNights: string;
  midLetMaxNights: string;
  tenancyOffered: boolean;
  maxTenancyMonths: string;
  epcRating: string;
  epcExemptionReference: string;
  /** The nation chosen, or blank: the one the address's postcode says. */
  nation: string;
  /** "city_of_edinburgh", "none", or blank: as the postcode says. */
  levyArea: string;
  shortLetLicenceNumber: string;
  welshRegistrationNumber: string;
  features: PropertyFeature[];
  /** Ticked amenities of the form's list (common/domain/amenities.ts). */
  amenities: AmenityName[];
  tenantPreferences: Record<TenantPreference, boolean>;
  /** Short and mid lets may bring pets; searches and quotes with pets skip the home otherwise. */
  petsAllowed: boolean;
  /** The home suits children and infants on short and mid lets. */
  suitsChildren: boolean;
  termsAndConditions: string;
} & Record<PropertyDetailKey, string>;

/** Each short detail of the property entity as the form holds it: the text, or blank when not given. */
export function detailTexts(values: Partial<Record<PropertyDetailKey, string | null>> = {}) {
  return Object.fromEntries(PROPERTY_DETAIL_KEYS.map((key) => [key, values[key] ?? ""])) as Record<
    PropertyDetailKey,
    string
  >;
}

export type PropertyFormField = keyof PropertyFormState;
/** One message per field (the first problem found), plus `images` for the photo section. */
export type PropertyFormErrors = Partial<Record<PropertyFormField | "images", string>>;

/** A new listing starts as a one-bedroom unfurnished flat for two, offering every kind of stay; the rest is blank. */
export function emptyPropertyForm(): PropertyFormState {
  return {
    title: "",
    description: "",
    address: "",
    city: "",
    pricePerNight: "",
    pricePerMonth: "",
    bedrooms: String(PROPERTY_FORM_DEFAULTS.bedrooms),
    bathrooms: String(PROPERTY_FORM_DEFAULTS.bathrooms),
    maxGuests: String(PROPERTY_FORM_DEFAULTS.maxGuests),
    propertyType: PROPERTY_FORM_DEFAULTS.propertyType,
    squareFeet: "",
    furnishingStatus: PROPERTY_FORM_DEFAULTS.furnishingStatus,
    availableFrom: "",
    depositAmount: "",
    holdingDepositAmount: "",
    securityDepositAmount: "",
    minTenancyMonths: "",
    shortLetOffered: DEFAULT_STAY_MODES.shortLetOffered,
    shortLetMinNights: String(DEFAULT_STAY_MODES.shortLetMinNights),
    shortLetMaxNights: String(DEFAULT_STAY_MODES.shortLetMaxNights),
    midLetOffered: DEFAULT_STAY_MODES.midLetOffered,
    midLetMinNights: String(DEFAULT_STAY_MODES.midLetMinNights),
    midLetMaxNights: "",
    tenancyOffered: DEFAULT_STAY_MODES.tenancyOffered,
    maxTenancyMonths: "",
    epcRating: "",
    epcExemptionReference: "",
    nation: "",
    levyArea: "",
    shortLetLicenceNumber: "",
    welshRegistrationNumber: "",
    ...detailTexts(),
    features: [],
    amenities: [],
    tenantPreferences: { smokingAllowed: false, dssAccepted: false, studentsAccepted: false },
    petsAllowed: false,
    suitsChildren: true,
    termsAndConditions: "",
  };
}

export type Choice = { value: string; label: string };

const counted = (values: number[], last: string, extra: Record<number, string> = {}): Choice[] =>
  values.map((n, i) => ({
    value: String(n),
    label: extra[n] ?? (i === values.length - 1 ? last : String(n)),
  }));

/** The top choice of each count stands for "that many or more". */
export const BEDROOM_CHOICES = counted([0, 1, 2, 3, 4, 5], "5+", { 0: "0 (Studio)" });
export const BATHROOM_CHOICES = counted([1, 2, 3, 4], "4+");
export const GUEST_CHOICES = counted([1, 2, 3, 4, 5, 6, 8, 10], "10+");
export const MIN_TENANCY_CHOICES: Choice[] = [1, 3, 6, 12, 24].map((n) => ({
  value: String(n),
  label: n === 1 ? "1 month" : `${n} months`,
}));
/** The longest tenancy taken online; blank means up to the longest stay (24 months). */
export const MAX_TENANCY_CHOICES: Choice[] = [3, 6, 9, 12, 18, 24].map((n) => ({
  value: String(n),
  label: `${n} months`,
}));
export const PROPERTY_TYPE_CHOICES: Choice[] = PROPERTY_TYPES.map((t) => ({
  value: t,
  label: PROPERTY_TYPE_LABELS[t],
}));

export const FURNISHING_LABELS: Record<FurnishingStatus, string> = {
  furnished: "Furnished",
  unfurnished: "Unfurnished",
  part_furnished: "Part furnished",
};
export const FURNISHING_CHOICES: Choice[] = FURNISHING_STATUSES.map((s) => ({ value: s, label: FURNISHING_LABELS[s] }));

export const TENANT_PREFERENCE_LABELS: Record<TenantPreference, string> = {
  smokingAllowed: "Smoking allowed",
  dssAccepted: "Tenants receiving benefits welcome",
  studentsAccepted: "Students accepted",
};

/**
 * The preferences as sent: an unticked "benefits welcome" is left out rather than sent as a refusal, which the law no
 * longer allows a listing to make.
 */
function sentPreferences({ dssAccepted, ...rest }: Record<TenantPreference, boolean>) {
  return { ...rest, ...(dssAccepted ? { dssAccepted } : {}) };
}

/** "" stays missing; anything else becomes a number (NaN for nonsense, which the schema refuses). */
function numberOrMissing(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

function textOrMissing(text: string): string | undefined {
  return text.trim() === "" ? undefined : text;
}

/**
 * The tenancy's minimum and longest term as sent. England's tenancies from 1 May 2026 are periodic with no fixed term:
 * the form no longer asks, sends no minimum, and clears a longest term an older listing kept.
 */
function tenancyTerms(state: PropertyFormState) {
  if (!minimumTenancyTermAllowed(state.nation, londonToday()))
    return { minTenancyMonths: undefined, maxTenancyMonths: null };
  return {
    minTenancyMonths: numberOrMissing(state.minTenancyMonths),
    maxTenancyMonths: numberOrMissing(state.maxTenancyMonths) ?? null,
  };
}

/**
 * The form as the schema's input: numbers as numbers, blank optional fields missing. Checked as it is,
 * so a negative square footage is refused rather than quietly dropped by the before-sending rules.
 */
export function propertyCandidate(state: PropertyFormState) {
  return {
    title: state.title,
    description: state.description,
    address: state.address,
    city: state.city,
    pricePerNight: numberOrMissing(state.pricePerNight),
    pricePerMonth: numberOrMissing(state.pricePerMonth),
    bedrooms: numberOrMissing(state.bedrooms),
    bathrooms: numberOrMissing(state.bathrooms),
    maxGuests: numberOrMissing(state.maxGuests),
    propertyType: textOrMissing(state.propertyType),
    furnishingStatus: textOrMissing(state.furnishingStatus),
    squareFeet: numberOrMissing(state.squareFeet),
    depositAmount: numberOrMissing(state.depositAmount),
    holdingDepositAmount: numberOrMissing(state.holdingDepositAmount),
    securityDepositAmount: numberOrMissing(state.securityDepositAmount),
    ...tenancyTerms(state),
    shortLetOffered: state.shortLetOffered,
    shortLetMinNights: numberOrMissing(state.shortLetMinNights),
    shortLetMaxNights: numberOrMissing(state.shortLetMaxNights),
    midLetOffered: state.midLetOffered,
    midLetMinNights: numberOrMissing(state.midLetMinNights),
    midLetMaxNights: numberOrMissing(state.midLetMaxNights) ?? null,
    tenancyOffered: state.tenancyOffered,
    availableFrom: textOrMissing(state.availableFrom),
    epcRating: textOrMissing(state.epcRating),
    epcExemptionReference: textOrMissing(state.epcExemptionReference),
    nation: textOrMissing(state.nation),
    levyArea: state.levyArea === "" ? undefined : state.levyArea === "none" ? null : state.levyArea,
    shortLetLicenceNumber: textOrMissing(state.shortLetLicenceNumber),
    welshRegistrationNumber: textOrMissing(state.welshRegistrationNumber),
    ...Object.fromEntries(PROPERTY_DETAIL_KEYS.map((key) => [key, textOrMissing(state[key])])),
    termsAndConditions: textOrMissing(state.termsAndConditions),
    features: PROPERTY_FEATURES.filter((f) => state.features.includes(f)),
    amenities: AMENITY_NAMES.filter((a) => state.amenities.includes(a)),
    tenantPreferences: sentPreferences(state.tenantPreferences),
    petsAllowed: state.petsAllowed,
    suitsChildren: state.suitsChildren,
  };
}

/** The first message for each top-level field (the order the schema reports them in). */
export function fieldErrorsOf(error: z.ZodError): PropertyFormErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as PropertyFormErrors;
}

export type PropertyFormCheck<Payload> = { ok: true; payload: Payload } | { ok: false; errors: PropertyFormErrors };
export type CreatePropertyCheck = PropertyFormCheck<TCreateProperty>;

/**
 * A property form's check as react-hook-form runs it (on sending, then on each edit): the shared schema's first
 * message for each field, or the request to send. The photos are not form fields; their message is `root.images`.
 */
export function propertyFormResolver<Values extends PropertyFormState, Payload, Context = unknown>(
  check: (values: Values, context: Context) => PropertyFormCheck<Payload>,
): Resolver<Values, Context, Payload> {
  return (values, context) => {
    const result = check(values, context as Context);
    if (result.ok) return { values: result.payload, errors: {} };
    const { images, ...fields } = result.errors;
    const errors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(fields)) errors[field] = { type: "validate", message };
    if (images) errors.root = { images: { type: "validate", message: images } };
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * Checks the dialog with ZCreateProperty (the server runs the same schema), then shapes the request as the API
 * takes it. `imageUrls` are the photos added by address.
 */
export function checkCreateProperty(state: PropertyFormState, imageUrls: string[] = []): CreatePropertyCheck {
  const parsed = ZCreateProperty.safeParse({
    ...propertyCandidate(state),
    ...(imageUrls.length > 0 ? { images: imageUrls } : {}),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  return { ok: true, payload: propertyPayload(parsed.data) };
}

/** Why a typed image address cannot be added, or null when it can (the server checks again). */
export function photoUrlProblem(text: string, photoCount: number): string | null {
  if (text.trim() === "") return "Enter an image URL starting with https://";
  const parsed = ZPhotoUrl.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Enter an image URL starting with https://";
  if (photoCount >= MAX_PHOTOS_PER_PROPERTY) return tooManyPhotosMessage();
  return null;
}

export function tooManyPhotosMessage(): string {
  return `A property can have at most ${MAX_PHOTOS_PER_PROPERTY} photos.`;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;
}

/**
 * Which of the chosen files may join the `photoCount` photos already there: images of at most 10 MB,
 * up to 20 photos in all. The rest are refused with one message each.
 */
export function sortChosenFiles<T extends { name: string; size: number; type: string }>(
  files: T[],
  photoCount: number,
): { accepted: T[]; refused: string[] } {
  const accepted: T[] = [];
  const refused: string[] = [];
  let room = MAX_PHOTOS_PER_PROPERTY - photoCount;
  let overLimit = 0;
  for (const file of files) {
    if (file.type !== "" && !file.type.startsWith("image/")) {
      refused.push(`“${file.name}” is not an image.`);
    } else if (file.size > MAX_PHOTO_BYTES) {
      refused.push(`“${file.name}” is larger than ${megabytes(MAX_PHOTO_BYTES)}, the most a photo may be.`);
    } else if (room <= 0) {
      overLimit += 1;
    } else {
      accepted.push(file);
      room -= 1;
    }
  }
  if (overLimit > 0) {
    refused.push(`${tooManyPhotosMessage()} ${overLimit === 1 ? "1 file was" : `${overLimit} files were`} not added.`);
  }
  return { accepted, refused };
}

/** The map preview looks up the address, the borough and 'London, UK'. */
export function locationLabel(state: Pick<PropertyFormState, "address" | "city">): string {
  return [state.address.trim(), state.city.trim(), "London, UK"].filter(Boolean).join(", ");
}

/** The place to pin: the one named exactly like the borough in London, else the best London match, else the first. */
export function pickBoroughPlace<T extends { name: string; area: string }>(borough: string, places: T[]): T | null {
  const wanted = borough.trim().toLowerCase();
  return (
    places.find((p) => p.area === "London" && p.name.toLowerCase() === wanted) ??
    places.find((p) => p.area === "London") ??
    places[0] ??
    null
  );
}
