import { type TRecordRightToRentCheck, ZRightToRentCheck } from "@common/entities/right-to-rent";
import { ZTenancy, ZTenancyCardSetup } from "@common/schemas/tenancies";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, isApiError, parseJson } from "@/lib/api-client";

const tenancyKey = (bookingId: number) => ["bookings", "tenancy", bookingId] as const;

/**
 * GET /api/bookings/{id}/tenancy. A tenancy let before 1 May 2026 as a fixed term has none: that 404 is an answer
 * (null), not a failure.
 */
export function useTenancy(bookingId: number) {
  return useQuery({
    queryKey: tenancyKey(bookingId),
    queryFn: async () => {
      try {
        return await parseJson(await apiRequest("GET", `/api/bookings/${bookingId}/tenancy`), ZTenancy);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });
}

/** POST /api/bookings/{id}/tenancy/notice; afterwards the tenancy and the booking lists read again. */
export function useGiveNotice(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endsOn: string) =>
      parseJson(await apiRequest("POST", `/api/bookings/${bookingId}/tenancy/notice`, { endsOn }), ZTenancy),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenancyKey(bookingId) }),
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      ]);
    },
  });
}

/** POST /api/bookings/{id}/tenancy/card: the SetupIntent the tenant saves their rent card with (nothing is charged). */
export function useRentCardSetup(bookingId: number) {
  return useMutation({
    mutationFn: async () =>
      parseJson(await apiRequest("POST", `/api/bookings/${bookingId}/tenancy/card`, {}), ZTenancyCardSetup),
  });
}

/** Reads the tenancy again once Stripe has the card: the server then finds it saved. */
export function useRefreshTenancy(bookingId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tenancyKey(bookingId) });
}

/** PUT /api/bookings/{id}/right-to-rent: the landlord records the check; their bookings then show the duty done. */
export function useRecordRightToRent(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRecordRightToRentCheck) =>
      parseJson(await apiRequest("PUT", `/api/bookings/${bookingId}/right-to-rent`, body), ZRightToRentCheck),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
}
