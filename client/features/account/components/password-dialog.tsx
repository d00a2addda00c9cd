import { ZPasswordChange } from "@common/schemas/account";
import { PASSWORD_MIN_LENGTH } from "@common/schemas/auth";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useChangePassword } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { useCurrentPasswordForm } from "./current-password-field";
import { FormSubmit } from "./form-submit";

/**
 * Change password, with the current one; or, for an account that signs in only with Google or Apple, add a first
 * password. Every other device is signed out once it is saved.
 */
export function PasswordDialog({ hasPassword, onSaved }: { hasPassword: boolean; onSaved: () => Promise<unknown> }) {
  const id = useId();
  const change = useChangePassword(onSaved);
  const { form, restart, onSubmit, currentPasswordField } = useCurrentPasswordForm({
    schema: ZPasswordChange,
    empty: { currentPassword: "", newPassword: "" },
    request: change,
    hasPassword,
    fieldId: `${id}-current`,
  });
  const { register, formState } = form;
  const title = hasPassword ? "Change password" : "Add a password";

  return (
    <AccountDialog
      onOpen={restart}
      trigger={
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          {title}
        </Button>
      }
      title={title}
      description={
        hasPassword
          ? "Other devices signed in to your account are signed out when you save, and we email you to say it changed."
          : "You sign in with Google or Apple. A password lets you sign in with your email address too."
      }
      busy={change.isPending}
    >
      {(close) => (
        <form
          noValidate
          className="grid gap-5"
          onSubmit={onSubmit((input) => {
            change.mutate(hasPassword ? input : { newPassword: input.newPassword }, {
              onSuccess: ({ message }) => {
                close();
                toast({ title: hasPassword ? "Password changed" : "Password added", description: message });
              },
            });
          })}
        >
          {currentPasswordField}
          <FormField
            id={`${id}-new`}
            label="New password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters; a phrase of a few words is easy to remember and hard to guess.`}
            error={formState.errors.newPassword?.message}
          >
            {(control) => (
              <Input type="password" autoComplete="new-password" {...control} {...register("newPassword")} />
            )}
          </FormField>
          <FormSubmit
            mutation={change}
            failure="Your password was not changed."
            pendingLabel="Saving…"
            label="Save password"
          />
        </form>
      )}
    </AccountDialog>
  );
}
