import { GUIDANCE_NOTE, STAY_MODE_LABELS } from "@common/domain/stay-modes";
import type { TLandlordBooking } from "@common/schemas/bookings";
import { formatDateTime, formatWeekdayDate } from "@common/utils/dates";
import { Check, CircleCheck, Clock, Loader2, MapPin, ScrollText, Undo2, UserRound, X } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { MessageGuestLink } from "@/components/messages/message-guest-link";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { StatusLine, StayFacts } from "@/components/ui/fact";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds, toAmount } from "@/lib/format";
import { LANDLORD_STATUS_CLASSES, LANDLORD_STATUS_LABELS, landlordStageOf } from "@/lib/landlord-booking-status";
import { mutateThen } from "@/lib/mutation";
import { type LandlordBookingAction, useLandlordBookingAction } from "../api/landlord-bookings-api";
import { landlordCancellationText } from "../utils/landlord-bookings-rules";

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

/** One booking of the landlord's properties, with what can be done next. */
export function LandlordBookingCard({ booking }: { booking: TLandlordBooking }) {
  const change = useLandlordBookingAction();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [declineOpen, setDeclineOpen] = useState(false);
  const headingId = `landlord-booking-${booking.id}-title`;
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

  const location = [booking.propertyAddress, booking.propertyCity].filter(Boolean).join(", ") || "London";
  const showActions = booking.canAccept || booking.canDecline || booking.canCancel;
  const stage = landlordStageOf(booking);

  return (
    <article
      aria-labelledby={headingId}
      data-booking-reference={booking.reference}
      className="rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-xl leading-snug font-medium">
            {booking.propertyTitle}
          </h3>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-brass-700" />
            <span>{location}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {booking.stayMode ? <Badge variant="outline">{STAY_MODE_LABELS[booking.stayMode]}</Badge> : null}
          <Badge className={LANDLORD_STATUS_CLASSES[stage]}>{LANDLORD_STATUS_LABELS[stage]}</Badge>
        </div>
      </div>

      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <UserRound aria-hidden="true" className="size-3.5 text-brass-700" />
          {/* The guest's name rather than an id: it says who it is. The dot is only visual. */}
          <span>
            Guest <span className="font-medium text-foreground">{booking.guestName}</span>{" "}
            <span aria-hidden="true">·</span> ID{" "}
            <span className="font-medium text-foreground tabular-nums">{booking.guestId}</span>
          </span>
        </span>
        <span>
          Ref <span className="font-mono font-medium text-foreground">{booking.reference}</span>
        </span>
        <span>
          Booking <span className="font-medium text-foreground tabular-nums">#{booking.id}</span>
        </span>
      </p>

      <StayFacts
        checkIn={booking.checkInDate}
        checkOut={booking.checkOutDate}
        nights={booking.nights}
        guests={booking.guests}
        amount={booking.totalPrice}
      />

      <StatusNote booking={booking} />

      {booking.tenancyReminders.length > 0 ? <TenancyDuties booking={booking} /> : null}

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-border pt-4">
        <Button asChild variant="outline" size="sm">
          <Link to={`/properties/${booking.propertyId}`}>
            View Property
            <span className="sr-only">: {booking.propertyTitle}</span>
          </Link>
        </Button>
        {booking.canMessage ? <MessageGuestLink booking={booking} /> : null}
        {showActions ? <span aria-hidden="true" className="hidden flex-1 sm:block" /> : null}
        {booking.status === "pending" && (booking.canDecline || booking.canAccept) ? (
          <div className="flex flex-wrap gap-3">
            {booking.canDecline ? (
              <AlertDialog open={declineOpen} onOpenChange={(next) => !change.isPending && setDeclineOpen(next)}>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" size="sm" disabled={change.isPending}>
                    <X aria-hidden="true" />
                    Decline
                    <span className="sr-only"> request {booking.reference}</span>
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent className="max-w-lg">
                  <AlertDialogHeader>
                    <AlertDialogTitle>Decline request {booking.reference}?</AlertDialogTitle>
                    <AlertDialogDescription>
                      <StayLine booking={booking} />
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <p className="text-sm leading-relaxed text-muted-foreground">
                    The guest is told the request was declined and nothing is charged. The nights become free again for
                    other guests. This can't be undone.
                  </p>
                  <AlertDialogFooter>
                    <AlertDialogCancel disabled={change.isPending}>Keep Request</AlertDialogCancel>
                    <Button variant="destructive" onClick={() => run("decline")} disabled={change.isPending}>
                      {running === "decline" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                      Decline request
                    </Button>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            ) : null}
            {booking.canAccept ? (
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
        {booking.canCancel ? (
          <AlertDialog open={cancelOpen} onOpenChange={(next) => !change.isPending && setCancelOpen(next)}>
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm">
                Cancel booking
                <span className="sr-only"> {booking.reference}</span>
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent className="max-w-lg">
              <AlertDialogHeader>
                <AlertDialogTitle>Cancel booking {booking.reference}?</AlertDialogTitle>
                <AlertDialogDescription>
                  <StayLine booking={booking} />
                </AlertDialogDescription>
              </AlertDialogHeader>
              <p className="text-sm leading-relaxed text-muted-foreground">
                When a landlord cancels, the guest gets a full refund of{" "}
                <span className="font-semibold text-foreground">{formatPounds(booking.totalPrice)}</span> and the nights
                become free again. This can't be undone.
              </p>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={change.isPending}>Keep Booking</AlertDialogCancel>
                <Button variant="destructive" onClick={() => run("cancel")} disabled={change.isPending}>
                  {running === "cancel" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                  Cancel and refund in full
                </Button>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        ) : null}
      </div>
    </article>
  );
}

/** A tenancy's legal duties for the landlord, each with the last day to act and where the rule comes from. */
function TenancyDuties({ booking }: { booking: TLandlordBooking }) {
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
              {reminder.dueOn ? (
                <>
                  {" "}
                  by <time dateTime={reminder.dueOn}>{formatWeekdayDate(reminder.dueOn)}</time>
                </>
              ) : (
                <span className="font-normal text-muted-foreground"> · dated once the tenancy is confirmed</span>
              )}
            </p>
            <p className="text-muted-foreground">{reminder.text}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">Source: {reminder.source}</p>
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

/** One line on where the booking stands: when a request lapses, what a cancellation refunded. */
function StatusNote({ booking }: { booking: TLandlordBooking }) {
  let icon: React.ReactNode = null;
  let text: string | null = null;
  if (booking.status === "pending") {
    icon = <Clock aria-hidden="true" />;
    const until = booking.holdExpiresAt ? formatDateTime(booking.holdExpiresAt) : null;
    if (booking.awaitingPayment) {
      text = until
        ? `The guest has not paid yet: the hold on these nights lapses on ${until}.`
        : "The guest has not paid yet.";
    } else if (!booking.canAccept) {
      // A request the server will not let the landlord accept: its check-in day has passed.
      text = "The check-in date has passed: this request can only be declined.";
    } else {
      text = until ? `Awaiting your answer: the request lapses on ${until}.` : "Awaiting your answer.";
    }
  } else if (booking.status === "confirmed") {
    icon = <CircleCheck aria-hidden="true" />;
    text = "Confirmed stay.";
  } else if (booking.status === "cancelled" && booking.cancellation) {
    icon = <Undo2 aria-hidden="true" />;
    const refund = toAmount(booking.cancellation.refundAmount);
    text = `${landlordCancellationText(booking.cancellation.cancelledBy)}. ${
      refund > 0 ? `Refunded to the guest: ${formatPounds(refund)}.` : "No refund was due."
    }`;
  }
  if (!text) return null;
  return <StatusLine icon={icon}>{text}</StatusLine>;
}

export function LandlordBookingCardSkeleton() {
  return (
    <div className="grid gap-4 rounded-3xl border border-border bg-card p-6">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-56" />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
      <Skeleton className="h-9 w-36 rounded-full" />
    </div>
  );
}
