import { AdminPage } from "@/components/layouts/admin-page";
import { LandlordApprovalBoard } from "@/features/admin/components/landlord-approval-board";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/landlord-approval: landlords waiting for an administrator's review. */
export function Component() {
  useDocumentTitle("Landlord Approvals");
  const { verdict } = useAccess(["approve", "landlord", "any"]);
  return (
    <AccessGate verdict={verdict}>
      <AdminPage
        title="Landlord Approvals"
        intro="New landlords can list properties once an administrator has reviewed their application."
      >
        <LandlordApprovalBoard />
      </AdminPage>
    </AccessGate>
  );
}
