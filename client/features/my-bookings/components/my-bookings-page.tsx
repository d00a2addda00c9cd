import type { TGuestBooking } from "@common/schemas/bookings";
import { CalendarCheck, CalendarDays, PoundSterling, Search } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInteger, formatPounds } from "@/lib/format";
import { summariseBookings } from "../utils/my-bookings-rules";
import { BookingCard, BookingCardSkeleton, type ReviewActionRenderer } from "./booking-card";

type BookingsState =
  | { status: "loading" }
  | { status: "error"; retry: () => void; retrying: boolean }
  | { status: "ready"; bookings: TGuestBooking[] };

/** My Bookings (spec 1 §2): summary cards, then one card per booking, newest first. */
export function MyBookingsPage({
  state,
  renderReviewAction,
}: {
  state: BookingsState;
  /** The review button for completed stays (from the reviews feature; the route passes it in). */
  renderReviewAction?: ReviewActionRenderer;
}) {
  return (
    <>
      <section className="border-b border-border bg-sand">
        <div className="container-page flex flex-col gap-5 py-10 sm:flex-row sm:items-end sm:justify-between sm:py-14">
          <div>
            <p className="eyebrow">Your stays</p>
            <h1 className="mt-3 font-display text-4xl font-medium tracking-tight sm:text-5xl">My Bookings</h1>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              Every stay you've booked or requested, with its dates, price and what happens next.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/properties">
              <Search aria-hidden="true" />
              Browse properties
            </Link>
          </Button>
        </div>
      </section>

      <div className="container-page py-10 sm:py-12">
        {state.status === "loading" ? <BookingsSkeleton /> : null}
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
          <BookingsList bookings={state.bookings} renderReviewAction={renderReviewAction} />
        ) : null}
      </div>
    </>
  );
}

function BookingsList({
  bookings,
  renderReviewAction,
}: {
  bookings: TGuestBooking[];
  renderReviewAction?: ReviewActionRenderer | undefined;
}) {
  const stats = summariseBookings(bookings);
  return (
    <>
      <section aria-labelledby="booking-stats-heading">
        <h2 id="booking-stats-heading" className="sr-only">
          Summary
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatCard icon={CalendarDays} label="Total Bookings" value={formatInteger(stats.total)} />
          <StatCard
            icon={CalendarCheck}
            label="Active Bookings"
            value={formatInteger(stats.active)}
            hint="Confirmed or pending"
          />
          <StatCard
            icon={PoundSterling}
            label="Total Spent"
            value={formatPounds(stats.spent)}
            hint="Cancelled bookings are not counted"
          />
        </ul>
      </section>

      <section aria-labelledby="booking-list-heading" className="mt-12">
        <h2 id="booking-list-heading" className="font-display text-2xl font-medium">
          Your bookings
        </h2>
        {bookings.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-3xl border border-dashed border-input bg-card px-6 py-16 text-center">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-brass-100 text-brass-700"
            >
              <CalendarDays className="size-7" />
            </span>
            <p className="mt-5 font-display text-2xl font-medium">No bookings yet</p>
            <p className="mt-2 max-w-md text-muted-foreground">
              When you book a stay it will appear here, with its dates, price and reference.
            </p>
            <Button asChild size="lg" className="mt-7">
              <Link to="/properties">Book New Property</Link>
            </Button>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6">
            {bookings.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} renderReviewAction={renderReviewAction} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: React.ElementType;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft sm:block sm:p-5">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brass-700 sm:hidden" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <Icon aria-hidden="true" className="hidden size-5 text-brass-700 sm:block" />
        </div>
        {hint ? <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">{hint}</p> : null}
      </div>
      <p className="font-display text-2xl font-medium tabular-nums sm:mt-3 sm:text-3xl">{value}</p>
      {hint ? <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{hint}</p> : null}
    </li>
  );
}

function BookingsSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading your bookings…
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
          <Skeleton key={i} className="h-32 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="mt-12 h-7 w-48" />
      <div className="mt-6 grid gap-6">
        <BookingCardSkeleton />
        <BookingCardSkeleton />
      </div>
    </div>
  );
}
