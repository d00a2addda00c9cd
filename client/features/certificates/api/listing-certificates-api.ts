import type { TListingCertificates } from "@common/schemas/certificates";
import { useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";

/** What the listing shows guests; read without zod, like the rest of the public page. */
export function useListingCertificates(id: string) {
  return useQuery({
    queryKey: ["certificates", "listing", id],
    queryFn: ({ signal }) =>
      getPublicJson<TListingCertificates>(`/api/properties/${encodeURIComponent(id)}/certificate-status`, "object", {
        signal,
      }),
    retry: false,
  });
}
