import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import { LapsedCertificatesSection } from "@/features/certificates/components/lapsed-certificates-section";
import { ExportPropertiesButton } from "@/features/properties/admin/components/export-properties-button";
import { PropertyManagementBoard } from "@/features/properties/admin/components/property-management-board";
import { usePropertyListParams } from "@/features/properties/admin/hooks/use-property-list-params";

/**
 * /admin/properties, behind the admin gate: every landlord's listings are
 * readable only at the `any` scope, which landlords (who read their own) do not hold.
 */
export function Component() {
  const access = useAccess(["read", "property", "any"]);
  const list = usePropertyListParams();
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="Property Management"
      intro={
        <p>
          Every listing on StayLondon with its owner and bookings. Verify a listing after a visit, remove one that
          breaks the rules, restore it, or export the list.
        </p>
      }
      actions={<ExportPropertiesButton filters={list.exportFilters} />}
    >
      <LapsedCertificatesSection enabled={access.allowed} />
      <PropertyManagementBoard list={list} enabled={access.allowed} />
    </AdminToolPage>
  );
}
