import type { THostResponse, TUnreadCount } from "@common/schemas/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/**
 * The query keys public pages need (the header's count, the listing's response figures); the rest of the
 * conversations' keys extend them in conversations-api, away from every page's first download.
 */
export const publicMessageKeys = {
  unread: ["messages", "unread"] as const,
  hostResponse: (propertyId: number) => ["properties", "host-response", propertyId] as const,
};

/**
 * What public pages read of messages (the header's count, the listing's response figures), without the zod
 * contracts, so every page's first download stays small; the server checks these answers before sending them.
 */

/** Unread messages for the header's badge: polled gently, and refreshed when the tab comes back. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: publicMessageKeys.unread,
    queryFn: ({ signal }) => getPublicJson<TUnreadCount>("/api/messages/unread", "object", { signal }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function hostResponseQueryOptions(propertyId: number) {
  return queryOptions({
    queryKey: publicMessageKeys.hostResponse(propertyId),
    queryFn: ({ signal }) =>
      getPublicJson<THostResponse>(`/api/properties/${propertyId}/host-response`, "object", { signal }),
  });
}

export function useHostResponse(propertyId: number) {
  return useQuery(hostResponseQueryOptions(propertyId));
}
