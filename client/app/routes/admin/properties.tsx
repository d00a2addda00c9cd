import { AdminPage } from "@/components/layouts/admin-page";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { ExportPropertiesButton } from "@/features/properties/admin/components/export-properties-button";
import { PropertyManagementBoard } from "@/features/properties/admin/components/property-management-board";
import { usePropertyListParams } from "@/features/properties/admin/hooks/use-property-list-params";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /admin/properties, behind the admin gate: every landlord's listings are
 * readable only at the `any` scope, which landlords (who read their own) do not hold.
 */
export function Component() {
  useDocumentTitle("Property Management");
  const access = useAccess(["read", "property", "any"]);
  const list = usePropertyListParams();
  return (
    <AccessGate verdict={access.verdict}>
      <AdminPage
        title="Property Management"
        intro={
          <p>
            Every listing on StayLondon with its owner and bookings. Verify a listing after a visit, remove one that
            breaks the rules, restore it, or export the list.
          </p>
        }
        actions={<ExportPropertiesButton filters={list.exportFilters} />}
      >
        <PropertyManagementBoard list={list} enabled={access.allowed} />
      </AdminPage>
    </AccessGate>
  );
}
