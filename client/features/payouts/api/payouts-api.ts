import {
  type TPayoutAccount,
  ZBankPayouts,
  ZPayoutAccount,
  ZPayoutOnboarding,
  ZPayoutTransfers,
} from "@common/entities/payout-account";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

const PAYOUT_ACCOUNT_KEY = ["payouts", "account"] as const;

/** GET /api/payouts/account: the signed-in payee's own payout account. */
export const payoutAccountQueryOptions = queryOptions({
  queryKey: PAYOUT_ACCOUNT_KEY,
  queryFn: ({ signal }) => getJson("/api/payouts/account", ZPayoutAccount, { signal }),
});

/** GET /api/payouts/transfers: what was sent to the payee and what is still held for them. */
export const payoutTransfersQueryOptions = queryOptions({
  queryKey: ["payouts", "transfers"] as const,
  queryFn: ({ signal }) => getJson("/api/payouts/transfers", ZPayoutTransfers, { signal }),
});

/** GET /api/payouts/bank-payouts: what Stripe has paid into the payee's bank, as its events said. */
export const bankPayoutsQueryOptions = queryOptions({
  queryKey: ["payouts", "bank-payouts"] as const,
  queryFn: ({ signal }) => getJson("/api/payouts/bank-payouts", ZBankPayouts, { signal }),
});

/**
 * POST /api/payouts/onboarding: a link to Stripe's onboarding, which the caller follows; a demo account is ready at
 * once, and what it answers is the account's new state.
 */
export function useStartPayoutOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => parseJson(await apiRequest("POST", "/api/payouts/onboarding"), ZPayoutOnboarding),
    onSuccess: ({ account }) => queryClient.setQueryData<TPayoutAccount>(PAYOUT_ACCOUNT_KEY, account),
  });
}
