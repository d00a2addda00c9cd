import { ZManagedBooking, ZManagedPropertySummaries } from "@common/schemas/property-management";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getJson, getPage } from "@/lib/api-client";

/**
 * The manager dashboard's reads. Keys start with "managed", which a change to a job also refreshes (the cards'
 * open-maintenance counts).
 */
export const managerKeys = {
  properties: ["managed", "properties"] as const,
  bookings: (query: string) => ["managed", "bookings", query] as const,
};

/** GET /api/properties/managed: the properties assigned to the manager now, with this month's figures. */
export const managedPropertiesQueryOptions = queryOptions({
  queryKey: managerKeys.properties,
  queryFn: ({ signal }) => getJson("/api/properties/managed", ZManagedPropertySummaries, { signal }),
  retry: false,
});

/** GET /api/bookings/managed-properties?status&when&page: one page of the managed properties' bookings. */
export function managedBookingsQueryOptions(filters: { status: string; when: string; page: number }) {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  params.set("when", filters.when);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return queryOptions({
    queryKey: managerKeys.bookings(query),
    queryFn: ({ signal }) => getPage(`/api/bookings/managed-properties?${query}`, ZManagedBooking, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
