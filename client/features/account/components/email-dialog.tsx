import { type TEmailChangeRequest, ZEmailChangeRequest } from "@common/schemas/account";
import { zodResolver } from "@hookform/resolvers/zod";
import { AtSign, MailCheck } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormField } from "@/components/ui/form-field";
import { useRequestEmailChange } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { CurrentPasswordField, withCurrentPassword } from "./current-password-field";
import { FormSubmit } from "./form-submit";

/**
 * Change email: a link goes to the new address, and the account moves only when it is opened; the old address is
 * then told, with a way to undo it for 7 days.
 */
export function EmailDialog({ currentEmail, hasPassword }: { currentEmail: string; hasPassword: boolean }) {
  const id = useId();
  const request = useRequestEmailChange();
  const empty = { newEmail: "", currentPassword: "" };
  const { register, handleSubmit, formState, reset, setError } = useForm<TEmailChangeRequest>({
    resolver: zodResolver(ZEmailChangeRequest),
    defaultValues: empty,
  });

  return (
    <AccountDialog
      onOpen={() => {
        reset(empty);
        request.reset();
      }}
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
            onSubmit={handleSubmit(
              withCurrentPassword(hasPassword, setError, (input) => {
                request.mutate(hasPassword ? input : { newEmail: input.newEmail });
              }),
            )}
          >
            <FormField id={`${id}-email`} label="New email address" required error={formState.errors.newEmail?.message}>
              {(control) => <EmailInput {...control} {...register("newEmail")} />}
            </FormField>
            {hasPassword ? (
              <CurrentPasswordField
                id={`${id}-password`}
                error={formState.errors.currentPassword?.message}
                registration={register("currentPassword")}
              />
            ) : null}
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
