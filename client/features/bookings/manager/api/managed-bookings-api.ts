import { ZManagedBooking } from "@common/schemas/property-management";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getPage } from "@/lib/api-client";

/**
 * The bookings of the properties a manager looks after. Keys start with "managed", which a change to a job also
 * refreshes, like the rest of the manager dashboard's reads.
 */
const managedBookingsKey = (query: string) => ["managed", "bookings", query] as const;

/** GET /api/bookings/managed-properties?status&when&page: one page of the managed properties' bookings. */
export function managedBookingsQueryOptions(filters: { status: string; when: string; page: number }) {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  params.set("when", filters.when);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return queryOptions({
    queryKey: managedBookingsKey(query),
    queryFn: ({ signal }) => getPage(`/api/bookings/managed-properties?${query}`, ZManagedBooking, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
