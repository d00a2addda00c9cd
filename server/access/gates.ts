import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  accessVerdict,
  ENROLMENT_PERMISSIONS,
  mustEnrolTwoFactor,
  type Permission,
  type PermissionAction,
  type PermissionEntity,
  type Scope,
} from "../../common/domain/permissions";
import { ForbiddenError, UnauthorizedError } from "../lib/errors";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { refusalFor, twoFactorRefusal } from "./records";

/**
 * Route gates: run as `onRequest` hooks, after the session is read and before the body or query is validated,
 * so someone who may not use a route learns nothing from its validation messages. A gate asks the same role
 * table as the record checks (./records.ts) and the browser's gates (common/domain/permissions.ts).
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * What a route needs: an action on an entity, at whatever scope the user's role reaches, or at the scope named
 * (`any` for a list of every record, which a landlord's `own` must not open).
 */
export type RouteAccess = readonly [PermissionAction, PermissionEntity, Scope?];

declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission a route inside a `gateFolder` needs. */
    access?: RouteAccess;
  }
}

const SIGNED_OUT = "You need to be logged in to access this area.";

/** The signed-in user of a guarded route (the gate has already refused everyone else). */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new UnauthorizedError(SIGNED_OUT);
  return request.currentUser;
}

/**
 * The session's user, or null when signed out. For routes open to everyone that do more for a signed-in user; a
 * frozen account is treated as signed out everywhere, at once, these routes included.
 */
export async function sessionUser(request: FastifyRequest): Promise<UserRow | null> {
  // Usually read with the session (plugins/sessions.ts); read here when the session began in this request.
  const user =
    request.currentUser ??
    (request.sessionUserId === null ? undefined : await findUserById(request.server.db, request.sessionUserId));
  if (!user || user.isFrozen) return null;
  request.currentUser = user;
  return user;
}

/** The access facts of a user's row, with whether two-factor sign-in is on. */
export const accessSubject = (user: UserRow) => ({ ...user, twoFactorEnabled: user.totpEnabledAt !== null });

/**
 * The signed-in user of a gated route. Someone whose role must sign in with two factors (an administrator) and who
 * has not set it up yet reaches only what setting it up needs (`permission` among ENROLMENT_PERMISSIONS): a stolen
 * administrator's password alone must not open the admin pages, even before two-factor was first set up.
 */
async function loadUser(request: FastifyRequest, permission?: Permission): Promise<UserRow> {
  const user = await sessionUser(request);
  if (!user) throw new UnauthorizedError(SIGNED_OUT);
  if (mustEnrolTwoFactor(accessSubject(user)) && !(permission && ENROLMENT_PERMISSIONS.includes(permission))) {
    throw twoFactorRefusal();
  }
  return user;
}

/** Any signed-in user. */
export const requireUser: Guard = async (request) => {
  await loadUser(request);
};

/**
 * The user's role reaches `action` on `entity` (at `scope` when given) and a landlord's standing allows it; else
 * the gate's 403.
 */
export function allow(action: PermissionAction, entity: PermissionEntity, scope?: Scope): Guard {
  return async (request) => {
    const user = await loadUser(request, `${action}:${entity}:own` as Permission);
    const verdict = accessVerdict(accessSubject(user), action, entity, scope);
    if (verdict.kind !== "allowed") throw refusalFor(verdict);
  };
}

/**
 * Feature access by verification (saving and reviewing need a verified e-mail; booking and listing a phone too):
 * what is missing, and where the user fixes it.
 */
export function requireVerified(needs: { email?: boolean; phone?: boolean }): Guard {
  return async (request) => {
    const user = await loadUser(request);
    if (needs.email && !user.emailVerified) {
      throw new ForbiddenError("Please verify your email address first.", {
        requiresEmailVerification: true,
        verifyAt: "/verification-status",
      });
    }
    if (needs.phone && !user.phoneVerified) {
      throw new ForbiddenError("Please verify your phone number first.", {
        requiresPhoneVerification: true,
        verifyAt: "/phone-verification",
      });
    }
  };
}

/**
 * One gate for every route of a folder (a Fastify plugin): each route states its permission in
 * `config.access`, or takes the folder's `fallback`. A route that states none where there is no fallback stops
 * the app at start, so no route of the folder can be reached ungated. `scope` is the least scope every route of
 * the folder needs: the admin folder asks for `any`, so a landlord's `read:analytics:own` does not open the
 * platform's figures.
 */
export function gateFolder(app: FastifyInstance, options: { fallback?: RouteAccess; scope?: Scope } = {}): void {
  const { fallback, scope } = options;
  app.addHook("onRoute", (route) => {
    if (!route.config?.access && !fallback) {
      throw new Error(`${route.method} ${route.url} states no access rule (config.access) in a gated folder`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access ?? fallback;
    if (!access) throw new ForbiddenError("You don't have the required permissions to access this area.");
    const [action, entity, routeScope] = access;
    await allow(action, entity, routeScope ?? scope)(request);
  });
}
