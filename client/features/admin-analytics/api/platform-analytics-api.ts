import type { PlatformPeriod } from "@common/domain/platform-analytics";
import { ZPlatformAnalytics } from "@common/schemas/platform-analytics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

export const platformAnalyticsKeys = {
  period: (period: PlatformPeriod) => ["admin", "analytics", period] as const,
};

/**
 * GET /api/admin/analytics?period=…: the whole platform's figures for one period. While another period loads, the
 * last one stays on screen (marked as updating) rather than flashing back to a skeleton.
 */
export function usePlatformAnalytics(period: PlatformPeriod, enabled: boolean) {
  return useQuery({
    queryKey: platformAnalyticsKeys.period(period),
    queryFn: ({ signal }) => getJson(`/api/admin/analytics?period=${period}`, ZPlatformAnalytics, { signal }),
    placeholderData: keepPreviousData,
    // Figures move with every booking: a period looked at a minute ago is read again when shown again.
    staleTime: 60_000,
    enabled,
  });
}
