import {
  type TAnswerPetRequest,
  type TAskPetRequest,
  type TProposeRentIncrease,
  ZPetRequest,
  ZRentIncrease,
  ZStatementOfTerms,
  ZTenancyRights,
} from "@common/schemas/tenant-rights";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

const tenancyKey = (bookingId: number) => ["bookings", "tenancy-rights", bookingId] as const;

/** GET /api/bookings/{id}/tenancy: the statement, rent increases and pet requests of one tenancy. */
export function useTenancyRights(bookingId: number) {
  return useQuery({
    queryKey: tenancyKey(bookingId),
    queryFn: ({ signal }) => getJson(`/api/bookings/${bookingId}/tenancy-rights`, ZTenancyRights, { signal }),
  });
}

/** A step on a tenancy, after which its view (and the booking lists, whose actions may change) read again. */
function useTenancyStep<TBody, TAnswer>(bookingId: number, send: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenancyKey(bookingId) }),
        queryClient.invalidateQueries({ queryKey: ["bookings", "landlord"] }),
      ]);
    },
  });
}

export const useAcceptStatement = (bookingId: number) =>
  useTenancyStep(bookingId, async (sha256: string) =>
    parseJson(
      await apiRequest("POST", `/api/bookings/${bookingId}/statement-of-terms/accept`, { sha256 }),
      ZStatementOfTerms,
    ),
  );

export const useAskPet = (bookingId: number) =>
  useTenancyStep(bookingId, async (body: TAskPetRequest) =>
    parseJson(await apiRequest("POST", `/api/bookings/${bookingId}/pet-requests`, body), ZPetRequest),
  );

export const useAnswerPet = (bookingId: number) =>
  useTenancyStep(bookingId, async ({ id, ...body }: TAnswerPetRequest & { id: number }) =>
    parseJson(await apiRequest("POST", `/api/pet-requests/${id}/answer`, body), ZPetRequest),
  );

export const useProposeRentIncrease = (bookingId: number) =>
  useTenancyStep(bookingId, async (body: TProposeRentIncrease) =>
    parseJson(await apiRequest("POST", `/api/bookings/${bookingId}/rent-increases`, body), ZRentIncrease),
  );
