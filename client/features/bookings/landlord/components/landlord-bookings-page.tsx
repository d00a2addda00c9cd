import type { TLandlordBooking } from "@common/schemas/bookings";
import { CalendarCheck, CalendarDays, Hourglass, LayoutDashboard, MoonStar, PoundSterling } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SummaryPageSkeleton, SummaryStatsSection } from "@/components/ui/summary-stat";
import { landlordBookingView } from "@/features/bookings/booking-view";
import { BookingCard, BookingCardSkeleton } from "@/features/bookings/components/booking-card";
import { TenancyPanel } from "@/features/bookings/tenancy/components/tenancy-panel";
import { formatInteger, formatPounds, toIsoDate } from "@/lib/format";
import { LANDLORD_STATUS_LABELS } from "@/lib/landlord-booking-status";
import type { QueryPageState } from "@/lib/query-state";
import { cn } from "@/lib/utils";
import { LandlordRightsPanel } from "../../tenancy/components/landlord-rights-panel";
import {
  filterLandlordBookings,
  type LandlordBookingFilter,
  offeredLandlordFilters,
  summariseLandlordBookings,
} from "../utils/landlord-bookings-rules";
import { LandlordBookingActions, TenancyDuties } from "./landlord-booking-actions";
import { LandlordStayFacts } from "./landlord-stay-facts";

/** A long list shows this many at a time. */
const PAGE_SIZE = 20;

/** Landlord All Bookings: five stat cards, then every booking of the landlord's properties. */
export function LandlordBookingsPage({ state }: { state: QueryPageState<TLandlordBooking[]> }) {
  return (
    <AccountPage
      eyebrow="Your properties"
      title="All Bookings"
      intro={<p>Every stay booked or requested at your properties. Answer new requests before they lapse.</p>}
      actions={
        <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
          Dashboard
        </LinkButton>
      }
    >
      <QueryStateView
        state={state}
        errorTitle="Failed to load bookings data"
        loading={
          <SummaryPageSkeleton
            label="Loading your bookings…"
            count={5}
            gridClassName="sm:grid-cols-2 lg:grid-cols-5"
            card={<BookingCardSkeleton variant="landlord" />}
          />
        }
      >
        {(bookings) => <LandlordBookingsList bookings={bookings} />}
      </QueryStateView>
    </AccountPage>
  );
}

function LandlordBookingsList({ bookings }: { bookings: TLandlordBooking[] }) {
  const stats = summariseLandlordBookings(bookings, toIsoDate(new Date()));
  return (
    <>
      <SummaryStatsSection
        headingId="landlord-booking-stats-heading"
        heading="Summary"
        gridClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        figures={[
          { icon: CalendarDays, label: "Total Bookings", value: formatInteger(stats.total), hint: "All statuses" },
          {
            icon: Hourglass,
            label: "Needs Approval",
            value: formatInteger(stats.needsApproval),
            hint: "Requests awaiting your answer",
          },
          {
            icon: CalendarCheck,
            label: "Upcoming Stays",
            value: formatInteger(stats.upcoming),
            hint: "Confirmed, checking in from today",
          },
          {
            icon: PoundSterling,
            label: "Booked Revenue",
            value: formatPounds(stats.revenue),
            hint: "Confirmed and completed, less guest fees; tenancy rent for the nights booked",
          },
          {
            icon: MoonStar,
            label: "Nights Booked",
            value: formatInteger(stats.nightsBooked),
            hint: "Confirmed and completed; tenancies to the rent month due or notice end",
          },
        ]}
      />

      <section aria-labelledby="landlord-booking-list-heading" className="mt-12">
        <h2 id="landlord-booking-list-heading" className="font-display text-2xl font-medium">
          Bookings
        </h2>
        {bookings.length === 0 ? (
          <EmptyList
            className="mt-6"
            icon={CalendarDays}
            title="No bookings yet"
            action={
              <Button asChild size="lg" variant="outline">
                <Link to="/dashboard">Back to your dashboard</Link>
              </Button>
            }
          >
            When a guest books or requests one of your properties, the stay appears here with its dates, guests and
            total.
          </EmptyList>
        ) : (
          <FilteredBookings bookings={bookings} />
        )}
      </section>
    </>
  );
}

/** Status filter and paging: a landlord with hundreds of stays still finds the requests to answer. */
function FilteredBookings({ bookings }: { bookings: TLandlordBooking[] }) {
  const [filter, setFilter] = useState<LandlordBookingFilter>("all");
  const [shown, setShown] = useState(PAGE_SIZE);
  const matching = filterLandlordBookings(bookings, filter);
  const countOf = (f: LandlordBookingFilter) => filterLandlordBookings(bookings, f).length;

  return (
    <>
      <fieldset className="mt-5">
        <legend className="sr-only">Show bookings by status</legend>
        <div className="flex flex-wrap gap-2">
          {offeredLandlordFilters(bookings, filter).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => {
                setFilter(f);
                setShown(PAGE_SIZE);
              }}
              className={cn(
                "inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none",
                filter === f
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card text-foreground hover:bg-secondary",
              )}
            >
              {f === "all" ? "All" : LANDLORD_STATUS_LABELS[f]}{" "}
              <span className="tabular-nums opacity-80">{formatInteger(countOf(f))}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {matching.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-input bg-card px-6 py-10 text-center text-muted-foreground">
          No bookings with this status.
        </p>
      ) : (
        <ul className="mt-6 grid gap-6">
          {matching.slice(0, shown).map((booking) => (
            <li key={booking.id}>
              <LandlordBookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
      {matching.length > shown ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-muted-foreground">
            Showing {formatInteger(shown)} of {formatInteger(matching.length)}
          </p>
          <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            Show more bookings
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** One booking of the landlord's properties, with what can be done next and, for a tenancy, the landlord's duties. */
function LandlordBookingCard({ booking }: { booking: TLandlordBooking }) {
  const view = landlordBookingView(booking);
  return (
    <BookingCard variant="landlord" view={view} actions={<LandlordBookingActions booking={booking} view={view} />}>
      <LandlordStayFacts booking={booking} />
      {booking.tenancyReminders.length > 0 ? <TenancyDuties booking={booking} /> : null}
      {booking.stayMode === "tenancy" && booking.status !== "cancelled" ? (
        <TenancyPanel bookingId={booking.id} side="landlord" />
      ) : null}
      {booking.stayMode === "tenancy" ? <LandlordRightsPanel bookingId={booking.id} /> : null}
    </BookingCard>
  );
}
