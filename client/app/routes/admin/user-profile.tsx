import { useParams } from "react-router";
import { UserNotFound, UserProfileView } from "@/features/admin/components/user-profile-view";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** A user id as the API accepts it: a positive whole number that fits PostgreSQL's integer. */
function parseUserId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * /admin/users/:userId/profile. The page itself has no gate, but the API refuses
 * everyone but admins, so the same gate explains that instead of a misleading 'User Not Found'.
 */
export function Component() {
  useDocumentTitle("User Profile");
  const access = useAccess(["read", "user", "any"]);
  const userId = parseUserId(useParams().userId);
  return (
    <AccessGate verdict={access.verdict}>
      {userId === null ? (
        <UserNotFound />
      ) : access.allowed && access.user ? (
        <UserProfileView userId={userId} currentUserId={access.user.id} />
      ) : null}
    </AccessGate>
  );
}
