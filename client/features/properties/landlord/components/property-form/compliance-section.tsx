import { EPC_RATINGS } from "@common/domain/property-options";
import { EPC_BANDS_NEEDING_EXEMPTION } from "@common/domain/stay-modes";
import { LEVY_AREA_LABELS, levyAreaOfPostcode, nationOfPostcode, UK_NATIONS } from "@common/domain/uk-law";
import { ShieldCheck } from "lucide-react";
import { useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PropertyDetailFields } from "./detail-fields";
import { type SectionProps, useFieldBinding } from "./field-binding";
import { ChoiceSelect, FormSection } from "./form-controls";

/** The energy rating (with its exemption when F or G), and the compliance details declared in the property entity. */
export function ComplianceSection(props: SectionProps) {
  const { idOf, errorOf, bind, bindChoice, control } = useFieldBinding(props);
  const [epcRating, epcExemptionReference] = useWatch({ control, name: ["epcRating", "epcExemptionReference"] });
  const needsExemption = (EPC_BANDS_NEEDING_EXEMPTION as readonly string[]).includes(epcRating);
  return (
    <FormSection icon={ShieldCheck} title="Compliance & Legal">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={idOf("epcRating")} label="EPC rating" error={errorOf("epcRating")}>
          {(field) => (
            <ChoiceSelect
              {...field}
              {...bindChoice("epcRating")}
              placeholder="Not provided"
              choices={EPC_RATINGS.map((r) => ({ value: r, label: `Band ${r}` }))}
            />
          )}
        </FormField>
        {needsExemption || epcExemptionReference !== "" || errorOf("epcExemptionReference") ? (
          <FormField
            id={idOf("epcExemptionReference")}
            label="EPC exemption reference"
            hint="A home rated F or G can be let on a tenancy only with an exemption on the PRS Exemptions Register (Minimum Energy Efficiency Standard)."
            error={errorOf("epcExemptionReference")}
          >
            {(field) => <Input {...field} {...bind("epcExemptionReference")} maxLength={100} placeholder="Optional" />}
          </FormField>
        ) : null}
        <PropertyDetailFields section="compliance" {...props} />
      </div>
      <PlaceFields {...props} />
    </FormSection>
  );
}

/**
 * Where the home is, legally: the nation (suggested from the address's postcode when that is certain), Edinburgh's
 * levy area for a Scottish home, and the number its nation's law asks for. The server checks the same rules.
 */
function PlaceFields(props: SectionProps) {
  const { idOf, errorOf, bind, bindChoice, control } = useFieldBinding(props);
  const [address, nation] = useWatch({ control, name: ["address", "nation"] });
  const suggested = nationOfPostcode(address ?? "");
  const effective = nation || suggested;
  const suggestedLevy = levyAreaOfPostcode(address ?? "");
  const notSaid = suggested ? `As the postcode says (${suggested})` : "Choose: the postcode does not say";
  return (
    <fieldset className="mt-6 grid gap-5 border-t border-border pt-5 sm:grid-cols-2">
      <legend className="sr-only">Where the home is</legend>
      <FormField
        id={idOf("nation")}
        label="Nation"
        hint="Decides the licence or registration the listing needs."
        error={errorOf("nation")}
      >
        {(field) => (
          <ChoiceSelect
            {...field}
            {...bindChoice("nation")}
            placeholder={notSaid}
            choices={UK_NATIONS.map((n) => ({ value: n, label: n }))}
          />
        )}
      </FormField>
      {effective === "Scotland" ? (
        <FormField
          id={idOf("levyArea")}
          label="Council area"
          hint="Stays in the City of Edinburgh carry its visitor levy."
          error={errorOf("levyArea")}
        >
          {(field) => (
            <ChoiceSelect
              {...field}
              {...bindChoice("levyArea")}
              placeholder={
                suggestedLevy ? `As the postcode says (${LEVY_AREA_LABELS[suggestedLevy]})` : "Outside Edinburgh"
              }
              choices={[
                { value: "city_of_edinburgh", label: LEVY_AREA_LABELS.city_of_edinburgh },
                { value: "none", label: "Another Scottish council" },
              ]}
            />
          )}
        </FormField>
      ) : null}
      {effective === "Scotland" || errorOf("shortLetLicenceNumber") ? (
        <FormField
          id={idOf("shortLetLicenceNumber")}
          label="Short-term let licence number"
          hint='As your council issued it, e.g. "EH-12345-F". Needed to offer short lets in Scotland.'
          error={errorOf("shortLetLicenceNumber")}
        >
          {(field) => <Input {...field} {...bind("shortLetLicenceNumber")} maxLength={20} autoComplete="off" />}
        </FormField>
      ) : null}
      {effective === "Wales" || errorOf("welshRegistrationNumber") ? (
        <FormField
          id={idOf("welshRegistrationNumber")}
          label="Visitor accommodation registration number"
          hint="Needed for stays from 1 October 2026; without it those dates cannot be booked."
          error={errorOf("welshRegistrationNumber")}
        >
          {(field) => <Input {...field} {...bind("welshRegistrationNumber")} maxLength={20} autoComplete="off" />}
        </FormField>
      ) : null}
    </fieldset>
  );
}
