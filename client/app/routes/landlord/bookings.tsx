import { AdminGate } from "@/features/admin/components/admin-gate";
import { useAuth } from "@/features/auth/api/session";
import { LandlordFeatureGate } from "@/features/auth/components/landlord-feature-gate";
import { useLandlordBookings } from "@/features/landlord-bookings/api/landlord-bookings-api";
import { LandlordBookingsPage } from "@/features/landlord-bookings/components/landlord-bookings-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /landlord/bookings (spec 2 "Landlord All Bookings"): landlords (and admins, who see every landlord's) only; a
 * landlord also passes the feature gate 'booking management' (approved, phone verified), as the server checks.
 */
export function Component() {
  useDocumentTitle("All Bookings");
  const auth = useAuth();
  const user = auth.status === "authenticated" ? auth.user : null;
  const allowed =
    user !== null && (user.role === "admin" || (user.role === "landlord" && user.isApproved && user.phoneVerified));
  const bookings = useLandlordBookings(allowed);

  const page = (
    <LandlordBookingsPage
      state={
        bookings.isPending
          ? { status: "loading" }
          : bookings.isError
            ? { status: "error", retry: () => void bookings.refetch(), retrying: bookings.isFetching }
            : { status: "ready", bookings: bookings.data }
      }
    />
  );
  return (
    <AdminGate auth={auth} roles={["landlord", "admin"]}>
      {user?.role === "landlord" ? (
        <LandlordFeatureGate user={user} feature="booking management">
          {page}
        </LandlordFeatureGate>
      ) : (
        page
      )}
    </AdminGate>
  );
}
