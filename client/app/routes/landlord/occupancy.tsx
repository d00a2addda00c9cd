import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useOccupancyAnalytics } from "@/features/landlord-analytics/api/analytics-api";
import { OccupancyPage } from "@/features/landlord-analytics/components/occupancy-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/** /landlord/occupancy: landlords and admins. */
export function Component() {
  useDocumentTitle("Occupancy Analytics");
  const access = useLandlordAccess(["read", "analytics"]);
  const occupancy = useOccupancyAnalytics(access.allowed);
  return (
    <LandlordArea access={access} feature="revenue and occupancy analytics">
      <OccupancyPage state={queryPageState(occupancy)} />
    </LandlordArea>
  );
}
