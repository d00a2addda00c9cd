import { AdminGate } from "@/features/admin/components/admin-gate";
import { AdminPageHeader } from "@/features/admin/components/admin-page-header";
import { LandlordApprovalBoard } from "@/features/admin/components/landlord-approval-board";
import { useAuth } from "@/features/auth/api/session";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/landlord-approval (spec 2 "Landlord Approvals"), behind the admin gate. */
export function Component() {
  useDocumentTitle("Landlord Approvals");
  const auth = useAuth();
  return (
    <AdminGate auth={auth} permissions={["approve_landlords"]}>
      <div className="container-page grid gap-10 py-10 sm:py-14">
        <AdminPageHeader title="Landlord Approvals">
          New landlords can list properties once an administrator has reviewed their application.
        </AdminPageHeader>
        <LandlordApprovalBoard />
      </div>
    </AdminGate>
  );
}
