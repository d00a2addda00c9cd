import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";

/** No refetch interval, no refetch on focus, data never stale, no retries for queries or mutations. */
export const QUERY_DEFAULTS = {
  queries: {
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} satisfies QueryClientConfig["defaultOptions"];

/** The browser's one cache; the server renderer makes one per page. */
export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
