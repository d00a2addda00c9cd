import { LandlordArea, useLandlordAccess } from "@/app/landlord-area";
import { useLandlordBookings } from "@/features/bookings/landlord/api/landlord-bookings-api";
import { LandlordBookingsPage } from "@/features/bookings/landlord/components/landlord-bookings-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/**
 * /landlord/bookings: landlords (and admins, who see every landlord's) only; a
 * landlord also passes the feature gate 'booking management' (approved, phone verified), as the server checks.
 */
export function Component() {
  useDocumentTitle("All Bookings");
  const access = useLandlordAccess(["read", "property-booking"]);
  const bookings = useLandlordBookings(access.allowed);

  return (
    <LandlordArea access={access} feature="booking management">
      <LandlordBookingsPage state={queryPageState(bookings)} />
    </LandlordArea>
  );
}
