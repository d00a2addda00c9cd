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

/**
 * Wraps a form's submit so that, on an account with a password, nothing is sent until the current password is given:
 * the field says so instead. Accounts that sign in with Google or Apple only have none to give.
 */
export function withCurrentPassword<T extends { currentPassword?: string | undefined }>(
  hasPassword: boolean,
  setError: (name: "currentPassword", error: { message: string }) => void,
  submit: (input: T) => void,
): (input: T) => void {
  return (input) => {
    if (hasPassword && !input.currentPassword) {
      setError("currentPassword", { message: "Please enter your current password." });
      return;
    }
    submit(input);
  };
}
