import { AdminToolPage } from "@/app/admin-area";
import { LandlordApprovalBoard } from "@/features/admin/components/landlord-approval-board";
import { useAccess } from "@/features/auth/hooks/use-access";

/** /admin/landlord-approval: landlords waiting for an administrator's review. */
export function Component() {
  const { verdict } = useAccess(["approve", "landlord", "any"]);
  return (
    <AdminToolPage
      verdict={verdict}
      title="Landlord Approvals"
      intro="New landlords can list properties once an administrator has reviewed their application."
    >
      <LandlordApprovalBoard />
    </AdminToolPage>
  );
}
