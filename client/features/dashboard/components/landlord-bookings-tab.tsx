import type { TLandlordBooking } from "@common/schemas/bookings";
import { formatWeekdayDate } from "@common/utils/dates";
import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { EmptyList } from "@/components/ui/empty-list";
import { Fact } from "@/components/ui/fact";
import { formatInteger, formatPounds } from "@/lib/format";
import { LANDLORD_STATUS_CLASSES, LANDLORD_STATUS_LABELS, landlordStageOf } from "@/lib/landlord-booking-status";
import { useLandlordDashboardBookings } from "../api/landlord-dashboard-api";
import { PanelError } from "./panel-states";

/** The tab shows the newest bookings; All Bookings has every one, with filters and actions. */
export const BOOKINGS_TAB_COUNT = 10;

/** The Bookings tab: property title, guest name, check-in and check-out, guests, status and total. */
export function LandlordBookingsTab() {
  const bookings = useLandlordDashboardBookings();
  if (bookings.isPending) return <BookingsSkeleton />;
  if (bookings.isError) {
    return (
      <PanelError
        message="Failed to load bookings data"
        onRetry={() => void bookings.refetch()}
        retrying={bookings.isFetching}
      />
    );
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyList icon={CalendarDays} title="No bookings yet" titleAs="h2" size="panel">
        When a guest books or requests one of your properties, the stay appears here.
      </EmptyList>
    );
  }
  const shown = bookings.data.slice(0, BOOKINGS_TAB_COUNT);
  return (
    <section aria-labelledby="landlord-bookings-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="landlord-bookings-heading" className="font-display text-2xl font-medium tracking-tight">
            Latest bookings
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {shown.length < bookings.data.length
              ? `The newest ${formatInteger(shown.length)} of ${formatInteger(bookings.data.length)}.`
              : "Newest first."}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/landlord/bookings">View All Bookings</Link>
        </Button>
      </div>
      <ul className="mt-5 grid gap-4">
        {shown.map((booking) => (
          <BookingRow key={booking.id} booking={booking} />
        ))}
      </ul>
    </section>
  );
}

function BookingRow({ booking }: { booking: TLandlordBooking }) {
  const headingId = `landlord-dashboard-booking-${booking.id}`;
  const stage = landlordStageOf(booking);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-booking-reference={booking.reference}
        className="rounded-2xl border border-border bg-card p-5 shadow-soft"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-display text-lg leading-snug font-medium break-words">
              {booking.propertyTitle}
            </h3>
            <p className="mt-0.5 text-sm text-muted-foreground">
              Guest <span className="font-medium text-foreground">{booking.guestName}</span>
            </p>
          </div>
          <Badge className={LANDLORD_STATUS_CLASSES[stage]}>{LANDLORD_STATUS_LABELS[stage]}</Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
          <Fact term="Check-in">{formatWeekdayDate(booking.checkInDate)}</Fact>
          <Fact term="Check-out">{formatWeekdayDate(booking.checkOutDate)}</Fact>
          <Fact term="Guests">{formatInteger(booking.guests)}</Fact>
          <Fact term="Total">{formatPounds(booking.totalPrice)}</Fact>
        </dl>
      </article>
    </li>
  );
}

function BookingsSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading your bookings…</span>
      {[0, 1, 2].map((key) => (
        <CardSkeleton
          key={key}
          className="gap-4 rounded-2xl p-5"
          heading="h-5 w-1/2"
          line="h-4 w-1/3"
          facts={4}
          factsClassName="grid grid-cols-4 gap-4"
          factClassName="h-9"
        />
      ))}
    </div>
  );
}
