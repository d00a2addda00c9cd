import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import type { UseQueryResult } from "@tanstack/react-query";
import { CalendarDays, SearchX } from "lucide-react";
import type * as React from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Pagination } from "@/components/ui/pagination";
import { RefreshingList } from "@/components/ui/refreshing-list";
import { type BookingCardVariant, BookingListLoading } from "./booking-card";

type Labelled = { "aria-label": string } | { "aria-labelledby": string };

/**
 * A list of bookings paged and filtered on the server (Booking Oversight, a manager's Bookings tab): card placeholders,
 * the failure with Retry, an empty list that says whether the filters or the platform are why, or the cards with
 * their pages under them.
 */
export function PagedBookingList<T extends { id: number }>({
  variant,
  query,
  retryLabel,
  loadingClassName,
  className,
  narrowed,
  clearFilters,
  narrowedText,
  noneText,
  page,
  onPageChange,
  children,
  ...labelled
}: Labelled & {
  variant: BookingCardVariant;
  query: UseQueryResult<{ items: T[]; total: number; totalIsCapped: boolean }>;
  retryLabel?: string;
  loadingClassName: string;
  className: string;
  /** A search or a filter is on: an empty list means nothing matches, and `clearFilters` offers a way out. */
  narrowed: boolean;
  clearFilters: React.ReactNode;
  narrowedText: React.ReactNode;
  /** What an empty list says when nothing narrows it. */
  noneText: React.ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  children: (booking: T) => React.ReactNode;
}) {
  if (query.isPending) return <BookingListLoading variant={variant} className={loadingClassName} />;
  if (query.isError) {
    return (
      <LoadErrorAlert
        title="Failed to load bookings data"
        onRetry={() => void query.refetch()}
        retryLabel={retryLabel}
        retrying={query.isFetching}
        announce
      />
    );
  }
  if (query.data.items.length === 0 && query.data.total === 0) {
    return narrowed ? (
      <EmptyList icon={SearchX} title="No bookings match" action={clearFilters}>
        {narrowedText}
      </EmptyList>
    ) : (
      <EmptyList icon={CalendarDays} title="No bookings yet">
        {noneText}
      </EmptyList>
    );
  }
  return (
    <>
      <RefreshingList
        {...labelled}
        items={query.data.items}
        keyOf={(booking) => booking.id}
        refreshing={query.isPlaceholderData}
        className={className}
      >
        {children}
      </RefreshingList>
      <Pagination
        label="Bookings"
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        total={query.data.total}
        totalIsCapped={query.data.totalIsCapped}
        onPageChange={onPageChange}
      />
    </>
  );
}
