import { accessVerdict, type PermissionAction, type PermissionEntity, type Scope } from "@common/domain/permissions";
import type { TSessionUser } from "@common/schemas/auth";

/** The signed-in state, as the page reads it from the session. */
export type GateAuth =
  | { status: "loading"; user?: undefined }
  | { status: "anonymous"; user: null }
  | { status: "authenticated"; user: TSessionUser };

/**
 * What a page needs: an action on an entity, optionally only at one scope, as the server's route gate asks
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
  | { kind: "allowed" };

/**
 * Spec 2 §6's gates, from the same table the server reads: the role must reach the page's records, the
 * user's permissions list (from the session) must hold one permission for them, and a landlord's own-listing
 * pages wait for approval and a verified phone. The server checks the same on every call; this spares a page
 * of refusals and explains them.
 */
export function gateVerdict(auth: GateAuth, [action, entity, only]: PageAccess): GateVerdict {
  if (auth.status === "loading") return { kind: "loading" };
  if (auth.status === "anonymous") return { kind: "anonymous" };
  const { user } = auth;
  const verdict = accessVerdict(user, action, entity, only);
  if (verdict.kind === "wrong-role") return verdict;
  if (!user.permissions.some((permission) => permission.startsWith(`${action}:${entity}:${only ?? ""}`))) {
    return { kind: "missing-permission" };
  }
  return verdict.kind === "allowed" ? { kind: "allowed" } : verdict;
}
