import type { TBooking, TGuestBooking } from "@common/schemas/bookings";
import { bookingReference } from "@common/schemas/bookings";
import { formatWeekdayDayMonthTime, formatWeekdayFullDate } from "@common/utils/dates";
import { CalendarCheck, CircleCheck, Clock, LayoutDashboard, ListChecks, XCircle } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { pluralize } from "@/lib/format";
import { PriceBreakdown, type PriceLines } from "./price-breakdown";
import { StepCard } from "./step-card";

const STATUS_LABELS = {
  pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;
const STATUS_BADGES = {
  pending: "warning",
  confirmed: "success",
  completed: "secondary",
  cancelled: "destructive",
} as const;

/** Step 4: what was booked, its reference, price and status, and where to go next. */
export function ConfirmationStep({
  booking,
  periodic,
  propertyTitle,
  price,
  focusOnMount,
}: {
  /** The guest's view of the booking when it could be read back, else the booking as created. */
  booking: TBooking | TGuestBooking;
  /** A periodic tenancy: its check-out only holds the calendar, so its move-in day and notice terms are shown. */
  periodic: boolean;
  propertyTitle: string;
  price: PriceLines;
  focusOnMount: boolean;
}) {
  const reference = "reference" in booking ? booking.reference : bookingReference(booking.id);
  const heading = {
    pending: "Booking request sent",
    confirmed: "Booking confirmed",
    completed: "Stay completed",
    cancelled: "Booking cancelled",
  }[booking.status];
  const Icon = booking.status === "cancelled" ? XCircle : booking.status === "pending" ? Clock : CircleCheck;

  return (
    <StepCard title="Confirmation" focusOnMount={focusOnMount}>
      <div className="flex flex-col gap-4 rounded-2xl bg-sand p-5 sm:flex-row sm:items-center sm:p-6">
        <span
          aria-hidden="true"
          className={
            booking.status === "cancelled"
              ? "flex size-12 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-destructive"
              : "flex size-12 shrink-0 items-center justify-center rounded-full bg-success-soft text-success"
          }
        >
          <Icon className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="font-display text-xl font-medium">{heading}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {booking.status === "pending" && periodic
              ? "The landlord has been asked to agree your tenancy. Nothing is paid before they do; save a card for the rent from My Bookings, and the first month's rent is taken from it once they agree."
              : booking.status === "pending"
                ? "The landlord has been asked to accept your stay. Their answer will show in My Bookings."
                : booking.status === "confirmed"
                  ? "Your nights are reserved. See you in London!"
                  : "You'll find this booking in My Bookings."}
          </p>
        </div>
      </div>

      <dl className="mt-6 grid gap-x-8 sm:grid-cols-2">
        <Fact term="Booking reference">
          <span className="font-mono text-base font-semibold tracking-wide">{reference}</span>
        </Fact>
        <Fact term="Status">
          <Badge variant={STATUS_BADGES[booking.status]}>
            {/* A tenancy asked for waits on the landlord, not on a payment. */}
            {periodic && booking.status === "pending" ? "Awaiting Landlord" : STATUS_LABELS[booking.status]}
          </Badge>
        </Fact>
        <Fact term="Property">{propertyTitle}</Fact>
        <Fact term="Guests">{pluralize(booking.guestCount, "guest")}</Fact>
        {periodic ? (
          <>
            <Fact term="Move-in">{formatWeekdayFullDate(booking.checkIn)}</Fact>
            <Fact term="Ends">On two months' notice from you</Fact>
          </>
        ) : (
          <>
            <Fact term="Check-in">{formatWeekdayFullDate(booking.checkIn)}</Fact>
            <Fact term="Check-out">{formatWeekdayFullDate(booking.checkOut)}</Fact>
            <Fact term="Nights">{pluralize(booking.nights, "night")}</Fact>
          </>
        )}
        {booking.status === "pending" && booking.holdExpiresAt ? (
          <Fact term="Landlord answers by">{formatWeekdayDayMonthTime(booking.holdExpiresAt)}</Fact>
        ) : null}
      </dl>

      <section aria-labelledby="confirmation-price-heading" className="mt-6 rounded-2xl border border-border p-5">
        <h3 id="confirmation-price-heading" className="text-sm font-semibold">
          Price breakdown
        </h3>
        <PriceBreakdown lines={price} className="mt-3" />
      </section>

      <div className="mt-8 flex flex-col gap-3 border-t border-border pt-6 sm:flex-row">
        <LinkButton to="/bookings" icon={ListChecks} size="lg">
          View My Bookings
        </LinkButton>
        <LinkButton to="/dashboard" icon={LayoutDashboard} size="lg" variant="outline">
          Go to Dashboard
        </LinkButton>
      </div>
      <p className="mt-5 flex items-center gap-2 text-xs text-muted-foreground">
        <CalendarCheck aria-hidden="true" className="size-3.5" />
        Quote your booking reference {reference} if you contact us about this stay.
      </p>
    </StepCard>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-border py-3 text-sm">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}
