import { type TTaxDetailsFields, ZTaxDetailsAnswer } from "@common/entities/tax-details";
import { ZSellerPlatformReport } from "@common/schemas/platform-report";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

/** GET /api/account/tax-details: the seller's own details, identifiers masked; `details` is null before any. */
export const taxDetailsQueryOptions = queryOptions({
  queryKey: ["account", "tax-details"] as const,
  queryFn: ({ signal }) => getJson("/api/account/tax-details", ZTaxDetailsAnswer, { signal }),
});

/** PUT /api/account/tax-details: the answer is the saved details, masked, which the page then shows. */
export function useSaveTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TTaxDetailsFields) =>
      parseJson(await apiRequest("PUT", "/api/account/tax-details", input), ZTaxDetailsAnswer),
    onSuccess: (saved) => queryClient.setQueryData(taxDetailsQueryOptions.queryKey, saved),
  });
}

/**
 * GET /api/account/platform-report/{year} for every year there may be a report, newest first: what StayLondon tells
 * HMRC about the signed-in seller, identifiers masked. Only ever one's own: the path names no one.
 */
export function useMyPlatformReports(years: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: ["account", "platform-report", years] as const,
    queryFn: ({ signal }) =>
      Promise.all(
        years.map((year) => getJson(`/api/account/platform-report/${year}`, ZSellerPlatformReport, { signal })),
      ),
    enabled,
  });
}
