import { ZLandlordAnalytics } from "@common/schemas/analytics";
import { ZLandlordBooking } from "@common/schemas/bookings";
import { ZMyProperties } from "@common/schemas/landlord-properties";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getJson } from "@/lib/api-client";

/**
 * The landlord dashboard's reads. The keys are the shared ones (helper rules), so My Properties, All Bookings and
 * the dashboard share one cache entry each and a landlord's write refreshes them all.
 */
export const landlordDashboardKeys = {
  analytics: ["analytics", "landlord"] as const,
  properties: ["landlord", "properties"] as const,
  bookings: ["bookings", "landlord"] as const,
};

/** GET /api/analytics/landlord: revenue, monthly revenue, occupancy and the booking count. */
export function useLandlordAnalytics() {
  return useQuery({
    queryKey: landlordDashboardKeys.analytics,
    queryFn: ({ signal }) => getJson("/api/analytics/landlord", ZLandlordAnalytics, { signal }),
  });
}

/** GET /api/properties/my-properties. */
export function useLandlordProperties() {
  return useQuery({
    queryKey: landlordDashboardKeys.properties,
    queryFn: ({ signal }) => getJson("/api/properties/my-properties", ZMyProperties, { signal }),
  });
}

/** GET /api/bookings/landlord-bookings: newest first. */
export function useLandlordDashboardBookings() {
  return useQuery({
    queryKey: landlordDashboardKeys.bookings,
    queryFn: ({ signal }) => getJson("/api/bookings/landlord-bookings", z.array(ZLandlordBooking), { signal }),
  });
}
