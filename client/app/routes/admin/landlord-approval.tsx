import { AdminPageHeader } from "@/features/admin/components/admin-page-header";
import { LandlordApprovalBoard } from "@/features/admin/components/landlord-approval-board";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/landlord-approval (spec 2 "Landlord Approvals"), behind the admin gate. */
export function Component() {
  useDocumentTitle("Landlord Approvals");
  const { verdict } = useAccess(["approve", "landlord"]);
  return (
    <AccessGate verdict={verdict}>
      <div className="container-page grid gap-10 py-10 sm:py-14">
        <AdminPageHeader title="Landlord Approvals">
          New landlords can list properties once an administrator has reviewed their application.
        </AdminPageHeader>
        <LandlordApprovalBoard />
      </div>
    </AccessGate>
  );
}
