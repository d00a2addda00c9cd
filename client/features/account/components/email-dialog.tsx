import { ZEmailChangeRequest } from "@common/schemas/account";
import { AtSign, MailCheck } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { useRequestEmailChange } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { useCurrentPasswordForm } from "./current-password-field";
import { FormSubmit } from "./form-submit";

/**
 * Change email: a link goes to the new address, and the account moves only when it is opened; the old address is
 * then told, with a way to undo it for 7 days.
 */
export function EmailDialog({ currentEmail, hasPassword }: { currentEmail: string; hasPassword: boolean }) {
  const id = useId();
  const request = useRequestEmailChange();
  const { form, restart, onSubmit, currentPasswordField } = useCurrentPasswordForm({
    schema: ZEmailChangeRequest,
    empty: { newEmail: "", currentPassword: "" },
    request,
    hasPassword,
    fieldId: `${id}-password`,
  });
  const { register, formState } = form;

  return (
    <AccountDialog
      onOpen={restart}
      trigger={
        <Button variant="outline">
          <AtSign aria-hidden="true" />
          Change email
        </Button>
      }
      title="Change email"
      description={`Your account uses ${currentEmail}. We send a link to the new address; the change happens when you open it.`}
      busy={request.isPending}
    >
      {(close) =>
        request.isSuccess ? (
          <div role="status" className="grid gap-4">
            <p className="flex items-start gap-3 text-sm leading-relaxed">
              <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              {request.data.message}
            </p>
            <Button className="justify-self-end" onClick={close}>
              Done
            </Button>
          </div>
        ) : (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={onSubmit((input) => {
              request.mutate(hasPassword ? input : { newEmail: input.newEmail });
            })}
          >
            <FormField id={`${id}-email`} label="New email address" required error={formState.errors.newEmail?.message}>
              {(control) => <EmailInput {...control} {...register("newEmail")} />}
            </FormField>
            {currentPasswordField}
            <FormSubmit
              mutation={request}
              failure="The link was not sent. Please try again."
              pendingLabel="Sending…"
              label="Send link"
            />
          </form>
        )
      }
    </AccountDialog>
  );
}
