import { LONDON_BOROUGHS } from "@common/domain/property-options";
import { BedDouble, Building2 } from "lucide-react";
import { useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  FURNISHING_CHOICES,
  GUEST_CHOICES,
  PROPERTY_TYPE_CHOICES,
} from "../../utils/property-form-state";
import { LocationPreview } from "../location-preview";
import { PropertyDetailFields } from "./detail-fields";
import { type SectionProps, useFieldBinding } from "./field-binding";
import { ChoiceSelect, FormSection, PoundsInput } from "./form-controls";

/** What guests see first: the name, the story, the place and the price, with the Location Preview. */
export function BasicInformationSection({
  showLocationPreview,
  ...props
}: SectionProps & { showLocationPreview: boolean }) {
  const { idOf, errorOf, bind, bindChoice, control } = useFieldBinding(props);
  const [address, city] = useWatch({ control, name: ["address", "city"] });
  return (
    <FormSection
      icon={Building2}
      divided={false}
      title="Basic Information"
      intro="What guests see first: the name, the story and where it is."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={idOf("title")}
          label="Property title"
          required
          error={errorOf("title")}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} {...bind("title")} placeholder="e.g. Bright flat by Regent's Park" />}
        </FormField>
        <FormField
          id={idOf("description")}
          label="Description"
          required
          error={errorOf("description")}
          className="sm:col-span-2"
        >
          {(field) => (
            <Textarea
              {...field}
              {...bind("description")}
              rows={4}
              className="min-h-28"
              placeholder="The rooms, the light, the neighbourhood, what is close by…"
            />
          )}
        </FormField>
        <FormField id={idOf("address")} label="Address" required error={errorOf("address")} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              {...bind("address")}
              autoComplete="street-address"
              placeholder="e.g. 12 Marylebone High Street, W1U 4NR"
            />
          )}
        </FormField>
        <FormField id={idOf("city")} label="Borough" required error={errorOf("city")} className="sm:col-span-2">
          {(field) => (
            <ChoiceSelect
              {...field}
              {...bindChoice("city")}
              placeholder="Select a London borough"
              choices={LONDON_BOROUGHS.map((b) => ({ value: b, label: b }))}
            />
          )}
        </FormField>
        <FormField id={idOf("pricePerNight")} label="Price per night" required error={errorOf("pricePerNight")}>
          {(field) => <PoundsInput {...field} {...bind("pricePerNight")} min={1} placeholder="150" />}
        </FormField>
        <FormField id={idOf("pricePerMonth")} label="Price per month" required error={errorOf("pricePerMonth")}>
          {(field) => <PoundsInput {...field} {...bind("pricePerMonth")} min={1} placeholder="3200" />}
        </FormField>
      </div>
      {showLocationPreview ? <LocationPreview address={address} city={city} /> : null}
    </FormSection>
  );
}

/** The rooms, the kind of home, its size, and the short details declared in the property entity for it. */
export function PropertyDetailsSection(props: SectionProps) {
  const { idOf, errorOf, bind, bindChoice } = useFieldBinding(props);
  return (
    <FormSection icon={BedDouble} title="Property Details">
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id={idOf("bedrooms")} label="Bedrooms" required error={errorOf("bedrooms")}>
          {(field) => (
            <ChoiceSelect {...field} {...bindChoice("bedrooms")} placeholder="Select" choices={BEDROOM_CHOICES} />
          )}
        </FormField>
        <FormField id={idOf("bathrooms")} label="Bathrooms" required error={errorOf("bathrooms")}>
          {(field) => (
            <ChoiceSelect {...field} {...bindChoice("bathrooms")} placeholder="Select" choices={BATHROOM_CHOICES} />
          )}
        </FormField>
        <FormField id={idOf("maxGuests")} label="Max guests" required error={errorOf("maxGuests")}>
          {(field) => (
            <ChoiceSelect {...field} {...bindChoice("maxGuests")} placeholder="Select" choices={GUEST_CHOICES} />
          )}
        </FormField>
        <FormField id={idOf("propertyType")} label="Property type" required error={errorOf("propertyType")}>
          {(field) => (
            <ChoiceSelect
              {...field}
              {...bindChoice("propertyType")}
              placeholder="Select a type"
              choices={PROPERTY_TYPE_CHOICES}
            />
          )}
        </FormField>
        <FormField id={idOf("furnishingStatus")} label="Furnishing" required error={errorOf("furnishingStatus")}>
          {(field) => (
            <ChoiceSelect
              {...field}
              {...bindChoice("furnishingStatus")}
              placeholder="Select furnishing"
              choices={FURNISHING_CHOICES}
            />
          )}
        </FormField>
        <FormField id={idOf("squareFeet")} label="Square feet" error={errorOf("squareFeet")}>
          {(field) => (
            <Input
              {...field}
              {...bind("squareFeet")}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="Optional"
              className="tabular-nums"
            />
          )}
        </FormField>
        <PropertyDetailFields section="details" {...props} />
      </div>
    </FormSection>
  );
}
