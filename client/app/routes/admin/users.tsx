import { AdminToolPage } from "@/app/admin-area";
import { UserManagement } from "@/features/admin/components/user-management";
import { useAccess } from "@/features/auth/hooks/use-access";

/** /admin/users, behind the admin gate. */
export function Component() {
  const access = useAccess(["read", "user", "any"]);
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="User Management"
      intro={
        <p>
          Every account on StayLondon. Change a role, or freeze an account to sign its owner out and stop them signing
          in. Changes take effect on the person's next page.
        </p>
      }
    >
      {access.allowed && access.user ? <UserManagement currentUserId={access.user.id} /> : null}
    </AdminToolPage>
  );
}
