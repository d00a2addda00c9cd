import {
  PROPERTY_DETAIL_KEYS,
  PROPERTY_DETAILS,
  type PropertyDetailDefinition,
  type PropertyFormSection,
} from "@common/entities/property-details";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type SectionProps, useFieldBinding } from "./field-binding";
import { ChoiceSelect } from "./form-controls";

/**
 * The property's short optional details that belong in this section, drawn from their one definition: a choice
 * from its list, or a text box of the kind it asks for.
 */
export function PropertyDetailFields({ section, ...props }: SectionProps & { section: PropertyFormSection }) {
  const { idOf, errorOf, bind, bindChoice } = useFieldBinding(props);
  return PROPERTY_DETAIL_KEYS.filter((key) => PROPERTY_DETAILS[key].section === section).map((key) => {
    const detail = PROPERTY_DETAILS[key] as PropertyDetailDefinition;
    return (
      <FormField key={key} id={idOf(key)} label={detail.label} error={errorOf(key)}>
        {(field) =>
          detail.kind === "choice" ? (
            <ChoiceSelect
              {...field}
              {...bindChoice(key)}
              placeholder="Not provided"
              choices={detail.choices.map((value) => ({ value, label: detail.choiceLabel?.(value) ?? value }))}
            />
          ) : (
            <Input {...field} {...bind(key)} type={detail.kind} placeholder={detail.placeholder ?? "Optional"} />
          )
        }
      </FormField>
    );
  });
}
