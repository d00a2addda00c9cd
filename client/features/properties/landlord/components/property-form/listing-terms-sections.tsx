import { AMENITY_GROUPS, type AmenityGroup, type AmenityName } from "@common/domain/amenities";
import { FEATURE_LABELS, PROPERTY_FEATURES } from "@common/domain/property-options";
import { Baby, PawPrint, ScrollText, Sofa, Sparkles } from "lucide-react";
import { FieldError, FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { TENANT_PREFERENCE_LABELS, type TenantPreference } from "../../utils/property-form-state";
import { type SectionProps, useFieldBinding } from "./field-binding";
import { CheckGroup, CheckTile, FormSection } from "./form-controls";

/** What the home has and whom it suits: features, amenities, tenant preferences, and the terms guests agree to. */
export function ListingTermsSections(props: SectionProps) {
  const { idOf, errorOf, bind, register } = useFieldBinding(props);
  return (
    <>
      <FormSection icon={Sparkles} title="Property Features">
        <CheckGroup legend="Property features">
          {PROPERTY_FEATURES.map((feature) => (
            <CheckTile
              key={feature}
              id={idOf(`feature-${feature}`)}
              label={FEATURE_LABELS[feature]}
              input={register("features")}
              value={feature}
              disabled={props.disabled}
            />
          ))}
        </CheckGroup>
        {errorOf("features") ? <FieldError>{errorOf("features")}</FieldError> : null}
      </FormSection>

      <FormSection icon={Sofa} title="Amenities" intro="What guests will find in the home. Tick all that apply.">
        {(Object.entries(AMENITY_GROUPS) as [AmenityGroup, readonly AmenityName[]][]).map(([group, names]) => (
          <fieldset key={group} className="grid gap-2.5">
            <legend className="mb-1 text-sm font-medium text-foreground">{group}</legend>
            <div className="grid grid-cols-1 gap-2.5 min-[22rem]:grid-cols-2 sm:grid-cols-3">
              {names.map((name) => (
                <CheckTile
                  key={name}
                  id={idOf(`amenity-${name}`)}
                  label={name}
                  input={register("amenities")}
                  value={name}
                  disabled={props.disabled}
                />
              ))}
            </div>
          </fieldset>
        ))}
        {errorOf("amenities") ? <FieldError>{errorOf("amenities")}</FieldError> : null}
      </FormSection>

      <FormSection
        icon={PawPrint}
        title="Tenant Preferences"
        intro="Who the property suits. Leave unticked for no. The law does not allow a listing to turn away tenants with children or receiving benefits."
      >
        <CheckGroup legend="Tenant preferences">
          {(Object.keys(TENANT_PREFERENCE_LABELS) as TenantPreference[]).map((preference) => (
            <CheckTile
              key={preference}
              id={idOf(`preference-${preference}`)}
              label={TENANT_PREFERENCE_LABELS[preference]}
              input={register(`tenantPreferences.${preference}`)}
              disabled={props.disabled}
            />
          ))}
        </CheckGroup>
      </FormSection>

      <FormSection
        icon={Baby}
        title="Pets and Children on Short Stays"
        intro="For stays by the night and mid lets: guests searching with pets or children only see homes that take them. A tenant may still ask you for a pet, and a tenancy may not turn children away."
      >
        <CheckGroup legend="Pets and children on short stays">
          <CheckTile
            id={idOf("petsAllowed")}
            label="Pets allowed"
            input={register("petsAllowed")}
            disabled={props.disabled}
          />
          <CheckTile
            id={idOf("suitsChildren")}
            label="Suitable for children and infants"
            input={register("suitsChildren")}
            disabled={props.disabled}
          />
        </CheckGroup>
      </FormSection>

      <FormSection icon={ScrollText} title="Terms & Conditions">
        <FormField
          id={idOf("termsAndConditions")}
          label="Terms and conditions"
          hint="Optional: house rules, check-in times, anything guests agree to."
          error={errorOf("termsAndConditions")}
        >
          {(field) => <Textarea {...field} {...bind("termsAndConditions")} rows={4} className="min-h-28" />}
        </FormField>
      </FormSection>
    </>
  );
}
