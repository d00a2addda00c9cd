import type { TAdminBooking } from "@common/schemas/admin-bookings";
import { Building2, Clock, CreditCard, Mail, MapPin } from "lucide-react";
import { StatusLine, StayFacts } from "@/components/ui/fact";
import { Skeleton } from "@/components/ui/skeleton";
import { BookingDetailsDialog } from "./booking-details-dialog";
import { BookingStatusBadge } from "./booking-status-badge";
import { TakeActionDialog } from "./take-action-dialog";

/** Where a pending booking waits, in one line; nothing for the others (the badge says it). */
function PendingNote({ booking }: { booking: TAdminBooking }) {
  if (booking.status !== "pending") return null;
  if (booking.awaitingPayment) {
    return <StatusLine icon={<CreditCard aria-hidden="true" />}>Waiting for the guest's card payment.</StatusLine>;
  }
  return (
    <StatusLine icon={<Clock aria-hidden="true" />}>
      {booking.canConfirm
        ? "A request waiting for the landlord's answer."
        : "The check-in date has passed: this request can only be cancelled."}
    </StatusLine>
  );
}

/** One booking on Booking Oversight: the guest's name and e-mail, dates, guests and amount. */
export function AdminBookingCard({ booking }: { booking: TAdminBooking }) {
  const headingId = `admin-booking-${booking.id}-guest`;
  return (
    <article
      aria-labelledby={headingId}
      data-booking-reference={booking.reference}
      className="rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-xl leading-snug font-medium break-words">
            {booking.guestName}
          </h3>
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <Mail aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
            <span className="break-all">{booking.guestEmail}</span>
          </p>
        </div>
        <BookingStatusBadge booking={booking} />
      </div>

      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="flex min-w-0 items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
          <span className="font-medium text-foreground">{booking.propertyTitle}</span>
        </span>
        <span className="flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
          {booking.propertyCity}
        </span>
        <span>
          Ref <span className="font-mono font-medium text-foreground">{booking.reference}</span>
        </span>
      </p>

      <StayFacts
        checkIn={booking.checkIn}
        checkOut={booking.checkOut}
        nights={booking.nights}
        guests={booking.guests}
        amount={booking.totalAmount}
        amountLabel="Amount"
      />

      <PendingNote booking={booking} />

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-border pt-4">
        <BookingDetailsDialog booking={booking} />
        {booking.status === "pending" && (booking.canConfirm || booking.canCancel) ? (
          <div className="sm:ml-auto">
            <TakeActionDialog booking={booking} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

export function AdminBookingCardSkeleton() {
  return (
    <div className="grid gap-4 rounded-3xl border border-border bg-card p-6">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-64" />
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
