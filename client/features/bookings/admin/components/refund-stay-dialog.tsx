import { poundsToPence } from "@common/domain/pricing";
import { adminRefundFormSchema, type TAdminRefundForm } from "@common/schemas/admin-bookings";
import { zodResolver } from "@hookform/resolvers/zod";
import { HandCoins, Loader2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds } from "@/lib/format";
import { useAdminRefund } from "../api/admin-bookings-api";

/**
 * Refund: money back to the guest of a stay that has begun or ended (a complaint upheld), up to what is still
 * refundable, with the reason System Logs keeps. What the landlord and manager were already sent is taken back from
 * their transfers. Each opening of the form is one refund: a retried submit refunds once.
 */
export function RefundStayButton({
  booking,
  refundablePence,
  onDone,
}: {
  booking: { id: number; reference: string };
  refundablePence: number;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const refund = useAdminRefund();
  const schema = useMemo(() => adminRefundFormSchema(refundablePence), [refundablePence]);
  const form = useForm<TAdminRefundForm>({ resolver: zodResolver(schema), defaultValues: { amount: "", reason: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ amount, reason }) => {
    setFailure(null);
    try {
      const done = await refund.mutateAsync({ id: booking.id, key, amountPence: poundsToPence(amount), reason });
      setOpen(false);
      toast({
        title: "Refund made",
        description: `${booking.reference}: ${formatPounds(done.refundedPence / 100)} back to the guest${done.demo ? " (demo money)" : ""}.`,
      });
      onDone?.();
    } catch (error) {
      setFailure(serverMessageOf(error, "That did not work. Please check your connection and try again."));
    }
  });

  // A new opening is a new refund (a new key); closing forgets what was typed. Not while one is being sent.
  const changeOpen = (next: boolean) => {
    if (isSubmitting) return;
    setFailure(null);
    form.reset();
    if (next) setKey(crypto.randomUUID());
    setOpen(next);
  };
  const formId = `${ids}-form`;

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="outline">
          <HandCoins aria-hidden="true" />
          Refund
          <span className="sr-only"> {booking.reference}</span>
        </Button>
      }
      title={`Refund ${booking.reference}`}
      description={
        <>
          Up to {formatPounds(refundablePence / 100)} can still be refunded. What the landlord and manager were already
          sent of it is taken back from their transfers. This can't be undone.
        </>
      }
      footer={
        <>
          <AlertDialogCancel disabled={isSubmitting}>Keep as it is</AlertDialogCancel>
          <Button type="submit" form={formId} variant="destructive" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {isSubmitting ? "Refunding…" : "Refund"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-5">
        <FormField id={`${ids}-amount`} label="Amount (£)" required error={errors.amount?.message}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
        </FormField>
        <FormField id={`${ids}-reason`} label="Reason (kept in System Logs)" required error={errors.reason?.message}>
          {(control) => <Textarea {...control} maxLength={500} {...form.register("reason")} />}
        </FormField>
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </form>
    </AlertDialogFrame>
  );
}
