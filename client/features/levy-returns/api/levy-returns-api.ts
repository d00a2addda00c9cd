import { type TLevyPaymentRequest, ZLevyReturn } from "@common/schemas/levy-returns";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

/** GET /api/levy-returns/:year: the host's return for a year, by quarter, with what is paid and still owed. */
export const levyReturnQueryOptions = (year: number) =>
  queryOptions({
    queryKey: ["levy-returns", year] as const,
    queryFn: ({ signal }) => getJson(`/api/levy-returns/${year}`, ZLevyReturn, { signal }),
  });

/** POST /api/levy-returns/:year/payments: pays a quarter; the answer is the year's return with the payment in it. */
export function usePayLevy(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLevyPaymentRequest) =>
      parseJson(await apiRequest("POST", `/api/levy-returns/${year}/payments`, body), ZLevyReturn),
    onSuccess: (answer) => queryClient.setQueryData(levyReturnQueryOptions(year).queryKey, answer),
  });
}
