import type { TSiteHighlights } from "@common/schemas/site-highlights";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/** GET /api/site/highlights: the figures and guest words the home page may claim; the server recomputes them. */
export const siteHighlightsQueryOptions = queryOptions({
  queryKey: ["site-highlights"],
  queryFn: ({ signal }) => getPublicJson<TSiteHighlights>("/api/site/highlights", "object", { signal }),
  staleTime: 5 * 60_000,
});

export function useSiteHighlights() {
  return useQuery(siteHighlightsQueryOptions);
}
