import {
  type AdminPropertyStatus,
  type TVerifyProperty,
  ZAdminProperty,
  ZAdminPropertyAnalytics,
  ZAdminPropertyRemoval,
} from "@common/schemas/admin-properties";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { PROPERTY_READ_ROOTS, refreshReads } from "../../api/property-reads";

/**
 * Property Management's calls. Keys start with ["admin"], as every admin read does, so a change here also refreshes
 * the admin dashboard's figures.
 */
export const adminPropertyKeys = {
  all: ["admin", "properties"] as const,
  list: (apiQuery: string) => ["admin", "properties", "list", apiQuery] as const,
  analytics: (id: number) => ["admin", "properties", id, "analytics"] as const,
};

/** One page of the list; `apiQuery` is the search, filter and page as the address bar holds them. */
export function usePropertyList(apiQuery: string, enabled: boolean) {
  return useQuery({
    queryKey: adminPropertyKeys.list(apiQuery),
    queryFn: ({ signal }) =>
      getPage(`/api/admin/properties${apiQuery ? `?${apiQuery}` : ""}`, ZAdminProperty, { signal }),
    enabled,
    // The previous page stays on screen (dimmed) while the next search or page loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function propertyAnalyticsQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminPropertyKeys.analytics(id),
    queryFn: ({ signal }) => getJson(`/api/admin/properties/${id}/analytics`, ZAdminPropertyAnalytics, { signal }),
    staleTime: 0,
    retry: false,
  });
}

/** After a removal or a restore: every admin read, the public lists and pages, and any open manage page. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    refreshReads(queryClient, [PROPERTY_READ_ROOTS.admin, PROPERTY_READ_ROOTS.public, PROPERTY_READ_ROOTS.landlord]);
}

export function useRemoveProperty() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      parseJson(await apiRequest("POST", `/api/admin/properties/${id}/remove`, { reason }), ZAdminPropertyRemoval),
    onSuccess: refresh,
  });
}

export function useRestoreProperty() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (id: number) =>
      parseJson(await apiRequest("POST", `/api/admin/properties/${id}/restore`), ZAdminProperty),
    onSuccess: refresh,
  });
}

export function useVerifyProperty() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: TVerifyProperty }) =>
      parseJson(await apiRequest("POST", `/api/admin/properties/${id}/verify`, input), ZAdminProperty),
    onSuccess: refresh,
  });
}

export function useWithdrawVerification() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      parseJson(
        await apiRequest("POST", `/api/admin/properties/${id}/withdraw-verification`, { reason }),
        ZAdminProperty,
      ),
    onSuccess: refresh,
  });
}

/**
 * Downloads the CSV of the search and filter (every matching row, not just the page) as the file the server names,
 * and answers how many rows it holds of how many matched.
 */
export async function downloadPropertiesCsv(filters: {
  q: string;
  status: AdminPropertyStatus | undefined;
}): Promise<{ exported: number; total: number }> {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  const query = params.toString();
  const response = await apiRequest("GET", `/api/admin/properties/export.csv${query ? `?${query}` : ""}`);
  const file = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "staylondon-properties.csv";
  saveFile(file, name);
  const count = (header: string) => Number.parseInt(response.headers.get(header) ?? "", 10) || 0;
  return { exported: count("X-Exported-Count"), total: count("X-Total-Count") };
}
