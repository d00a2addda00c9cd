import { ZCancelBookingResponse, ZGuestBooking } from "@common/schemas/bookings";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

export const myBookingsKeys = { mine: ["bookings", "mine"] as const };

/** GET /api/bookings/my-bookings: the signed-in guest's bookings, newest first. */
export function myBookingsQueryOptions() {
  return queryOptions({
    queryKey: myBookingsKeys.mine,
    queryFn: ({ signal }) => getJson("/api/bookings/my-bookings", z.array(ZGuestBooking), { signal }),
  });
}

/** Spec 1 §7: asked only when a user is present. */
export function useMyBookings(enabled: boolean) {
  return useQuery({ ...myBookingsQueryOptions(), enabled });
}

/** POST /api/bookings/{id}/cancel; afterwards My Bookings and the dashboard read again. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason?: string }) =>
      parseJson(
        await apiRequest("POST", `/api/bookings/${id}/cancel`, reason ? { reason } : {}),
        ZCancelBookingResponse,
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myBookingsKeys.mine }),
        queryClient.invalidateQueries({ queryKey: ["dashboard", "stats"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard", "recent-activity"] }),
        queryClient.invalidateQueries({ queryKey: ["bookings", "detail"] }),
      ]);
    },
  });
}
