import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import { AdminClaimsPage } from "@/features/damage-claims/components/admin-claims-page";

/** /admin/damage-claims: claims a guest disputed, with the evidence, for the team to decide. */
export function Component() {
  const access = useAccess(["decide", "damage-claim", "any"]);
  return (
    <AdminToolPage
      verdict={access.verdict}
      title="Damage claims"
      intro="Claims a guest disputed, oldest first, with the host's photos and both sides' words. A decision is e-mailed to both and an upheld amount is charged."
    >
      <AdminClaimsPage />
    </AdminToolPage>
  );
}
