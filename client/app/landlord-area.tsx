import type * as React from "react";
import { AccessGate } from "@/features/auth/components/access-gate";
import type { LandlordFeature } from "@/features/auth/components/landlord-feature-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import type { PageAccess } from "@/features/auth/utils/gate-verdict";

/**
 * Who may use a landlord page, as the server decides: landlords with their features open (approved, phone
 * verified) and admins. Pages fetch only when `allowed`, so a gated visitor never fires a refused request.
 */
export function useLandlordAccess(access: PageAccess = ["read", "property"]) {
  return useAccess(access);
}

/** The frame of every landlord page: the gate, which explains a pending approval or an unverified phone. */
export function LandlordArea({
  access,
  feature,
  children,
}: {
  access: ReturnType<typeof useLandlordAccess>;
  feature: LandlordFeature;
  children: React.ReactNode;
}) {
  return (
    <AccessGate verdict={access.verdict} feature={feature}>
      {children}
    </AccessGate>
  );
}
