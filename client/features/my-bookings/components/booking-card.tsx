import type { TGuestBooking } from "@common/schemas/bookings";
import { formatDateTime, formatWeekdayDate } from "@common/utils/dates";
import { ArrowRight, CalendarClock, CircleCheck, Clock, CreditCard, MapPin, Star, Undo2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Fact, StatusLine } from "@/components/ui/fact";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPounds, pluralize } from "@/lib/format";
import { bookingAction, cancellationText, STATUS_BADGE_VARIANTS, STATUS_LABELS } from "../utils/my-bookings-rules";
import { CancelBookingDialog } from "./cancel-booking-dialog";

const PLACEHOLDER = "/images/property-placeholder.webp";

export type ReviewActionRenderer = (booking: TGuestBooking) => React.ReactNode;

/**
 * What other features add to a booking card (the route hands them in): a block under the stay's status (the
 * problems reported from it) and a button beside the others (Report a problem).
 */
export type StayExtras = {
  status?: (booking: TGuestBooking) => React.ReactNode;
  action?: (booking: TGuestBooking) => React.ReactNode;
};

/** One booking on My Bookings, with what the guest can do next. */
export function BookingCard({
  booking,
  renderReviewAction,
  extras,
}: {
  booking: TGuestBooking;
  renderReviewAction?: ReviewActionRenderer | undefined;
  extras?: StayExtras | undefined;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = !imageFailed && booking.property.images[0] ? booking.property.images[0] : PLACEHOLDER;
  const action = bookingAction(booking);
  const headingId = `booking-${booking.id}-title`;

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-3xl border border-border bg-card shadow-soft sm:grid sm:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]"
    >
      <div className="relative aspect-[16/9] bg-secondary sm:aspect-auto">
        <img
          src={image}
          alt=""
          width={544}
          height={408}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      </div>

      <div className="flex min-w-0 flex-col p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-display text-xl leading-snug font-medium">
              {booking.property.title}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-3.5 text-brass-700" />
                {booking.property.city || "London"}
              </span>
              <span>
                Ref <span className="font-mono font-medium text-foreground">{booking.reference}</span>
              </span>
            </p>
          </div>
          <Badge variant={STATUS_BADGE_VARIANTS[booking.status]}>{STATUS_LABELS[booking.status]}</Badge>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 xl:grid-cols-5">
          <Fact term="Check-in">{formatWeekdayDate(booking.checkIn)}</Fact>
          <Fact term="Check-out">{formatWeekdayDate(booking.checkOut)}</Fact>
          <Fact term="Nights">{pluralize(booking.nights, "night")}</Fact>
          <Fact term="Guests">{pluralize(booking.guestCount, "guest")}</Fact>
          <Fact term="Total">
            <span className="font-display text-lg">{formatPounds(booking.totalPrice)}</span>
          </Fact>
        </dl>

        <StatusNote booking={booking} />
        {extras?.status?.(booking) ?? null}

        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <Button asChild variant="outline" size="sm">
            <Link to={`/property/${booking.propertyId}`}>
              View Property
              <span className="sr-only">: {booking.property.title}</span>
            </Link>
          </Button>
          {action === "manage" ? <CancelBookingDialog booking={booking} mode="manage" /> : null}
          {action === "withdraw" ? <CancelBookingDialog booking={booking} mode="withdraw" /> : null}
          {action === "complete-payment" ? (
            <Button asChild size="sm">
              <Link to={`/booking/${booking.propertyId}?booking=${booking.id}`}>
                <CreditCard aria-hidden="true" />
                Complete Payment
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          {action === "review" ? (renderReviewAction?.(booking) ?? null) : null}
          {extras?.action?.(booking) ?? null}
        </div>
      </div>
    </article>
  );
}

/** One line on where the booking stands: the hold, the refund given, the review. */
function StatusNote({ booking }: { booking: TGuestBooking }) {
  let icon: React.ReactNode = null;
  let text: React.ReactNode = null;
  if (booking.status === "pending") {
    icon = booking.canPay ? <CreditCard aria-hidden="true" /> : <Clock aria-hidden="true" />;
    const until = booking.holdExpiresAt ? formatDateTime(booking.holdExpiresAt) : null;
    text = booking.canPay
      ? `Pay${until ? ` by ${until}` : ""} to keep these dates.`
      : `Awaiting the landlord's answer${until ? `: the request is held until ${until}` : ""}.`;
  } else if (booking.status === "confirmed") {
    icon = <CircleCheck aria-hidden="true" />;
    text = "Your stay is confirmed.";
  } else if (booking.status === "cancelled" && booking.cancellation) {
    icon = <Undo2 aria-hidden="true" />;
    const refund = Number.parseFloat(booking.cancellation.refundAmount);
    text = `${cancellationText(booking.cancellation.cancelledBy)} on ${formatDateTime(booking.cancellation.cancelledAt)}. ${
      refund > 0 ? `Refund: ${formatPounds(refund)}.` : "Refund: £0 (nothing to refund)."
    }`;
  } else if (booking.status === "completed") {
    icon = booking.review ? <Star aria-hidden="true" /> : <CalendarClock aria-hidden="true" />;
    text = booking.review
      ? `You rated this stay ${booking.review.rating} out of 5.`
      : booking.canReview
        ? "How was your stay? Your review helps other guests."
        : "Stay completed.";
  }
  if (!text) return null;
  return <StatusLine icon={icon}>{text}</StatusLine>;
}

export function BookingCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl border border-border bg-card sm:grid sm:grid-cols-[14rem_1fr] lg:grid-cols-[17rem_1fr]">
      <Skeleton className="aspect-[16/9] rounded-none sm:aspect-auto sm:h-full" />
      <div className="grid gap-4 p-6">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-40" />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
        <Skeleton className="h-9 w-36 rounded-full" />
      </div>
    </div>
  );
}
