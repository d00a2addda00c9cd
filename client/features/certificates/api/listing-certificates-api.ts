import type { TListingCertificates } from "@common/schemas/certificates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/**
 * What the listing shows guests; read without zod, like the rest of the public page. The server draws the listing
 * with it (the page's loader asks first), so the section is in the HTML and hydration asks for nothing again.
 */
export const listingCertificatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["certificates", "listing", id],
    queryFn: ({ signal }) =>
      getPublicJson<TListingCertificates>(`/api/properties/${encodeURIComponent(id)}/certificate-status`, "object", {
        signal,
      }),
    retry: false,
  });

export function useListingCertificates(id: string) {
  return useQuery(listingCertificatesQueryOptions(id));
}
