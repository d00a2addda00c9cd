import { grantedScopes, type PermissionAction, type PermissionEntity } from "@common/domain/permissions";
import type { Role } from "@common/domain/roles";

export type VerificationNeed = "email" | "phone";

export type GatedFeature = {
  name: string;
  needs: readonly VerificationNeed[];
  /** Only roles holding this permission use the feature at all (posting properties is for landlords). */
  permission?: readonly [PermissionAction, PermissionEntity];
};

/** What each verification step unlocks: saving needs a verified e-mail; booking and listing need both. */
export const VERIFICATION_FEATURES: readonly GatedFeature[] = [
  { name: "Browse properties", needs: [] },
  { name: "Create an account", needs: [] },
  { name: "Save favourites", needs: ["email"] },
  { name: "Leave reviews", needs: ["email"] },
  { name: "Contact support", needs: ["email"] },
  { name: "Book properties", needs: ["email", "phone"] },
  { name: "Post properties", needs: ["email", "phone"], permission: ["create", "property"] },
];

export type FeatureAccess =
  | { kind: "allowed" }
  | { kind: "not-for-role" }
  | { kind: "locked"; missing: VerificationNeed[] };

type VerificationState = { role: Role; emailVerified: boolean; phoneVerified: boolean };

/** Whether this user may use the feature now, and if not, which verification is missing. */
export function featureAccess(feature: GatedFeature, user: VerificationState): FeatureAccess {
  if (feature.permission && grantedScopes(user.role, ...feature.permission).length === 0)
    return { kind: "not-for-role" };
  const missing = feature.needs.filter((need) => (need === "email" ? !user.emailVerified : !user.phoneVerified));
  return missing.length === 0 ? { kind: "allowed" } : { kind: "locked", missing };
}

/** "Nothing", "Verified email", "Verified email and phone". */
export function describeNeeds(needs: readonly VerificationNeed[]): string {
  return needs.length === 0 ? "Nothing" : `Verified ${needs.join(" and ")}`;
}
