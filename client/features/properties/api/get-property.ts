import { ZPropertyDetail, ZPropertyRef } from "@common/schemas/properties";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { propertyKeys } from "./get-properties";

/** True when the path segment can name a property (a number or a slug); anything else cannot exist. */
export function isValidPropertyRef(ref: string): boolean {
  return ZPropertyRef.safeParse({ id: ref }).success;
}

export function getProperty(ref: string, signal?: AbortSignal) {
  return getJson(`/api/properties/${encodeURIComponent(ref)}`, ZPropertyDetail, { signal });
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
  return useQuery({ ...propertyQueryOptions(ref), enabled: isValidPropertyRef(ref), retryOnMount: false });
}
