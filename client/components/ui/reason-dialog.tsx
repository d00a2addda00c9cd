import { type TAdminReason, ZAdminReason } from "@common/schemas/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { Label, RequiredMark } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";

/**
 * A serious step that needs a reason (freeze an account, remove a listing, cancel a booking): asks first, with
 * the reason checked by the same schema as the server. A refusal from the server is shown in the dialog, which
 * stays open; success closes it.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  reasonLabel = "Reason",
  confirmLabel,
  pendingLabel,
  dismissLabel = "Cancel",
  destructive = true,
  schema = ZAdminReason,
  open: controlledOpen,
  onOpenChange,
  onConfirm,
}: {
  /** The button that opens it; without one, the caller opens it with `open`. */
  trigger?: React.ReactNode;
  title: string;
  description: React.ReactNode;
  reasonLabel?: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The button that leaves without doing it ("Keep booking" where "Cancel" would read as the step itself). */
  dismissLabel?: string;
  destructive?: boolean;
  /** The rule the reason must meet, the server's own (an admin's reason by default). */
  schema?: z.ZodType<TAdminReason, TAdminReason>;
  /** Opened and closed by the caller (a button that may leave the page while the dialog is open). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Resolves once done; a rejection keeps the dialog open with the server's message. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const form = useForm<TAdminReason>({ resolver: zodResolver(schema), defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason);
      setOpen(false);
      form.reset();
    } catch (error) {
      setFailure(
        (isApiError(error) && error.serverMessage) || "That did not work. Please check your connection and try again.",
      );
    }
  });

  return (
    <AlertDialog
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
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-reason`}>
              {reasonLabel}
              <RequiredMark />
            </Label>
            <Textarea
              id={`${ids}-reason`}
              aria-required="true"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
              maxLength={500}
              {...form.register("reason")}
            />
            {errors.reason ? (
              <p id={`${ids}-reason-error`} className="text-sm font-medium text-destructive">
                {errors.reason.message}
              </p>
            ) : null}
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isSubmitting}>{dismissLabel}</AlertDialogCancel>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {isSubmitting ? pendingLabel : confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
