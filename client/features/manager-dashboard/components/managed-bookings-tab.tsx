import { BOOKING_STATUSES } from "@common/domain/property-options";
import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import type { TManagedBooking } from "@common/schemas/property-management";
import { formatWeekdayDate } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarDays, SearchX } from "lucide-react";
import { useState } from "react";
import { MessageGuestLink } from "@/components/messages/message-guest-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { Fact } from "@/components/ui/fact";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Pagination } from "@/components/ui/pagination";
import { FilterSelect } from "@/components/ui/search-field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { LANDLORD_STATUS_CLASSES } from "@/lib/landlord-booking-status";
import { cn } from "@/lib/utils";
import { managedBookingsQueryOptions } from "../api/manager-dashboard-api";

const WHEN_OPTIONS = [
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
  { value: "all", label: "All" },
] as const;
type When = (typeof WHEN_OPTIONS)[number]["value"];

/** The host side's words for a booking's status (a manager sees what the owner sees). */
const STATUS_LABELS: Record<TManagedBooking["status"], string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};
const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
] as const;
const STATUS_CLASSES: Record<TManagedBooking["status"], string> = {
  pending: LANDLORD_STATUS_CLASSES.needs_approval,
  confirmed: LANDLORD_STATUS_CLASSES.confirmed,
  completed: LANDLORD_STATUS_CLASSES.completed,
  cancelled: LANDLORD_STATUS_CLASSES.cancelled,
};

/** One stay, compact: who, where and its reference, then the dates, length, guests and total in one row. */
function ManagedBookingCard({ booking }: { booking: TManagedBooking }) {
  const headingId = `managed-booking-${booking.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1.5">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-lg leading-snug font-medium break-words">
            {booking.guestName}
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="flex min-w-0 items-center gap-1.5">
              <Building2 aria-hidden="true" className="size-3.5 shrink-0 text-brass-700" />
              <span className="font-medium text-foreground">{booking.propertyTitle}</span>
            </span>
            <span>
              Ref <span className="font-mono font-medium text-foreground">{booking.reference}</span>
            </span>
          </p>
        </div>
        <Badge className={STATUS_CLASSES[booking.status]}>{STATUS_LABELS[booking.status]}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm sm:grid-cols-5">
        <Fact term="Check-in">{formatWeekdayDate(booking.checkIn)}</Fact>
        <Fact term="Check-out">{formatWeekdayDate(booking.checkOut)}</Fact>
        <Fact term="Nights">{pluralize(booking.nights, "night")}</Fact>
        <Fact term="Guests">{pluralize(booking.guests, "guest")}</Fact>
        <Fact term="Total">{formatPounds(booking.totalPrice)}</Fact>
      </dl>
      <div className="mt-4 border-t border-border pt-3">
        <MessageGuestLink booking={booking} />
      </div>
    </article>
  );
}

/** Bookings: the stays at the properties the manager manages, upcoming first, filtered by status. */
export function ManagedBookingsTab() {
  const [when, setWhen] = useState<When>("upcoming");
  const [status, setStatus] = useState<string>("all");
  const [page, setPage] = useState(1);
  const bookings = useQuery(managedBookingsQueryOptions({ status, when, page }));
  const narrowed = status !== "all";

  return (
    <section aria-labelledby="managed-bookings-heading" className="grid gap-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="managed-bookings-heading" className="font-display text-2xl font-medium">
            Bookings
          </h2>
          <p aria-live="polite" className="mt-1 text-sm text-muted-foreground">
            {bookings.data
              ? `${formatInteger(bookings.data.total)}${bookings.data.totalIsCapped ? "+" : ""} ${
                  bookings.data.total === 1 ? "booking" : "bookings"
                }`
              : "\u00a0"}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-2">
            <span className="text-sm font-medium" aria-hidden="true">
              When
            </span>
            <SegmentedControl
              label="When"
              value={when}
              options={WHEN_OPTIONS}
              onChange={(value) => {
                setWhen(value);
                setPage(1);
              }}
            />
          </div>
          <FilterSelect
            label="Status"
            value={status}
            options={STATUS_FILTERS}
            className="sm:w-48"
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </div>
      </div>

      {bookings.isPending ? (
        <div aria-busy="true" className="grid gap-5">
          <p role="status" className="sr-only">
            Loading bookings…
          </p>
          <Skeleton className="h-44 rounded-3xl" />
          <Skeleton className="h-44 rounded-3xl" />
        </div>
      ) : bookings.isError ? (
        <LoadErrorAlert
          title="Failed to load bookings data"
          onRetry={() => void bookings.refetch()}
          retryLabel="Retry"
          retrying={bookings.isFetching}
          announce
        />
      ) : bookings.data.items.length === 0 && bookings.data.total === 0 ? (
        narrowed ? (
          <EmptyList
            icon={SearchX}
            title="No bookings match"
            action={
              <Button variant="outline" onClick={() => setStatus("all")}>
                Show every status
              </Button>
            }
          >
            No {when === "all" ? "" : `${when} `}booking at your properties has this status.
          </EmptyList>
        ) : (
          <EmptyList icon={CalendarDays} title="No bookings yet">
            {when === "past"
              ? "Stays that have ended at the properties you manage appear here."
              : "When guests book the properties you manage, their stays appear here."}
          </EmptyList>
        )
      ) : (
        <>
          <ul
            aria-label="Bookings at your properties"
            aria-busy={bookings.isPlaceholderData}
            className={cn("grid gap-3 transition-opacity", bookings.isPlaceholderData && "opacity-60")}
          >
            {bookings.data.items.map((booking) => (
              <li key={booking.id}>
                <ManagedBookingCard booking={booking} />
              </li>
            ))}
          </ul>
          <Pagination
            label="Bookings"
            page={page}
            pageSize={DEFAULT_PAGE_SIZE}
            total={bookings.data.total}
            totalIsCapped={bookings.data.totalIsCapped}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
