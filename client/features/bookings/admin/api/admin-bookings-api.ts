import {
  type TAdminRefundRequest,
  ZAdminBooking,
  ZAdminBookingDetails,
  ZAdminBookingStats,
  ZAdminRefundResponse,
} from "@common/schemas/admin-bookings";
import { ZCancelBookingResponse, ZGuestBooking } from "@common/schemas/bookings";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";

/** Under the admin area's key, so anything that refreshes every admin read refreshes these too. */
export const adminBookingsKeys = {
  all: ["admin", "bookings"] as const,
  list: (apiQuery: string) => ["admin", "bookings", "list", apiQuery] as const,
  stats: ["admin", "bookings", "stats"] as const,
  details: (id: number) => ["admin", "bookings", "details", id] as const,
};

/** GET /api/admin/bookings?{q,status,page}: one page, newest first, with the match count. */
export function adminBookingsQueryOptions(apiQuery: string) {
  return queryOptions({
    queryKey: adminBookingsKeys.list(apiQuery),
    queryFn: ({ signal }) => getPage(`/api/admin/bookings${apiQuery ? `?${apiQuery}` : ""}`, ZAdminBooking, { signal }),
    // A new search keeps the last answer on screen until its own arrives, instead of flashing placeholders.
    placeholderData: keepPreviousData,
    // An admin looks at bookings as they are now, not as they were when last passing by.
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/admin/bookings/stats: figures over every booking. */
export const adminBookingStatsQueryOptions = queryOptions({
  queryKey: adminBookingsKeys.stats,
  queryFn: ({ signal }) => getJson("/api/admin/bookings/stats", ZAdminBookingStats, { signal }),
  staleTime: 0,
  retry: false,
});

/** GET /api/admin/bookings/{id}: the whole booking, with its history and payments. */
export function adminBookingDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminBookingsKeys.details(id),
    queryFn: ({ signal }) => getJson(`/api/admin/bookings/${id}`, ZAdminBookingDetails, { signal }),
    staleTime: 0,
    retry: false,
  });
}

/**
 * What an admin does to a booking, through the routes every role uses, so the lifecycle's rules, refunds, e-mails
 * and System Logs entries are the same: confirm a request, decline it, or cancel a confirmed stay (refunded in full).
 */
export type AdminBookingAction = { id: number } & (
  | { kind: "confirm" }
  | { kind: "decline"; reason: string }
  | { kind: "cancel"; reason: string }
);

export function useAdminBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: AdminBookingAction) => {
      if (action.kind === "confirm") {
        return parseJson(await apiRequest("POST", `/api/bookings/${action.id}/accept`, {}), ZGuestBooking);
      }
      if (action.kind === "decline") {
        const response = await apiRequest("POST", `/api/bookings/${action.id}/decline`, { reason: action.reason });
        return parseJson(response, ZGuestBooking);
      }
      const response = await apiRequest("POST", `/api/bookings/${action.id}/cancel`, { reason: action.reason });
      return (await parseJson(response, ZCancelBookingResponse)).booking;
    },
    // Also after a failure: a 409 means the booking moved on, and the page should show where it is now. The
    // admin dashboard's figures and the host's and guest's lists move with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin"] }),
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      ]),
  });
}

/**
 * POST /api/admin/bookings/{id}/refund: money back to the guest of a stay that has begun or ended. `key` names this
 * refund (one per opening of the form), so a retried request refunds once.
 */
export function useAdminRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, key, ...body }: TAdminRefundRequest & { id: number; key: string }) => {
      const response = await apiRequest("POST", `/api/admin/bookings/${id}/refund`, body, {
        headers: { "Idempotency-Key": key },
      });
      return parseJson(response, ZAdminRefundResponse);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
