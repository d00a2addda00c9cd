import {
  REQUIRED_VERIFICATION_CHECKS,
  VERIFICATION_CHECK_LABELS,
  VERIFICATION_CHECKS,
} from "@common/domain/listing-verification";
import { type TAdminProperty, type TVerifyProperty, ZVerifyProperty } from "@common/schemas/admin-properties";
import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Loader2, ShieldOff } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { FieldError, FormField } from "@/components/ui/form-field";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { useVerifyProperty, useWithdrawVerification } from "../api/admin-properties-api";

/**
 * Verify: records what was checked on a visit, after which the listing shows "Verified" to guests. The visit and the
 * photos are always part of it; the other checks are ticked when they were made.
 */
export function VerifyPropertyButton({ property }: { property: TAdminProperty }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const verify = useVerifyProperty();
  const form = useForm<z.input<typeof ZVerifyProperty>, unknown, TVerifyProperty>({
    resolver: zodResolver(ZVerifyProperty),
    defaultValues: { checks: [...REQUIRED_VERIFICATION_CHECKS], note: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ id: property.id, input });
      toast({ title: "Listing verified", description: `“${property.title}” now shows Verified to guests.` });
      setOpen(false);
      form.reset();
    } catch (error) {
      setFailure((isApiError(error) && error.serverMessage) || "The verification was not saved. Please try again.");
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        setOpen(next);
        if (!next) {
          form.reset();
          setFailure(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Verify: ${property.title}`}>
          <BadgeCheck aria-hidden="true" />
          Verify
        </Button>
      </Dialog.Trigger>
      <DialogPanel size="xl" aria-describedby={`${ids}-description`}>
        <DialogCloseButton disabled={isSubmitting} />
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-2xl font-medium">Verify “{property.title}”</Dialog.Title>
          <Dialog.Description id={`${ids}-description`} className="text-sm text-muted-foreground">
            Guests will see Verified on the listing and what was checked, with today's date. Tick only what you have
            done.
          </Dialog.Description>
        </div>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.checks ? `${ids}-checks-error` : undefined}
            aria-invalid={errors.checks ? true : undefined}
          >
            <legend className="mb-2 text-sm font-medium">What was checked</legend>
            {VERIFICATION_CHECKS.map((check) => {
              const required = REQUIRED_VERIFICATION_CHECKS.includes(check);
              return (
                <label key={check} className={CHOICE_CARD}>
                  <input type="checkbox" value={check} className={CHOICE_INPUT} {...form.register("checks")} />
                  <span>
                    {VERIFICATION_CHECK_LABELS[check]}
                    {required ? <span className="text-muted-foreground"> (needed to verify)</span> : null}
                  </span>
                </label>
              );
            })}
            {errors.checks ? <FieldError id={`${ids}-checks-error`}>{errors.checks.message}</FieldError> : null}
          </fieldset>
          <FormField
            id={`${ids}-note`}
            label="Note for the record"
            hint="Seen by administrators only: who visited, anything to follow up."
            error={errors.note?.message}
          >
            {(control) => <Textarea {...control} maxLength={1000} {...form.register("note")} />}
          </FormField>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {isSubmitting ? "Saving…" : "Verify listing"}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

/** Withdraw the verification: the Verified label goes at once; the record stays with the reason. */
export function WithdrawVerificationButton({ property }: { property: TAdminProperty }) {
  const withdraw = useWithdrawVerification();
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Unverify: ${property.title}`}>
          <ShieldOff aria-hidden="true" />
          Unverify
        </Button>
      }
      title={`Withdraw the verification of “${property.title}”?`}
      description="Guests will no longer see Verified on this listing. The earlier verification stays on record."
      reasonLabel="Reason (kept in System Logs)"
      confirmLabel="Withdraw verification"
      pendingLabel="Withdrawing…"
      onConfirm={async (reason) => {
        await withdraw.mutateAsync({ id: property.id, reason });
        toast({ title: "Verification withdrawn", description: `“${property.title}” no longer shows Verified.` });
      }}
    />
  );
}
