import type * as React from "react";
import { AdminGate } from "@/features/admin/components/admin-gate";
import { useAuth } from "@/features/auth/api/session";
import { type LandlordFeature, LandlordFeatureGate } from "@/features/auth/components/landlord-feature-gate";

/**
 * Who may use the landlord pages, as the server decides (requireLandlordAccess): admins, and landlords who are
 * approved with a verified phone (spec 2 §6). Pages fetch only when `allowed`, so a gated visitor never fires a
 * request the server would refuse.
 */
export function useLandlordAccess() {
  const auth = useAuth();
  const user = auth.status === "authenticated" ? auth.user : null;
  const allowed =
    user !== null && (user.role === "admin" || (user.role === "landlord" && user.isApproved && user.phoneVerified));
  return { auth, user, allowed };
}

/**
 * The frame of every landlord page: the role gate (landlords and admins), then, for a landlord, the feature gate
 * that explains a pending approval or an unverified phone. Composed here because it joins two features.
 */
export function LandlordArea({
  access,
  feature,
  children,
}: {
  access: ReturnType<typeof useLandlordAccess>;
  feature: LandlordFeature;
  children: React.ReactNode;
}) {
  const { auth, user } = access;
  return (
    <AdminGate auth={auth} roles={["landlord", "admin"]}>
      {user?.role === "landlord" ? (
        <LandlordFeatureGate user={user} feature={feature}>
          {children}
        </LandlordFeatureGate>
      ) : (
        children
      )}
    </AdminGate>
  );
}
