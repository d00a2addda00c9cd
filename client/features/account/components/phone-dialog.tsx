import {
  type TPhoneChangeConfirm,
  type TPhoneChangeRequest,
  ZPhoneChangeConfirm,
  ZPhoneChangeRequest,
} from "@common/schemas/account";
import type { TPhoneCodeSent } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { useConfirmPhoneChange, useSendPhoneChangeCode } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { FormSubmit } from "./form-submit";

/**
 * Change (or add) the phone number: a code is texted to the new number, and the account moves to it only when the
 * code comes back. Until then the current number stays on the account, verified if it was, so nothing a verified
 * phone allows (booking, hosting) stops in between.
 */
export function PhoneDialog({
  phoneNumber,
  phoneVerified,
  onSaved,
}: {
  phoneNumber: string | null;
  phoneVerified: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const id = useId();
  const send = useSendPhoneChangeCode();
  const confirm = useConfirmPhoneChange(onSaved);
  const numberForm = useForm<TPhoneChangeRequest>({
    resolver: zodResolver(ZPhoneChangeRequest),
    defaultValues: { phoneNumber: "" },
  });
  const codeForm = useForm<TPhoneChangeConfirm>({
    resolver: zodResolver(ZPhoneChangeConfirm),
    defaultValues: { code: "" },
  });
  // Kept apart from the mutation's data, which empties while a new code is asked for (or refused).
  const [sent, setSent] = useState<TPhoneCodeSent | null>(null);
  const sendCode = (input: TPhoneChangeRequest) => send.mutate(input, { onSuccess: setSent });
  const adding = phoneNumber === null;

  return (
    <AccountDialog
      onOpen={() => {
        numberForm.reset({ phoneNumber: "" });
        codeForm.reset({ code: "" });
        send.reset();
        confirm.reset();
        setSent(null);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <Smartphone aria-hidden="true" />
          {adding ? "Add phone" : "Change phone"}
        </Button>
      }
      title={adding ? "Add a phone number" : "Change phone number"}
      description={
        adding
          ? "We text a 6-digit code to your mobile; your number is saved and verified when you enter it."
          : `Your account uses ${phoneNumber}${phoneVerified ? ", verified" : ""}. It stays until you enter the code we text to the new number.`
      }
      busy={send.isPending || confirm.isPending}
    >
      {(close) =>
        sent ? (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={codeForm.handleSubmit((input) =>
              confirm.mutate(input, {
                onSuccess: ({ message }) => {
                  close();
                  toast({ title: "Phone number saved", description: message });
                },
              }),
            )}
          >
            <p role="status" className="text-sm leading-relaxed">
              {sent.message}
            </p>
            <FormField
              id={`${id}-code`}
              label="Verification code"
              required
              hint="The 6 digits in the text message. The code works for 10 minutes."
              error={codeForm.formState.errors.code?.message}
            >
              {(control) => (
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  className="max-w-48 font-mono tracking-[0.3em]"
                  {...control}
                  {...codeForm.register("code")}
                />
              )}
            </FormField>
            {confirm.isError ? (
              <FormFailure>
                {serverMessageOf(confirm.error, "Your number was not changed. Please try again.")}
              </FormFailure>
            ) : null}
            {send.isError ? (
              <FormFailure>{serverMessageOf(send.error, "No new code was sent. Please try again.")}</FormFailure>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                <Button
                  type="button"
                  variant="link"
                  className="text-sm"
                  disabled={send.isPending}
                  onClick={() => {
                    confirm.reset();
                    codeForm.reset({ code: "" });
                    sendCode({ phoneNumber: sent.phoneNumber });
                  }}
                >
                  {send.isPending ? "Sending…" : "Send a new code"}
                </Button>
                <Button
                  type="button"
                  variant="link"
                  className="text-sm"
                  onClick={() => {
                    confirm.reset();
                    codeForm.reset({ code: "" });
                    send.reset();
                    setSent(null);
                  }}
                >
                  Use another number
                </Button>
              </div>
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? "Checking…" : "Confirm"}
              </Button>
            </div>
          </form>
        ) : (
          <form noValidate className="grid gap-5" onSubmit={numberForm.handleSubmit(sendCode)}>
            <FormField
              id={`${id}-phone`}
              label="New mobile number"
              required
              hint="UK mobile numbers only, for example 07911 123456 or +44 7911 123456."
              error={numberForm.formState.errors.phoneNumber?.message}
            >
              {(control) => (
                <Input
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  {...control}
                  {...numberForm.register("phoneNumber")}
                />
              )}
            </FormField>
            <FormSubmit
              mutation={send}
              failure="The code was not sent. Please try again."
              pendingLabel="Sending…"
              label="Text me a code"
            />
          </form>
        )
      }
    </AccountDialog>
  );
}
