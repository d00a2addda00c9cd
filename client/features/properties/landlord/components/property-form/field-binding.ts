import { useFormContext } from "react-hook-form";
import type { PropertyFormField, PropertyFormState } from "../../utils/property-form-state";

/** What a section of the property form shares: one id prefix for its labels, and whether it is locked. */
export type SectionProps = { prefix: string; disabled: boolean };

type TextField = Exclude<PropertyFormField, "features" | "amenities" | "tenantPreferences">;

/**
 * A section's ways to wire an input to the form: its id, its first error, its registration with the locked state
 * and, for a select, the value stored when the form started (so a value the list lacks is still offered).
 */
export function useFieldBinding({ prefix, disabled }: SectionProps) {
  const { register, control, formState } = useFormContext<PropertyFormState>();
  const idOf = (name: PropertyFormField | string) => `${prefix}-${name}`;
  const errorOf = (name: PropertyFormField) => formState.errors[name]?.message;
  const bind = (name: TextField) => ({ ...register(name), disabled });
  const bindChoice = (name: TextField) => ({
    ...bind(name),
    stored: String(formState.defaultValues?.[name] ?? ""),
  });
  return { register, control, idOf, errorOf, bind, bindChoice };
}
