import type { TSavedProperty } from "@common/schemas/saved-properties";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, isApiError } from "@/lib/api-client";

/** Query keys shared across the app (docs: helper conventions); removal also changes the dashboard's figures. */
export const savedPropertiesKeys = {
  list: ["properties", "saved"] as const,
  dashboardStats: ["dashboard", "stats"] as const,
  dashboardActivity: ["dashboard", "recent-activity"] as const,
};

/**
 * The hearts on every page read this list, so it is part of the first download: the answer's shape is checked by
 * hand rather than with the zod contract (as the session is), which the server and the API tests check in full.
 */
function readSavedList(json: unknown): TSavedProperty[] {
  if (!Array.isArray(json)) throw new Error("Unexpected answer from /api/properties/saved");
  for (const item of json) {
    const property = item && typeof item === "object" && "property" in item ? item.property : undefined;
    if (!property || typeof property !== "object" || typeof (property as { id?: unknown }).id !== "number") {
      throw new Error("Unexpected saved property in /api/properties/saved");
    }
  }
  return json as TSavedProperty[];
}

export async function getSavedProperties(signal?: AbortSignal): Promise<TSavedProperty[]> {
  const response = await apiRequest("GET", "/api/properties/saved", undefined, { signal });
  return readSavedList(await response.json());
}

export function savedPropertiesQueryOptions() {
  return queryOptions({
    queryKey: savedPropertiesKeys.list,
    queryFn: ({ signal }) => getSavedProperties(signal),
  });
}

/** The saved list is asked for only when someone is signed in (here: with a verified e-mail too). */
export function useSavedProperties({ enabled }: { enabled: boolean }) {
  return useQuery({ ...savedPropertiesQueryOptions(), enabled });
}

export async function saveProperty(propertyId: number): Promise<TSavedProperty> {
  const response = await apiRequest("POST", `/api/properties/${propertyId}/save`);
  return (await response.json()) as TSavedProperty;
}

/** Removing what is no longer saved (from another tab, say) counts as done: the 404 means the goal is reached. */
export async function removeSavedProperty(propertyId: number): Promise<void> {
  try {
    await apiRequest("DELETE", `/api/properties/${propertyId}/save`);
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
}

/** The cached list with `item` first (saving again moves nothing but keeps one entry per property). */
export function addToCachedList(queryClient: QueryClient, item: TSavedProperty): void {
  queryClient.setQueryData<TSavedProperty[]>(savedPropertiesKeys.list, (list) =>
    list ? [item, ...list.filter((i) => i.property.id !== item.property.id)] : list,
  );
}

export function dropFromCachedList(queryClient: QueryClient, propertyId: number): void {
  queryClient.setQueryData<TSavedProperty[]>(savedPropertiesKeys.list, (list) =>
    list?.filter((i) => i.property.id !== propertyId),
  );
}

/** After a save or a removal: the list (in the background) and the dashboard's counts and activity. */
export function refreshAfterSavedChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [savedPropertiesKeys.list, savedPropertiesKeys.dashboardStats, savedPropertiesKeys.dashboardActivity].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * The Remove button of the Saved Properties page: removal refreshes the saved list and the dashboard. The
 * card leaves the list at once; the refetch runs in the background.
 */
export function useRemoveSavedProperty(callbacks: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: number) => removeSavedProperty(propertyId),
    onSuccess: (_data, propertyId) => {
      dropFromCachedList(queryClient, propertyId);
      void refreshAfterSavedChange(queryClient);
      callbacks.onSuccess();
    },
    onError: (error) => callbacks.onError(error),
  });
}
