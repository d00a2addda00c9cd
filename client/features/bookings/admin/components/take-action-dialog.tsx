import type { TAdminBooking } from "@common/schemas/admin-bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { Check, CreditCard, Gavel, Loader2, X } from "lucide-react";
import { useState } from "react";
import { AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds } from "@/lib/format";
import { mutateThen } from "@/lib/mutation";
import { useAdminBookingAction } from "../api/admin-bookings-api";

/** The facts a decision about a booking needs. */
export type ActionableBooking = Pick<
  TAdminBooking,
  "id" | "reference" | "status" | "guestName" | "propertyTitle" | "checkIn" | "checkOut" | "totalPrice"
> &
  Pick<TAdminBooking, "awaitingPayment" | "canConfirm" | "canCancel">;

function StaySummary({ booking }: { booking: ActionableBooking }) {
  return (
    <>
      {booking.guestName} · {booking.propertyTitle} · {formatWeekdayDate(booking.checkIn)} to{" "}
      {formatWeekdayDate(booking.checkOut)} · {formatPounds(booking.totalPrice)}
    </>
  );
}

/**
 * Cancelling a booking, with the reason the server requires of an admin: a pending booking is declined (nothing was
 * charged), a confirmed stay is cancelled with a full refund. The guest and the landlord are e-mailed.
 */
export function CancelBookingButton({
  booking,
  onDone,
  size = "sm",
}: {
  booking: ActionableBooking;
  onDone?: () => void;
  size?: "sm" | "default";
}) {
  const action = useAdminBookingAction();
  const isRequest = booking.status === "pending";
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" size={size}>
          <X aria-hidden="true" />
          {isRequest ? "Cancel request" : "Cancel stay"}
          <span className="sr-only"> {booking.reference}</span>
        </Button>
      }
      title={`${isRequest ? "Cancel request" : "Cancel stay"} ${booking.reference}?`}
      description={
        <>
          <StaySummary booking={booking} />
          <span className="mt-2 block">
            {isRequest
              ? "The request is declined: nothing is charged and the nights are free again."
              : `The guest gets a full refund of ${formatPounds(booking.totalPrice)} and the nights are free again.`}{" "}
            The guest and the landlord are told by e-mail. This can't be undone.
          </span>
        </>
      }
      reasonLabel="Reason (kept in System Logs)"
      confirmLabel={isRequest ? "Cancel request" : "Cancel and refund in full"}
      pendingLabel="Cancelling…"
      dismissLabel={isRequest ? "Keep request" : "Keep stay"}
      onConfirm={async (reason) => {
        await action.mutateAsync({ id: booking.id, kind: isRequest ? "decline" : "cancel", reason });
        toast({
          title: "Booking cancelled",
          description: isRequest
            ? `${booking.reference}: the request is declined and the guest has been told.`
            : `${booking.reference}: the guest is refunded in full and has been told.`,
        });
        onDone?.();
      }}
    />
  );
}

/**
 * Take Action on a pending booking: confirm the request (this dialog is the confirmation) or cancel it with a
 * reason. A card booking is confirmed by the guest's payment, never by an admin, so only cancelling is offered.
 */
export function TakeActionDialog({ booking, onDone }: { booking: ActionableBooking; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const action = useAdminBookingAction();

  function confirm() {
    mutateThen(
      action,
      { id: booking.id, kind: "confirm" },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: "Booking confirmed",
            description: `${booking.reference}: the stay is booked and the guest has been told.`,
          });
          onDone?.();
        },
        onError: (error) => {
          setOpen(false);
          toast({
            variant: "destructive",
            title: "Couldn't confirm the booking",
            description: serverMessageOf(error, "Please try again."),
          });
        },
      },
    );
  }

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => !action.isPending && setOpen(next)}
      contentClassName="max-w-lg"
      trigger={
        <Button size="sm">
          <Gavel aria-hidden="true" />
          Take Action
          <span className="sr-only"> on {booking.reference}</span>
        </Button>
      }
      title={<>Take action on {booking.reference}</>}
      description={<StaySummary booking={booking} />}
      footer={
        <>
          <AlertDialogCancel disabled={action.isPending}>Close</AlertDialogCancel>
          {booking.canCancel ? (
            <CancelBookingButton
              booking={booking}
              size="default"
              onDone={() => {
                setOpen(false);
                onDone?.();
              }}
            />
          ) : null}
          {booking.canConfirm ? (
            <Button onClick={confirm} disabled={action.isPending}>
              {action.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Check aria-hidden="true" />
              )}
              {action.isPending ? "Confirming…" : "Confirm booking"}
            </Button>
          ) : null}
        </>
      }
    >
      <p className="flex items-start gap-2 text-sm leading-relaxed text-muted-foreground [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
        {booking.awaitingPayment ? (
          <>
            <CreditCard aria-hidden="true" />
            <span>
              This is a card booking: it is confirmed by the guest's payment, not by an administrator. You can still
              cancel it, with a reason.
            </span>
          </>
        ) : booking.canConfirm ? (
          <span>
            Confirming books the stay for the guest, as the landlord accepting it would. Cancelling declines it. Either
            way the guest is told by e-mail.
          </span>
        ) : (
          <span>The check-in date has passed: this request can only be cancelled.</span>
        )}
      </p>
    </AlertDialogFrame>
  );
}
