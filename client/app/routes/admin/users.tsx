import { AdminPage } from "@/components/layouts/admin-page";
import { UserManagement } from "@/features/admin/components/user-management";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /admin/users, behind the admin gate. */
export function Component() {
  useDocumentTitle("User Management");
  const access = useAccess(["read", "user", "any"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AdminPage
        title="User Management"
        intro={
          <p>
            Every account on StayLondon. Change a role, or freeze an account to sign its owner out and stop them signing
            in. Changes take effect on the person's next page.
          </p>
        }
      >
        {access.allowed && access.user ? <UserManagement currentUserId={access.user.id} /> : null}
      </AdminPage>
    </AccessGate>
  );
}
