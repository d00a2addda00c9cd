import { isPropertyRef } from "@common/domain/property-ref";
import type { TPropertyDetail } from "@common/schemas/properties";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPublicJson } from "@/lib/api-client";
import { propertyKeys } from "./get-properties";

export function getProperty(ref: string, signal?: AbortSignal) {
  return getPublicJson<TPropertyDetail>(`/api/properties/${encodeURIComponent(ref)}`, "object", { signal });
}

export function propertyQueryOptions(ref: string) {
  return queryOptions({
    queryKey: propertyKeys.detail(ref),
    queryFn: ({ signal }) => getProperty(ref, signal),
  });
}

export function useProperty(ref: string) {
  // A listing the server said does not exist (in the page's HTML, or earlier) is not asked for again on
  // mount: the not-found page stays as drawn instead of flashing a loading state.
  return useQuery({ ...propertyQueryOptions(ref), enabled: isPropertyRef(ref), retryOnMount: false });
}
