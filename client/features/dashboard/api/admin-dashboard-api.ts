import { ZAdminStats, ZSystemStatus } from "@common/schemas/admin-dashboard";
import { ZAuditLogEntry } from "@common/schemas/audit-logs";
import { useQuery } from "@tanstack/react-query";
import { getJson, getPage } from "@/lib/api-client";

/** Every admin read starts with "admin", so an approval or any admin change refreshes the dashboard too. */
export const adminDashboardKeys = {
  stats: ["admin", "stats"] as const,
  systemStatus: ["admin", "system-status"] as const,
  recentActivity: ["admin", "system-logs", "recent"] as const,
};

/** How many audit entries the dashboard's Recent Activity shows. */
export const RECENT_ACTIVITY_ENTRIES = 6;

/** GET /api/admin/stats; reads are not retried (a failure shows at once). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminDashboardKeys.stats,
    queryFn: ({ signal }) => getJson("/api/admin/stats", ZAdminStats, { signal }),
    // An admin coming back to the dashboard wants today's figures, not those of their last visit.
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/admin/system-status: the server repeats its checks at most every 30 seconds anyway. */
export function useSystemStatus() {
  return useQuery({
    queryKey: adminDashboardKeys.systemStatus,
    queryFn: ({ signal }) => getJson("/api/admin/system-status", ZSystemStatus, { signal }),
    retry: false,
    refetchInterval: 60_000,
  });
}

/** The latest audit entries, from System Logs. */
export function useRecentAuditEntries() {
  return useQuery({
    queryKey: adminDashboardKeys.recentActivity,
    queryFn: ({ signal }) =>
      getPage(`/api/admin/system-logs?pageSize=${RECENT_ACTIVITY_ENTRIES}`, ZAuditLogEntry, { signal }),
    staleTime: 0,
    retry: false,
  });
}
