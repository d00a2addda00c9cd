import { BOOKING_STATUSES } from "@common/domain/property-options";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/search-field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { MANAGER_STATUS_LABELS, managedBookingView } from "@/features/bookings/booking-view";
import { BookingCard } from "@/features/bookings/components/booking-card";
import { PagedBookingList } from "@/features/bookings/components/paged-booking-list";
import { formatInteger } from "@/lib/format";
import { managedBookingsQueryOptions } from "../api/managed-bookings-api";

const WHEN_OPTIONS = [
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
  { value: "all", label: "All" },
] as const;
type When = (typeof WHEN_OPTIONS)[number]["value"];

const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: MANAGER_STATUS_LABELS[status] })),
] as const;

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

      <PagedBookingList
        variant="manager"
        query={bookings}
        retryLabel="Retry"
        loadingClassName="grid gap-5"
        className="grid gap-3"
        aria-label="Bookings at your properties"
        narrowed={narrowed}
        clearFilters={
          <Button variant="outline" onClick={() => setStatus("all")}>
            Show every status
          </Button>
        }
        narrowedText={`No ${when === "all" ? "" : `${when} `}booking at your properties has this status.`}
        noneText={
          when === "past"
            ? "Stays that have ended at the properties you manage appear here."
            : "When guests book the properties you manage, their stays appear here."
        }
        page={page}
        onPageChange={setPage}
      >
        {(booking) => <BookingCard variant="manager" view={managedBookingView(booking)} />}
      </PagedBookingList>
    </section>
  );
}
