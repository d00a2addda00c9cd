import { POLICY_SUMMARIES } from "@common/domain/cancellation-policy";
import type { TGuestBooking } from "@common/schemas/bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds, toAmount } from "@/lib/format";
import { mutateThen } from "@/lib/mutation";
import { useCancelBooking } from "../api/my-bookings-api";

const POLICY_NAMES = { flexible: "Flexible", moderate: "Moderate", strict: "Strict" } as const;

/**
 * Manage Booking (a confirmed stay) or Withdraw request (a pending one): explains what cancelling costs under the
 * property's policy, then cancels through the server, which decides the refund.
 */
export function CancelBookingDialog({ booking, mode }: { booking: TGuestBooking; mode: "manage" | "withdraw" }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBooking();
  const refund = booking.refundIfCancelledNow === null ? null : toAmount(booking.refundIfCancelledNow);
  const total = toAmount(booking.totalPrice);
  const policy = booking.property.cancellationPolicy;

  function confirm() {
    mutateThen(
      cancel,
      { id: booking.id, reason: mode === "withdraw" ? "Withdrawn by the guest" : "Cancelled by the guest" },
      {
        onSuccess: ({ refund: given }) => {
          setOpen(false);
          toast({
            title: mode === "withdraw" ? "Request withdrawn" : "Booking cancelled",
            description:
              toAmount(given) > 0
                ? `${booking.reference}: ${formatPounds(given)} will be refunded to you.`
                : `${booking.reference}: nothing was charged, so there is nothing to refund.`,
          });
        },
        onError: (error) => {
          toast({
            variant: "destructive",
            title: mode === "withdraw" ? "Couldn't withdraw the request" : "Couldn't cancel the booking",
            description: serverMessageOf(error, "Please try again."),
          });
        },
      },
    );
  }

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => !cancel.isPending && setOpen(next)}
      contentClassName="max-w-lg"
      trigger={
        <Button variant={mode === "manage" ? "default" : "outline"} size="sm" disabled={!booking.canCancel}>
          {mode === "manage" ? "Manage Booking" : "Withdraw request"}
        </Button>
      }
      title={mode === "manage" ? `Manage booking ${booking.reference}` : `Withdraw request ${booking.reference}?`}
      description={
        <>
          {booking.property.title} · {formatWeekdayDate(booking.checkIn)} to {formatWeekdayDate(booking.checkOut)}
        </>
      }
      footer={
        <>
          <AlertDialogCancel disabled={cancel.isPending}>
            {mode === "manage" ? "Keep Booking" : "Keep Request"}
          </AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending || !booking.canCancel}>
            {cancel.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {mode === "manage" ? "Cancel Booking" : "Withdraw Request"}
          </Button>
        </>
      }
    >
      {mode === "manage" ? (
        <div className="grid gap-4 text-sm">
          <div className="rounded-xl bg-secondary p-4">
            <p className="font-semibold">Cancellation policy: {POLICY_NAMES[policy]}</p>
            <p className="mt-1 leading-relaxed text-muted-foreground">{POLICY_SUMMARIES[policy]}</p>
          </div>
          <dl className="grid gap-2 tabular-nums">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Booking total</dt>
              <dd>{formatPounds(total)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
              <dt>Refund if you cancel today</dt>
              <dd>{refund === null ? "—" : formatPounds(refund)}</dd>
            </div>
          </dl>
          <p className="text-muted-foreground">
            Need to change your dates? Cancel this booking and book the new dates; changes are not yet possible in
            place.
          </p>
        </div>
      ) : (
        <p className="text-sm leading-relaxed text-muted-foreground">
          The landlord hasn't answered yet. Withdrawing frees these dates for others; nothing has been charged.
        </p>
      )}
    </AlertDialogFrame>
  );
}
