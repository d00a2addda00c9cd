import { QueryClient } from "@tanstack/react-query";

/** Spec 1 §9: no refetch interval, no refetch on focus, data never stale, no retries for queries or mutations. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: {
      retry: false,
    },
  },
});
