import {
  type TDamageClaim,
  type TDecideDamageClaim,
  ZDamageClaim,
  ZDamageClaimPayment,
} from "@common/schemas/damage-claims";
import { ZSecurityDepositHold } from "@common/schemas/security-deposits";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

export const damageClaimKeys = {
  all: ["damage-claims"] as const,
  ofBooking: (bookingId: number) => ["damage-claims", "booking", bookingId] as const,
  admin: ["damage-claims", "admin"] as const,
  mine: ["damage-claims", "mine"] as const,
};

/** GET /api/damage-claims/mine: the claims on the signed-in guest's own stays. */
export const myClaimsQueryOptions = queryOptions({
  queryKey: damageClaimKeys.mine,
  queryFn: ({ signal }) => getJson("/api/damage-claims/mine", z.array(ZDamageClaim), { signal }),
});

/** GET /api/bookings/:id/security-deposit: a short let's refundable deposit and its card hold. */
export const securityDepositQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: ["damage-claims", "security-deposit", bookingId] as const,
    queryFn: ({ signal }) => getJson(`/api/bookings/${bookingId}/security-deposit`, ZSecurityDepositHold, { signal }),
  });

/** GET /api/bookings/:id/damage-claims: the claims on a stay, for its guest, its host or an admin. */
export const bookingClaimsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: damageClaimKeys.ofBooking(bookingId),
    queryFn: ({ signal }) => getJson(`/api/bookings/${bookingId}/damage-claims`, z.array(ZDamageClaim), { signal }),
  });

/** GET /api/admin/damage-claims: disputed claims first. */
export const adminClaimsQueryOptions = queryOptions({
  queryKey: damageClaimKeys.admin,
  queryFn: ({ signal }) => getJson("/api/admin/damage-claims", z.array(ZDamageClaim), { signal }),
});

/** GET /api/damage-claims/:id/payment: the card payment of an agreed claim. */
export const claimPaymentQueryOptions = (claimId: number) =>
  queryOptions({
    queryKey: ["damage-claims", "payment", claimId] as const,
    queryFn: ({ signal }) => getJson(`/api/damage-claims/${claimId}/payment`, ZDamageClaimPayment, { signal }),
  });

/** Every claim change refreshes every claim list: a stay's, and the admins'. */
function useClaimMutation<V>(send: (variables: V) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V): Promise<TDamageClaim> => parseJson(await send(variables), ZDamageClaim),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: damageClaimKeys.all }),
  });
}

/** POST /api/bookings/:id/damage-claims (multipart: description, amount, photos). */
export const useRaiseClaim = (bookingId: number) =>
  useClaimMutation((form: FormData) => apiRequest("POST", `/api/bookings/${bookingId}/damage-claims`, form));

export const useAcceptClaim = () =>
  useClaimMutation((claimId: number) => apiRequest("POST", `/api/damage-claims/${claimId}/accept`));

export const useDisputeClaim = () =>
  useClaimMutation(({ claimId, reason }: { claimId: number; reason: string }) =>
    apiRequest("POST", `/api/damage-claims/${claimId}/dispute`, { reason }),
  );

export const useDecideClaim = () =>
  useClaimMutation(({ claimId, body }: { claimId: number; body: TDecideDamageClaim }) =>
    apiRequest("POST", `/api/admin/damage-claims/${claimId}/decision`, body),
  );
