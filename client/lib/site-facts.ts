import type { TSiteFacts } from "@common/schemas/site-facts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/** GET /api/config/site: who runs the site and how it treats data, as this deployment is configured. */
export const siteFactsQueryOptions = queryOptions({
  queryKey: ["site-facts"],
  queryFn: ({ signal }) => getPublicJson<TSiteFacts>("/api/config/site", "object", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSiteFacts() {
  return useQuery(siteFactsQueryOptions);
}

/** "Registered in England and Wales, company number 01234567": the jurisdiction follows the number's prefix. */
export function registrationLine(company: TSiteFacts["company"]): string | null {
  if (!company.number) return null;
  const where = company.number.startsWith("SC")
    ? "Scotland"
    : company.number.startsWith("NI")
      ? "Northern Ireland"
      : "England and Wales";
  return `Registered in ${where}, company number ${company.number}`;
}
