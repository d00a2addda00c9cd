import { ZAccountClosure } from "@common/schemas/account";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FieldError } from "@/components/ui/form-field";
import { QueryErrorAlert } from "@/components/ui/query-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { closureStatusQueryOptions, useCloseAccount } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { useCurrentPasswordForm } from "./current-password-field";
import { FormSubmit } from "./form-submit";

/**
 * "Close my account": what it erases and what the law makes us keep, said before anything happens. The dialog asks
 * the server whether the account can close now and lists every reason it cannot yet.
 */
export function CloseAccountCard({
  hasPassword,
  hostsHomes,
  onClosed,
}: {
  hasPassword: boolean;
  /** A landlord's listings leave the site with the account: they are told so before they choose. */
  hostsHomes: boolean;
  onClosed: () => Promise<unknown>;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Close your account</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">
          Closing erases your name, contact details, photo, saved homes and the messages you wrote, and signs you out
          everywhere.{hostsHomes ? " Your listings are taken off StayLondon." : ""} Records of past bookings and
          payments are kept without your name, as the law requires.
        </p>
        <CloseAccountDialog hasPassword={hasPassword} onClosed={onClosed} />
      </CardContent>
    </Card>
  );
}

function CloseAccountDialog({ hasPassword, onClosed }: { hasPassword: boolean; onClosed: () => Promise<unknown> }) {
  const id = useId();
  const navigate = useNavigate();
  const status = useQuery({ ...closureStatusQueryOptions, enabled: false });
  const close = useCloseAccount();
  const { form, restart, onSubmit, currentPasswordField } = useCurrentPasswordForm({
    schema: ZAccountClosure,
    empty: { currentPassword: "" },
    request: close,
    hasPassword,
    fieldId: `${id}-current`,
  });
  const { register, formState } = form;

  return (
    <AccountDialog
      onOpen={() => {
        restart();
        void status.refetch();
      }}
      trigger={
        <Button variant="outline" className="justify-self-start text-destructive">
          Close my account
        </Button>
      }
      title="Close your account"
      description="This cannot be undone. You can create a new account with the same email address later."
      busy={close.isPending}
    >
      {() =>
        status.isFetching && !status.data ? (
          <Skeleton className="h-24 w-full rounded-xl" />
        ) : status.isError ? (
          <QueryErrorAlert title="We could not check whether your account can be closed" query={status} />
        ) : status.data && !status.data.canClose ? (
          <div className="grid gap-3" role="status">
            <p className="font-medium">Your account cannot be closed yet:</p>
            <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed">
              {status.data.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={onSubmit((input) => {
              close.mutate(hasPassword ? input : { confirm: input.confirm }, {
                onSuccess: async ({ message }) => {
                  toast({ title: "Account closed", description: message });
                  navigate("/", { replace: true });
                  await onClosed();
                },
              });
            })}
          >
            {currentPasswordField}
            <div className="grid gap-1.5">
              <label className={CHOICE_CARD}>
                <input
                  type="checkbox"
                  className={CHOICE_INPUT}
                  aria-invalid={formState.errors.confirm ? true : undefined}
                  aria-describedby={formState.errors.confirm ? `${id}-confirm-error` : undefined}
                  {...register("confirm")}
                />
                <span>I understand that closing my account erases it and cannot be undone.</span>
              </label>
              {formState.errors.confirm ? (
                <FieldError id={`${id}-confirm-error`}>{formState.errors.confirm.message}</FieldError>
              ) : null}
            </div>
            <FormSubmit
              mutation={close}
              failure="Your account was not closed."
              pendingLabel="Closing…"
              label="Close my account"
              variant="destructive"
            />
          </form>
        )
      }
    </AccountDialog>
  );
}
