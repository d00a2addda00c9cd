import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
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

type WithCurrentPassword = FieldValues & { currentPassword?: string | undefined };

/**
 * The form of a Profile dialog guarded by the current password: `restart` empties it and its request each time the
 * dialog opens, `onSubmit` goes through withCurrentPassword, and `currentPasswordField` is the field itself on an
 * account that has a password.
 */
export function useCurrentPasswordForm<T extends WithCurrentPassword>({
  schema,
  empty,
  request,
  hasPassword,
  fieldId,
}: {
  schema: z.ZodType<T, T>;
  empty: DefaultValues<T>;
  request: { reset: () => void };
  hasPassword: boolean;
  fieldId: string;
}) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: empty });
  // The one field every such form has, seen through its own name (the form's type is generic here).
  const guarded = form as unknown as ReturnType<typeof useForm<WithCurrentPassword>>;
  return {
    form,
    restart: () => {
      form.reset(empty);
      request.reset();
    },
    onSubmit: (send: (input: T) => void) => form.handleSubmit(withCurrentPassword(hasPassword, guarded.setError, send)),
    currentPasswordField: hasPassword ? (
      <CurrentPasswordField
        id={fieldId}
        error={guarded.formState.errors.currentPassword?.message}
        registration={guarded.register("currentPassword")}
      />
    ) : null,
  };
}
