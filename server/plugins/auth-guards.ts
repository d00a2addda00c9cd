import type { FastifyRequest } from "fastify";
import { GATE_ROLE_LABELS, type Permission, ROLE_PERMISSIONS, type Role } from "../../common/domain/roles";
import { AppError } from "../lib/errors";
import { findUserById, type UserRow } from "../repositories/users.repository";

/**
 * A guard runs as a route's `onRequest` hook: after the session is read, before the body or query is
 * validated, so someone who may not use a route learns nothing from its validation messages.
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** The signed-in user of a guarded route (the guard has already refused everyone else). */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new AppError(401, "You need to be logged in to access this area.");
  return request.currentUser;
}

async function loadUser(request: FastifyRequest): Promise<UserRow> {
  // Usually read with the session (plugins/sessions.ts); read here when the session began in this request.
  const user =
    request.currentUser ??
    (request.sessionUserId === null ? undefined : await findUserById(request.server.db, request.sessionUserId));
  // A frozen account is treated as signed out everywhere, at once.
  if (!user || user.isFrozen) throw new AppError(401, "You need to be logged in to access this area.");
  request.currentUser = user;
  return user;
}

/** Any signed-in user. */
export const requireUser: Guard = async (request) => {
  await loadUser(request);
};

/**
 * One of `roles`, and (when given) at least one of `permissions`: the server side of spec 2 §6's role
 * gate, with the same wording the page shows.
 */
export function requireRole(roles: readonly Role[], permissions: readonly Permission[] = []): Guard {
  return async (request) => {
    const user = await loadUser(request);
    if (!roles.includes(user.role)) {
      const required = roles.map((r) => GATE_ROLE_LABELS[r]).join(", ");
      throw new AppError(
        403,
        `You don't have the required role to access this area. Required: ${required}. Your role: ${GATE_ROLE_LABELS[user.role]}`,
      );
    }
    const granted = ROLE_PERMISSIONS[user.role];
    if (permissions.length > 0 && !permissions.some((p) => granted.includes(p))) {
      throw new AppError(403, "You don't have the required permissions to access this area.");
    }
  };
}

/** Feature access by verification (spec 2 §6): what is missing, and where the user fixes it. */
export function requireVerified(needs: { email?: boolean; phone?: boolean }): Guard {
  return async (request) => {
    const user = await loadUser(request);
    if (needs.email && !user.emailVerified) {
      throw new AppError(403, "Please verify your email address first.", {
        requiresEmailVerification: true,
        verifyAt: "/verification-status",
      });
    }
    if (needs.phone && !user.phoneVerified) {
      throw new AppError(403, "Please verify your phone number first.", {
        requiresPhoneVerification: true,
        verifyAt: "/phone-verification",
      });
    }
  };
}

/** The landlord feature gate (spec 2 §6): approved, then phone verified. */
export const requireLandlordAccess: Guard = async (request) => {
  const user = await loadUser(request);
  if (user.role !== "landlord" && user.role !== "admin") {
    throw new AppError(
      403,
      `You don't have the required role to access this area. Required: Landlord/Owner. Your role: ${GATE_ROLE_LABELS[user.role]}`,
    );
  }
  if (user.role === "landlord" && !user.isApproved) {
    throw new AppError(403, "Account Approval Pending", { requiresApproval: true });
  }
  if (user.role === "landlord" && !user.phoneVerified) {
    throw new AppError(403, "Phone Verification Required", {
      requiresPhoneVerification: true,
      verifyAt: "/phone-verification",
    });
  }
};
