import type { TAdminBooking, TAdminBookingStatusFilter } from "@common/schemas/admin-bookings";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { FilterSelect, SearchField } from "@/components/ui/search-field";
import { adminBookingView } from "@/features/bookings/booking-view";
import { BookingCard } from "@/features/bookings/components/booking-card";
import { PagedBookingList } from "@/features/bookings/components/paged-booking-list";
import { useListParams } from "@/hooks/use-list-params";
import { formatInteger } from "@/lib/format";
import { adminBookingsQueryOptions } from "../api/admin-bookings-api";
import { STATUS_FILTER_OPTIONS } from "../utils/admin-booking-text";
import { BookingDetailsDialog } from "./booking-details-dialog";
import { BookingFigures } from "./booking-figures";
import { TakeActionDialog } from "./take-action-dialog";

const isStatusFilter = (value: string): value is TAdminBookingStatusFilter =>
  STATUS_FILTER_OPTIONS.some((option) => option.value === value);

/** Booking Oversight's body: the figures, then every booking, searched and filtered on the server. */
export function AdminBookingsBoard() {
  const list = useListParams({ status: "all" });
  const status = isStatusFilter(list.filters.status) ? list.filters.status : "all";
  const bookings = useQuery(adminBookingsQueryOptions(list.apiQuery));
  const narrowed = list.query !== "" || status !== "all";

  function clearSearch() {
    list.setTyped("");
    list.setFilter("status", "all");
  }

  return (
    <>
      <BookingFigures />

      <section aria-labelledby="booking-list-heading" className="grid gap-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h2 id="booking-list-heading" className="font-display text-2xl font-medium">
              Bookings
            </h2>
            <p aria-live="polite" className="mt-1 text-sm text-muted-foreground">
              {bookings.data
                ? `${formatInteger(bookings.data.total)}${bookings.data.totalIsCapped ? "+" : ""} ${
                    bookings.data.total === 1 && !bookings.data.totalIsCapped ? "booking" : "bookings"
                  }${narrowed ? " match" : ", newest first"}`
                : "\u00a0"}
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] lg:w-[34rem]">
            <SearchField
              label="Search bookings"
              placeholder="Property, city or guest name"
              value={list.typed}
              onChange={list.setTyped}
            />
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_FILTER_OPTIONS}
              onChange={(value) => list.setFilter("status", value)}
            />
          </div>
        </div>

        <PagedBookingList
          variant="admin"
          query={bookings}
          loadingClassName="grid gap-6"
          className="grid gap-6"
          aria-labelledby="booking-list-heading"
          narrowed={narrowed}
          clearFilters={
            <Button variant="outline" onClick={clearSearch}>
              Clear search and filter
            </Button>
          }
          narrowedText="Nothing matches this search and status. Try a property, a borough or town, or part of the guest's name."
          noneText="When guests book or request a stay anywhere on StayLondon, it appears here."
          page={list.page}
          onPageChange={list.setPage}
        >
          {(booking) => <AdminBookingCard booking={booking} />}
        </PagedBookingList>
      </section>
    </>
  );
}

/** One booking on Booking Oversight, named after its guest: the details are always there, decisions while pending. */
function AdminBookingCard({ booking }: { booking: TAdminBooking }) {
  const view = adminBookingView(booking);
  return (
    <BookingCard
      variant="admin"
      view={view}
      actions={
        <>
          <BookingDetailsDialog booking={booking} />
          {view.actions.includes("take-action") ? (
            <div className="sm:ml-auto">
              <TakeActionDialog booking={booking} />
            </div>
          ) : null}
        </>
      }
    />
  );
}
