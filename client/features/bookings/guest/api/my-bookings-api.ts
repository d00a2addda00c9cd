import { ZCancelBookingResponse } from "@common/schemas/bookings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, parseJson } from "@/lib/api-client";
import { myBookingsKeys, myBookingsQueryOptions } from "@/lib/guest-bookings";

/** Asked only when someone is signed in. */
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
