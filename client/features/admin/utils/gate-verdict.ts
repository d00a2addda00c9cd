import { GATE_ROLE_LABELS, type Permission, type Role } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";

/** The signed-in state, as the page reads it from the session (features do not import each other). */
export type GateAuth =
  | { status: "loading"; user?: undefined }
  | { status: "anonymous"; user: null }
  | { status: "authenticated"; user: TSessionUser };

export type GateVerdict =
  | { kind: "loading" }
  | { kind: "anonymous" }
  | { kind: "wrong-role"; required: string; actual: string }
  | { kind: "missing-permission" }
  | { kind: "allowed" };

/**
 * Spec 2 §6 "Role gate around admin pages": one of `roles`, then at least one of `permissions` (when any are
 * given) from the user's list. The server checks the same on every call; this only spares a page of refusals.
 */
export function gateVerdict(auth: GateAuth, roles: readonly Role[], permissions: readonly Permission[]): GateVerdict {
  if (auth.status === "loading") return { kind: "loading" };
  if (auth.status === "anonymous") return { kind: "anonymous" };
  const { user } = auth;
  if (!roles.includes(user.role)) {
    return {
      kind: "wrong-role",
      required: roles.map((role) => GATE_ROLE_LABELS[role]).join(", "),
      actual: GATE_ROLE_LABELS[user.role],
    };
  }
  if (permissions.length > 0 && !permissions.some((permission) => user.permissions.includes(permission))) {
    return { kind: "missing-permission" };
  }
  return { kind: "allowed" };
}
