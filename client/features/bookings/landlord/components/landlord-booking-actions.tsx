import { GUIDANCE_NOTE } from "@common/domain/stay-modes";
import type { TLandlordBooking } from "@common/schemas/bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { Check, Loader2, ScrollText, X } from "lucide-react";
import { useState } from "react";
import { AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { BookingView } from "@/features/bookings/booking-view";
import { RecordRightToRentForm, ReminderWhen } from "@/features/bookings/components/right-to-rent";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds } from "@/lib/format";
import { mutateThen } from "@/lib/mutation";
import { type LandlordBookingAction, useLandlordBookingAction } from "../api/landlord-bookings-api";

const SUCCESS_TEXT: Record<LandlordBookingAction, { title: string; text: string }> = {
  accept: { title: "Booking accepted", text: "the stay is confirmed." },
  decline: { title: "Request declined", text: "the nights are free again." },
  cancel: { title: "Booking cancelled", text: "the guest gets a full refund and the nights are free again." },
};
const FAILURE_TITLES: Record<LandlordBookingAction, string> = {
  accept: "Couldn't accept the request",
  decline: "Couldn't decline the request",
  cancel: "Couldn't cancel the booking",
};

/**
 * What a landlord can do to a booking of their properties, after the card's own links: answer a request (decline
 * asks first, since it cannot be undone) or cancel a confirmed stay with a full refund.
 */
export function LandlordBookingActions({ booking, view }: { booking: TLandlordBooking; view: BookingView }) {
  const change = useLandlordBookingAction();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [declineOpen, setDeclineOpen] = useState(false);
  const running = change.isPending ? change.variables.action : null;

  function run(action: LandlordBookingAction) {
    mutateThen(
      change,
      { id: booking.id, action },
      {
        onSuccess: () => {
          setCancelOpen(false);
          setDeclineOpen(false);
          toast({
            title: SUCCESS_TEXT[action].title,
            description: `${booking.reference}: ${SUCCESS_TEXT[action].text}`,
          });
        },
        onError: (error) => {
          setCancelOpen(false);
          setDeclineOpen(false);
          toast({
            variant: "destructive",
            title: FAILURE_TITLES[action],
            description: serverMessageOf(error, "Please try again."),
          });
        },
      },
    );
  }

  const canAccept = view.actions.includes("accept");
  const canDecline = view.actions.includes("decline");
  const canCancel = view.actions.includes("cancel");

  return (
    <>
      {canAccept || canDecline || canCancel ? <span aria-hidden="true" className="hidden flex-1 sm:block" /> : null}
      {canDecline || canAccept ? (
        <div className="flex flex-wrap gap-3">
          {canDecline ? (
            <AlertDialogFrame
              open={declineOpen}
              onOpenChange={(next) => !change.isPending && setDeclineOpen(next)}
              contentClassName="max-w-lg"
              trigger={
                <Button variant="outline" size="sm" disabled={change.isPending}>
                  <X aria-hidden="true" />
                  Decline
                  <span className="sr-only"> request {booking.reference}</span>
                </Button>
              }
              title={<>Decline request {booking.reference}?</>}
              description={<StayLine booking={booking} />}
              footer={
                <>
                  <AlertDialogCancel disabled={change.isPending}>Keep Request</AlertDialogCancel>
                  <Button variant="destructive" onClick={() => run("decline")} disabled={change.isPending}>
                    {running === "decline" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                    Decline request
                  </Button>
                </>
              }
            >
              <p className="text-sm leading-relaxed text-muted-foreground">
                The guest is told the request was declined and nothing is charged. The nights become free again for
                other guests. This can't be undone.
              </p>
            </AlertDialogFrame>
          ) : null}
          {canAccept ? (
            <Button size="sm" onClick={() => run("accept")} disabled={change.isPending}>
              {running === "accept" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Check aria-hidden="true" />
              )}
              Accept
              <span className="sr-only"> request {booking.reference}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
      {canCancel ? (
        <AlertDialogFrame
          open={cancelOpen}
          onOpenChange={(next) => !change.isPending && setCancelOpen(next)}
          contentClassName="max-w-lg"
          trigger={
            <Button variant="outline" size="sm">
              Cancel booking
              <span className="sr-only"> {booking.reference}</span>
            </Button>
          }
          title={<>Cancel booking {booking.reference}?</>}
          description={<StayLine booking={booking} />}
          footer={
            <>
              <AlertDialogCancel disabled={change.isPending}>Keep Booking</AlertDialogCancel>
              <Button variant="destructive" onClick={() => run("cancel")} disabled={change.isPending}>
                {running === "cancel" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                Cancel and refund in full
              </Button>
            </>
          }
        >
          <p className="text-sm leading-relaxed text-muted-foreground">
            When a landlord cancels, the guest gets a full refund of{" "}
            <span className="font-semibold text-foreground">{formatPounds(booking.totalPrice)}</span> and the nights
            become free again. This can't be undone.
          </p>
        </AlertDialogFrame>
      ) : null}
    </>
  );
}

/** A tenancy's legal duties for the landlord, each with the last day to act and where the rule comes from. */
export function TenancyDuties({ booking }: { booking: TLandlordBooking }) {
  const headingId = `landlord-booking-${booking.id}-duties`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-brass-300 bg-brass-100/40 p-4">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <ScrollText aria-hidden="true" className="size-4 text-brass-700" />
        Your duties for this tenancy
      </h4>
      <ul className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        {booking.tenancyReminders.map((reminder) => (
          <li key={reminder.kind} className="leading-relaxed">
            <p className="font-medium">
              {reminder.title}
              <ReminderWhen reminder={reminder} />
            </p>
            <p className="text-muted-foreground">{reminder.text}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">Source: {reminder.source}</p>
            {reminder.kind === "right_to_rent" ? (
              <RecordRightToRentForm bookingId={booking.id} reminder={reminder} />
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">{GUIDANCE_NOTE}</p>
    </section>
  );
}

/** The stay a confirmation asks about: property, dates and guest. */
function StayLine({ booking }: { booking: TLandlordBooking }) {
  return (
    <>
      {booking.propertyTitle} · {formatWeekdayDate(booking.checkInDate)} to {formatWeekdayDate(booking.checkOutDate)} ·{" "}
      {booking.guestName}
    </>
  );
}
