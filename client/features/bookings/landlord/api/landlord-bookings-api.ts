import { ZCancelBookingResponse, ZGuestBooking, ZLandlordBooking } from "@common/schemas/bookings";
import { type TRecordDepositProtection, ZDepositProtection } from "@common/schemas/tenancy-deposits";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

export const landlordBookingsKeys = { all: ["bookings", "landlord"] as const };

/** GET /api/bookings/landlord-bookings: the bookings of the signed-in landlord's properties, newest first. */
export function useLandlordBookings(enabled: boolean) {
  return useQuery({
    queryKey: landlordBookingsKeys.all,
    queryFn: ({ signal }) => getJson("/api/bookings/landlord-bookings", z.array(ZLandlordBooking), { signal }),
    enabled,
  });
}

export type LandlordBookingAction = "accept" | "decline" | "cancel";

/** POST /api/bookings/{id}/accept | decline | cancel; afterwards the lists and every figure read again. */
export function useLandlordBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: LandlordBookingAction }) => {
      const response = await apiRequest("POST", `/api/bookings/${id}/${action}`, {});
      if (action === "cancel") return (await parseJson(response, ZCancelBookingResponse)).booking;
      return parseJson(response, ZGuestBooking);
    },
    // Also after a failure: a 409 means the booking moved on, and the list should show where it is now.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: landlordBookingsKeys.all }),
        // My Properties' booking counts and the revenue and occupancy figures move with every answer.
        queryClient.invalidateQueries({ queryKey: ["landlord"] }),
        queryClient.invalidateQueries({ queryKey: ["analytics"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard", "stats"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard", "recent-activity"] }),
      ]);
    },
  });
}

/** PUT /api/bookings/{id}/deposit: the landlord records the deposit received and its protection. */
export function useRecordDepositProtection(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRecordDepositProtection) =>
      parseJson(await apiRequest("PUT", `/api/bookings/${bookingId}/deposit`, body), ZDepositProtection),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landlordBookingsKeys.all }),
  });
}
