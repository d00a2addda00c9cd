import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * The current password, asked before a change that could take the account away (its password, its address): a
 * session left open on someone's laptop is not enough for those.
 */
export function CurrentPasswordField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<"currentPassword">;
}) {
  return (
    <FormField id={id} label="Current password" required error={error}>
      {(control) => <Input type="password" autoComplete="current-password" {...control} {...registration} />}
    </FormField>
  );
}
