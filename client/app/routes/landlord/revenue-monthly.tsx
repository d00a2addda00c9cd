import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useMonthlyRevenueAnalytics } from "@/features/landlord-analytics/api/analytics-api";
import { MonthlyRevenuePage } from "@/features/landlord-analytics/components/monthly-revenue-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/** /landlord/revenue/monthly: landlords and admins. */
export function Component() {
  useDocumentTitle("Monthly Revenue Analysis");
  const access = useLandlordAccess(["read", "analytics"]);
  const monthly = useMonthlyRevenueAnalytics(access.allowed);
  return (
    <LandlordArea access={access} feature="revenue and occupancy analytics">
      <MonthlyRevenuePage state={queryPageState(monthly)} />
    </LandlordArea>
  );
}
