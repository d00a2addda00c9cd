import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import { AdminBookingsBoard } from "@/features/bookings/admin/components/admin-bookings-board";

/**
 * /admin/bookings, behind the admin gate: every booking on the platform, which
 * only the `any` scope reaches (a landlord's `own` reads their properties' bookings on All Bookings instead). The
 * board fetches only once the gate lets the admin in.
 */
export function Component() {
  const access = useAccess(["read", "property-booking", "any"]);
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="Booking Oversight"
      intro={
        <p>
          Every booking on StayLondon. Find one by property, place or guest, see its whole history, and confirm or
          cancel requests that are waiting.
        </p>
      }
    >
      <AdminBookingsBoard />
    </AdminToolPage>
  );
}
