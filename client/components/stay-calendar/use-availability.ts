import type { TAvailability } from "@common/schemas/availability";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/** GET /api/properties/{id}/availability: which nights of `months` months from `from` are free, and their prices. */
export function getAvailability(propertyId: number, from: string, months: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, months: String(months) });
  return getPublicJson<TAvailability>(`/api/properties/${propertyId}/availability?${params}`, "object", { signal });
}

/**
 * The calendar's nights from the first month shown. Kept for half a minute while the calendar is paged back and
 * forth; the server answers a repeat with a 304 when nothing changed, and the quote has the last word on the nights.
 */
export function useAvailability(propertyId: number, from: string, months: number) {
  return useQuery({
    queryKey: ["properties", "availability", propertyId, from, months],
    queryFn: ({ signal }) => getAvailability(propertyId, from, months, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
