import { EPC_RATINGS } from "@common/domain/property-options";
import { EPC_BANDS_NEEDING_EXEMPTION } from "@common/domain/stay-modes";
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
    </FormSection>
  );
}
