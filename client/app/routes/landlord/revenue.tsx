import { may } from "@common/domain/permissions";
import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useMonthlyRevenueAnalytics, useRevenueAnalytics } from "@/features/landlord-analytics/api/analytics-api";
import { RevenuePage } from "@/features/landlord-analytics/components/revenue-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/** /landlord/revenue: landlords (their own figures) and admins (everyone's). */
export function Component() {
  useDocumentTitle("Revenue Analytics");
  const access = useLandlordAccess(["read", "analytics"]);
  const revenue = useRevenueAnalytics(access.allowed);
  const monthly = useMonthlyRevenueAnalytics(access.allowed);
  return (
    <LandlordArea access={access} feature="revenue and occupancy analytics">
      <RevenuePage
        state={queryPageState(revenue)}
        monthly={queryPageState(monthly, "refetch")}
        taxDetailsLink={access.user ? may(access.user, "manage", "tax-details") : false}
      />
    </LandlordArea>
  );
}
