import type { TGuestBooking } from "@common/schemas/bookings";
import { CalendarCheck, CalendarDays, PoundSterling, Search } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { LinkButton } from "@/components/ui/link-button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { SummaryPageSkeleton, SummaryStatsSection } from "@/components/ui/summary-stat";
import { guestBookingView } from "@/features/bookings/booking-view";
import { BookingCard, BookingCardSkeleton } from "@/features/bookings/components/booking-card";
import { DepositProtectionStatus } from "@/features/bookings/components/deposit-protection";
import { TenancyPanel } from "@/features/bookings/tenancy/components/tenancy-panel";
import { formatInteger, formatPounds } from "@/lib/format";
import { TenantRightsPanel } from "../../tenancy/components/tenant-rights-panel";
import { summariseBookings } from "../utils/my-bookings-rules";
import { CancelBookingDialog } from "./cancel-booking-dialog";

export type ReviewActionRenderer = (booking: TGuestBooking) => React.ReactNode;

/**
 * What other features add to a booking card (the route hands them in): a block under the stay's status (the
 * problems reported from it) and a button beside the others (Report a problem).
 */
export type StayExtras = {
  status?: (booking: TGuestBooking) => React.ReactNode;
  action?: (booking: TGuestBooking) => React.ReactNode;
};

type BookingsState =
  | { status: "loading" }
  | { status: "error"; retry: () => void; retrying: boolean }
  | { status: "ready"; bookings: TGuestBooking[] };

/** My Bookings: summary cards, then one card per booking, newest first. */
export function MyBookingsPage({
  state,
  renderReviewAction,
  extras,
}: {
  state: BookingsState;
  /** The review button for completed stays (from the reviews feature; the route passes it in). */
  renderReviewAction?: ReviewActionRenderer;
  /** Problems reported from a stay and Report a problem (from the maintenance feature). */
  extras?: StayExtras;
}) {
  return (
    <AccountPage
      eyebrow="Your stays"
      title="My Bookings"
      intro={<p>Every stay you've booked or requested, with its dates, price and what happens next.</p>}
      actions={
        <LinkButton to="/properties" icon={Search} variant="outline">
          Browse properties
        </LinkButton>
      }
    >
      {state.status === "loading" ? (
        <SummaryPageSkeleton
          label="Loading your bookings…"
          count={3}
          gridClassName="sm:grid-cols-3"
          card={<BookingCardSkeleton variant="guest" />}
        />
      ) : null}
      {state.status === "error" ? (
        <LoadErrorAlert
          title="Error loading your bookings"
          onRetry={state.retry}
          retryLabel="Retry"
          retrying={state.retrying}
          announce
        />
      ) : null}
      {state.status === "ready" ? (
        <BookingsList bookings={state.bookings} renderReviewAction={renderReviewAction} extras={extras} />
      ) : null}
    </AccountPage>
  );
}

function BookingsList({
  bookings,
  renderReviewAction,
  extras,
}: {
  bookings: TGuestBooking[];
  renderReviewAction?: ReviewActionRenderer | undefined;
  extras?: StayExtras | undefined;
}) {
  const stats = summariseBookings(bookings);
  return (
    <>
      <SummaryStatsSection
        headingId="booking-stats-heading"
        heading="Summary"
        gridClassName="grid gap-4 sm:grid-cols-3"
        figures={[
          { icon: CalendarDays, label: "Total Bookings", value: formatInteger(stats.total) },
          {
            icon: CalendarCheck,
            label: "Active Bookings",
            value: formatInteger(stats.active),
            hint: "Confirmed or pending",
          },
          {
            icon: PoundSterling,
            label: "Total Spent",
            value: formatPounds(stats.spent),
            hint: "Cancelled bookings are not counted",
          },
        ]}
      />

      <section aria-labelledby="booking-list-heading" className="mt-12">
        <h2 id="booking-list-heading" className="font-display text-2xl font-medium">
          Your bookings
        </h2>
        {bookings.length === 0 ? (
          <EmptyList
            icon={CalendarDays}
            title="No bookings yet"
            className="mt-6"
            action={
              <Button asChild size="lg">
                <Link to="/properties">Book New Property</Link>
              </Button>
            }
          >
            When you book a stay it will appear here, with its dates, price and reference.
          </EmptyList>
        ) : (
          <ul className="mt-6 grid gap-6">
            {bookings.map((booking) => (
              <li key={booking.id}>
                <GuestBookingCard booking={booking} renderReviewAction={renderReviewAction} extras={extras} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** One booking on My Bookings, with what the guest can do next: the guest's own dialogs, then the other features'. */
function GuestBookingCard({
  booking,
  renderReviewAction,
  extras,
}: {
  booking: TGuestBooking;
  renderReviewAction?: ReviewActionRenderer | undefined;
  extras?: StayExtras | undefined;
}) {
  const view = guestBookingView(booking);
  return (
    <BookingCard
      variant="guest"
      view={view}
      actions={
        <>
          {view.actions.includes("manage") ? <CancelBookingDialog booking={booking} mode="manage" /> : null}
          {view.actions.includes("withdraw") ? <CancelBookingDialog booking={booking} mode="withdraw" /> : null}
          {view.actions.includes("review") ? (renderReviewAction?.(booking) ?? null) : null}
          {extras?.action?.(booking) ?? null}
        </>
      }
    >
      {booking.depositProtection ? (
        <DepositProtectionStatus bookingId={booking.id} deposit={booking.depositProtection} />
      ) : null}
      {extras?.status?.(booking) ?? null}
      {booking.stayMode === "tenancy" && booking.status !== "cancelled" ? (
        <TenancyPanel bookingId={booking.id} side="tenant" />
      ) : null}
      {booking.stayMode === "tenancy" ? <TenantRightsPanel bookingId={booking.id} /> : null}
    </BookingCard>
  );
}
