import { ZInstantBookOffer } from "@common/schemas/instant-book";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** GET /api/properties/{id}/instant-book: whether this guest's booking would be confirmed at once, and if not why. */
export function instantBookQueryOptions(ref: string) {
  return queryOptions({
    queryKey: ["bookings", "instant-book", ref] as const,
    queryFn: ({ signal }) =>
      getJson(`/api/properties/${encodeURIComponent(ref)}/instant-book`, ZInstantBookOffer, { signal }),
    // A message sent to the host meanwhile changes the answer: asked afresh each time the step opens.
    staleTime: 0,
  });
}
