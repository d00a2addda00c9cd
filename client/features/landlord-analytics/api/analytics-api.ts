import { ZMonthlyRevenueAnalytics, ZOccupancyAnalytics, ZRevenueAnalytics } from "@common/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

/** Shared convention: every landlord write invalidates ["analytics"], so these read again after one. */
export const analyticsKeys = {
  revenue: ["analytics", "revenue"] as const,
  monthlyRevenue: ["analytics", "monthly-revenue"] as const,
  occupancy: ["analytics", "occupancy"] as const,
};

/** GET /api/analytics/revenue: totals, growth and the latest 20 revenue bookings. */
export function useRevenueAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.revenue,
    queryFn: ({ signal }) => getJson("/api/analytics/revenue", ZRevenueAnalytics, { signal }),
    enabled,
  });
}

/** GET /api/analytics/monthly-revenue: this month and the 8-month breakdown, oldest first. */
export function useMonthlyRevenueAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.monthlyRevenue,
    queryFn: ({ signal }) => getJson("/api/analytics/monthly-revenue", ZMonthlyRevenueAnalytics, { signal }),
    enabled,
  });
}

/** GET /api/analytics/occupancy: 8 weeks overall, per property and week by week. */
export function useOccupancyAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.occupancy,
    queryFn: ({ signal }) => getJson("/api/analytics/occupancy", ZOccupancyAnalytics, { signal }),
    enabled,
  });
}
