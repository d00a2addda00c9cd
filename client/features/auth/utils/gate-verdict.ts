import {
  accessVerdict,
  ENROLMENT_PERMISSIONS,
  mustEnrolTwoFactor,
  type Permission,
  type PermissionAction,
  type PermissionEntity,
  type Scope,
} from "@common/domain/permissions";
import type { TSessionUser } from "@common/schemas/auth";

/** The signed-in state, as the page reads it from the session. */
export type GateAuth =
  | { status: "loading"; user?: undefined }
  | { status: "anonymous"; user: null }
  | { status: "authenticated"; user: TSessionUser };

/**
 * What a page needs: an action on an entity, at a given scope if named, as the server's route gate asks
 * (common/domain/permissions.ts).
 */
export type PageAccess = readonly [PermissionAction, PermissionEntity, Scope?];

export type GateVerdict =
  | { kind: "loading" }
  | { kind: "anonymous" }
  | { kind: "wrong-role"; required: string; actual: string }
  | { kind: "missing-permission" }
  | { kind: "approval-pending" }
  | { kind: "phone-unverified" }
  | { kind: "two-factor-required" }
  | { kind: "allowed" };

/**
 * The pages' gates, from the same table the server reads: the role must reach the page's records, the
 * user's permissions list (from the session) must hold one permission for them, and a landlord's own-listing
 * pages wait for approval and a verified phone. The server checks the same on every call; this spares a page
 * of refusals and explains them.
 */
export function gateVerdict(auth: GateAuth, [action, entity, scope]: PageAccess): GateVerdict {
  if (auth.status === "loading") return { kind: "loading" };
  if (auth.status === "anonymous") return { kind: "anonymous" };
  const { user } = auth;
  // An administrator without two-factor reaches only setting it up, as the server's gates say (server/access/gates.ts).
  if (mustEnrolTwoFactor(user) && !ENROLMENT_PERMISSIONS.includes(`${action}:${entity}:own` as Permission)) {
    return { kind: "two-factor-required" };
  }
  const verdict = accessVerdict(user, action, entity, scope);
  if (verdict.kind === "wrong-role") return verdict;
  const needed = scope ? `${action}:${entity}:${scope}` : `${action}:${entity}:`;
  if (!user.permissions.some((permission) => permission.startsWith(needed))) {
    return { kind: "missing-permission" };
  }
  return verdict.kind === "allowed" ? { kind: "allowed" } : verdict;
}
