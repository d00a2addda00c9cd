import { ZDashboardStats, ZRecentActivity } from "@common/schemas/dashboard";
import { type TPlace, ZPlacesResponse } from "@common/schemas/places";
import { ZPropertySearchResponse } from "@common/schemas/properties";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** The dashboard lists the first 3 properties. */
export const FEATURED_COUNT = 3;

export const dashboardKeys = {
  stats: ["dashboard", "stats"] as const,
  recentActivity: ["dashboard", "recent-activity"] as const,
  // Under "properties", so any listing change that invalidates ["properties"] refreshes it too.
  featured: ["properties", "featured", FEATURED_COUNT] as const,
};

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => getJson("/api/dashboard/stats", ZDashboardStats, { signal }),
  });
}

export function useRecentActivity() {
  return useQuery({
    queryKey: dashboardKeys.recentActivity,
    queryFn: ({ signal }) => getJson("/api/dashboard/recent-activity", ZRecentActivity, { signal }),
  });
}

/** The first properties of the default listing order (GET /api/properties). */
export function useFeaturedProperties() {
  return useQuery({
    queryKey: dashboardKeys.featured,
    queryFn: ({ signal }) => getJson(`/api/properties?pageSize=${FEATURED_COUNT}`, ZPropertySearchResponse, { signal }),
  });
}

/** The place a quick pick ("Camden") stands for: the exact name, London's first; null when unknown or offline. */
export async function findPlaceNamed(queryClient: QueryClient, name: string): Promise<TPlace | null> {
  const places = await queryClient.fetchQuery({
    queryKey: ["places", "named", name],
    queryFn: ({ signal }) => getJson(`/api/places?${new URLSearchParams({ q: name })}`, ZPlacesResponse, { signal }),
  });
  return places.places.find((p) => p.name === name) ?? null;
}
