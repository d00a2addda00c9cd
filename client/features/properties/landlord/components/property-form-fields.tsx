import { Images } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { BasicInformationSection, PropertyDetailsSection } from "./property-form/basics-sections";
import { ComplianceSection } from "./property-form/compliance-section";
import { FormSection } from "./property-form/form-controls";
import { ListingTermsSections } from "./property-form/listing-terms-sections";
import { StayLengthsSection, TenancyInformationSection } from "./property-form/stay-sections";

/**
 * Every section of the landlord's property form but the photos: basics with the Location Preview, Property Details,
 * Stay Lengths, Tenancy Information, Compliance & Legal, Property Features, Amenities, Tenant Preferences, Terms &
 * Conditions. The fields of the react-hook-form form around it (FormProvider), whose values are a
 * PropertyFormState. Used by the Add New Property dialog and the manage page's edit form.
 */
export function PropertyFormFields({
  disabled = false,
  showLocationPreview = true,
}: {
  disabled?: boolean;
  showLocationPreview?: boolean;
}) {
  const section = { prefix: useId(), disabled };
  return (
    <div className="grid gap-8">
      <BasicInformationSection {...section} showLocationPreview={showLocationPreview} />
      <PropertyDetailsSection {...section} />
      <StayLengthsSection {...section} />
      <TenancyInformationSection {...section} />
      <ComplianceSection {...section} />
      <ListingTermsSections {...section} />
    </div>
  );
}

/** The photo section's frame, in the same style as the others (the photos themselves are not form fields). */
export function PropertyImagesSection({ children }: { children: React.ReactNode }) {
  return (
    <FormSection
      icon={Images}
      title="Property Images"
      intro="Upload photos or add them by address. The first photo is the main one."
    >
      {children}
    </FormSection>
  );
}
