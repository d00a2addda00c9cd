import { AMENITY_NAMES } from "@common/domain/amenities";
import type { CancellationPolicy } from "@common/domain/cancellation-policy";
import { PROPERTY_FEATURES, type PropertyFeature } from "@common/domain/property-options";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import { propertyPayload, type TUpdateProperty, ZUpdateProperty } from "@common/schemas/property-form";
import {
  detailTexts,
  fieldErrorsOf,
  type PropertyFormErrors,
  type PropertyFormState,
  propertyCandidate,
} from "./property-form-state";

/** "245.00" → "245", "245.50" → "245.5": what a landlord would type. */
const moneyText = (value: string | null) => (value === null ? "" : String(Number(value)));
const numberText = (value: number | null) => (value === null ? "" : String(value));

/** The manage page's edit form starts from the property as stored. */
export function formStateFromProperty(property: TManagedProperty): PropertyFormState {
  const prefs = property.tenantPreferences;
  return {
    title: property.title,
    description: property.description,
    address: property.address,
    city: property.city,
    pricePerNight: moneyText(property.pricePerNight),
    pricePerMonth: moneyText(property.pricePerMonth),
    bedrooms: String(property.bedrooms),
    bathrooms: String(property.bathrooms),
    maxGuests: String(property.maxGuests),
    propertyType: property.propertyType,
    squareFeet: numberText(property.squareFeet),
    furnishingStatus: property.furnishingStatus,
    availableFrom: property.availableFrom ?? "",
    depositAmount: moneyText(property.depositAmount),
    holdingDepositAmount: moneyText(property.holdingDepositAmount),
    securityDepositAmount: moneyText(property.securityDepositAmount),
    minTenancyMonths: String(property.minTenancyMonths),
    shortLetOffered: property.shortLetOffered,
    shortLetMinNights: String(property.shortLetMinNights),
    shortLetMaxNights: String(property.shortLetMaxNights),
    midLetOffered: property.midLetOffered,
    midLetMinNights: String(property.midLetMinNights),
    midLetMaxNights: numberText(property.midLetMaxNights),
    tenancyOffered: property.tenancyOffered,
    maxTenancyMonths: numberText(property.maxTenancyMonths),
    epcRating: property.epcRating ?? "",
    epcExemptionReference: property.epcExemptionReference ?? "",
    nation: property.nation,
    levyArea: property.levyArea ?? "none",
    shortLetLicenceNumber: property.shortLetLicenceNumber ?? "",
    welshRegistrationNumber: property.welshRegistrationNumber ?? "",
    ...detailTexts(property),
    features: PROPERTY_FEATURES.filter((f): f is PropertyFeature => property.features.includes(f)),
    amenities: AMENITY_NAMES.filter((a) => property.amenities.includes(a)),
    tenantPreferences: {
      smokingAllowed: prefs.smokingAllowed ?? false,
      dssAccepted: prefs.dssAccepted ?? false,
      studentsAccepted: prefs.studentsAccepted ?? false,
    },
    petsAllowed: property.petsAllowed,
    suitsChildren: property.suitsChildren,
    termsAndConditions: property.termsAndConditions ?? "",
  };
}

export type UpdatePropertyCheck = { ok: true; payload: TUpdateProperty } | { ok: false; errors: PropertyFormErrors };

/**
 * PUT /api/properties/{id} takes every field again (a missing optional one is cleared): checked with
 * ZUpdateProperty, the same schema the server runs, then shaped as the API takes it.
 */
export function checkUpdateProperty(state: PropertyFormState, policy: CancellationPolicy): UpdatePropertyCheck {
  const parsed = ZUpdateProperty.safeParse({ ...propertyCandidate(state), cancellationPolicy: policy });
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  return { ok: true, payload: propertyPayload(parsed.data) };
}
