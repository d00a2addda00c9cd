import type { MaintenancePart } from "../../common/domain/maintenance";
import {
  type AccessSubject,
  type AccessVerdict,
  accessVerdict,
  grantedScopes,
  mayActOn,
  type PermissionAction,
  type PermissionEntity,
  type RecordFacts,
  scopeOver,
} from "../../common/domain/permissions";
import type { Database } from "../db/client";
import { type AppError, ForbiddenError, notFound } from "../lib/errors";
import { parsePropertyRef } from "../lib/property-ref";
import { findPropertyOwnership, type PropertyOwnership } from "../repositories/properties/ownership.repository";

/**
 * The server's side of the access module: "may this user do this to this record?", with the records read from
 * the database. The rules themselves (which scopes a role reaches, how a record relates to a user) live in
 * common/domain/permissions.ts, which the browser's gates read too. A record the user may not touch answers
 * exactly like one that does not exist, so ids reveal nothing. Route gates (./gates.ts) have already refused
 * users whose role reaches no record of the kind at all.
 */
export type Actor = AccessSubject & { id: number };
export { mayActOn, scopeOver };

/** The 403 a gate answers for a verdict other than "allowed", in the words the browser's gates show. */
export function refusalFor(verdict: Exclude<AccessVerdict, { kind: "allowed" }>): AppError {
  switch (verdict.kind) {
    case "wrong-role":
      return new ForbiddenError(
        `You don't have the required role to access this area. Required: ${verdict.required}. Your role: ${verdict.actual}`,
      );
    case "approval-pending":
      return new ForbiddenError("Account Approval Pending", { requiresApproval: true });
    case "phone-unverified":
      return new ForbiddenError("Phone Verification Required", {
        requiresPhoneVerification: true,
        verifyAt: "/phone-verification",
      });
    case "two-factor-required":
      return twoFactorRefusal();
  }
}

/** The 403 for someone who must turn on two-factor sign-in first: Profile is where they do it. */
export function twoFactorRefusal(): AppError {
  return new ForbiddenError("Two-Factor Sign-In Required", {
    requiresTwoFactor: true,
    verifyAt: "/profile#two-factor",
  });
}

/**
 * The property named by `ref` (id or slug) if `user` may do `action` to it (or to what `entity` names of it, such
 * as its manager); otherwise the same 404 as for none.
 */
export async function propertyOr404(
  db: Database,
  ref: string,
  user: Actor,
  action: PermissionAction = "update",
  entity: "property" | "property-manager" = "property",
): Promise<PropertyOwnership> {
  const parsed = parsePropertyRef(ref);
  const row = parsed && (await findPropertyOwnership(db, parsed));
  if (!row || !mayActOn(user, action, entity, row)) throw notFound("Property not found");
  return row;
}

/**
 * The listing whose instant book `user` may switch: its owner (or an admin), as for any change to the listing. Another
 * landlord, a guest or a manager gets the same 404 as for no listing.
 */
export function instantBookSettingsOr404(db: Database, ref: string, user: Actor): Promise<PropertyOwnership> {
  return propertyOr404(db, ref, user, "update");
}

/** Which records a list may show: every one, or those of properties the user owns. */
export type OwnerScope = { ownerId: number } | { everyone: true };

/** The widest scope at which `user` may do `action` to records of `entity`, for a list or a figure. */
export function listScope(user: Actor, action: PermissionAction, entity: PermissionEntity): OwnerScope {
  const verdict = accessVerdict(user, action, entity);
  if (verdict.kind !== "allowed") throw refusalFor(verdict);
  if (verdict.scopes.includes("any")) return { everyone: true };
  return { ownerId: user.id };
}

/** The parts a person can play in a booking; the lifecycle's transitions say what each may do. */
export type BookingPart = "guest" | "landlord" | "admin";
export type BookingAction = "read" | "cancel" | "respond";

/**
 * The user's part in a booking for `action`: its guest, the host (owner of its property), or someone who reaches
 * every booking (an admin). A host whose landlord features are closed (approval pending, phone unverified, no
 * longer a landlord) gets that refusal, not a 404: they know the booking. Anyone else gets a 404.
 */
export function bookingPart(
  user: Actor,
  booking: { guestId: number; ownerId: number },
  action: BookingAction,
): BookingPart {
  if (action !== "respond" && mayActOn(user, action, "booking", booking)) return "guest";
  if (booking.ownerId === user.id) {
    const verdict = accessVerdict(user, action, "property-booking");
    if (verdict.kind !== "allowed") throw refusalFor(verdict);
    return "landlord";
  }
  if (scopeOver(user, action, "property-booking", booking) === "any") return "admin";
  throw notFound("Booking not found");
}

/**
 * A tenancy's tenant acting on it (giving notice, saving the card the rent is paid with). Its landlord and admins may
 * read the tenancy but not act as the tenant (403); anyone else gets the 404 of a booking that does not exist.
 */
export function tenantOf(user: Actor, booking: { guestId: number; ownerId: number }): void {
  if (bookingPart(user, booking, "read") !== "guest") {
    throw new ForbiddenError("Only the tenant can do this on their tenancy.");
  }
}

/**
 * Whether `user` may have a booking's receipt or VAT invoice: the guest who paid, or someone who reaches every booking
 * (an admin). Those documents are the guest's, so the landlord, like anyone else, gets the 404 of a booking that
 * does not exist.
 */
export function guestDocumentsOr404(user: Actor, booking: { guestId: number; ownerId: number }): void {
  if (mayActOn(user, "read", "booking", booking)) return;
  if (booking.ownerId !== user.id && scopeOver(user, "read", "property-booking", booking) === "any") return;
  throw notFound("Booking not found");
}

/**
 * The payee whose statements (or, for a landlord, tax-year summary) `user` may read: only ever their own. Statements
 * are for whoever is paid through the platform (landlords, property managers, contractors), the tax-year summary of
 * lettings income for landlords. Everyone else gets the gate's 403 with the roles the pages are for.
 */
export function statementPayee(user: Actor, entity: "statement" | "tax-report" | "levy-return" = "statement"): number {
  const verdict = accessVerdict(user, "read", entity, "own");
  if (verdict.kind !== "allowed") throw refusalFor(verdict);
  return user.id;
}

/**
 * The host whose held visitor levy `user` may pay to the council: only ever their own (the levy is held per host, so
 * there is no id to name another's). Anyone else gets the gate's 403.
 */
export function levyPayer(user: Actor): number {
  const verdict = accessVerdict(user, "pay", "levy-return", "own");
  if (verdict.kind !== "allowed") throw refusalFor(verdict);
  return user.id;
}

/** What the access module needs to know about a maintenance job (see RecordFacts in common/domain/permissions.ts). */
export type JobFacts = RecordFacts["maintenance-job"];

/**
 * The part `user` plays in a maintenance job; the job's transitions say what each part may do. The closest relation
 * wins: the owner runs their property's jobs, the manager the jobs of properties assigned to them, a contractor
 * works on jobs offered to or taken by them, an admin runs any job, and the guest who reported a job follows it.
 * An owner whose landlord features are closed gets that refusal; anyone else unrelated gets a 404.
 */
export function maintenancePart(user: Actor, job: JobFacts): MaintenancePart {
  const runs = scopeOver(user, "manage", "maintenance-job", job);
  if (runs === "own") return "owner";
  if (runs === "assigned") return "manager";
  if (scopeOver(user, "work", "maintenance-job", job) === "assigned") return "contractor";
  if (runs === "any") return "admin";
  if (job.reporterId === user.id && mayActOn(user, "read", "maintenance-job", job)) return "reporter";
  if (job.ownerId === user.id) {
    const verdict = accessVerdict(user, "manage", "maintenance-job");
    if (verdict.kind !== "allowed") throw refusalFor(verdict);
  }
  throw notFound("Job not found");
}

/**
 * Which jobs a list may show `user`, as the relations the access rules grant (each one a reason to see a job):
 * every job for an admin; otherwise those of their properties, of properties they manage, offered to or taken by
 * them as a contractor, and those they reported.
 */
export type JobListScope =
  | { everyone: true }
  | { ownerId?: number; managerId?: number; contractorId?: number; reporterId?: number };

export function jobListScope(user: Actor): JobListScope {
  const reaches = (action: PermissionAction, scope: "own" | "assigned" | "any") =>
    grantedScopes(user.role, action, "maintenance-job").includes(scope) &&
    accessVerdict(user, action, "maintenance-job", scope).kind === "allowed";
  if (reaches("read", "any")) return { everyone: true };
  return {
    ...(reaches("manage", "own") ? { ownerId: user.id } : {}),
    ...(reaches("manage", "assigned") ? { managerId: user.id } : {}),
    ...(reaches("work", "assigned") ? { contractorId: user.id } : {}),
    ...(reaches("read", "own") ? { reporterId: user.id } : {}),
  };
}

/** What the access module needs to know about a guest–host conversation. */
export type ThreadFacts = RecordFacts["message-thread"];
/** The side a person is on in a guest–host conversation. */
export type ThreadSide = "guest" | "host" | "manager";

/**
 * The side `user` is on in a conversation: its guest, the listing's owner (the host), or the listing's current
 * manager. Nobody else reads or writes it, admins included (they hold no `any` scope here): anyone else gets the
 * 404 of a conversation that does not exist. An owner whose landlord features are closed gets that refusal.
 */
export function threadSide(user: Actor, thread: ThreadFacts, missing = "Conversation not found"): ThreadSide {
  const scope = scopeOver(user, "message", "message-thread", thread);
  if (scope === "own" && thread.guestId === user.id) return "guest";
  if (scope === "own") {
    const verdict = accessVerdict(user, "read", "property-booking");
    if (verdict.kind !== "allowed") throw refusalFor(verdict);
    return "host";
  }
  if (scope === "assigned") return "manager";
  throw notFound(missing);
}

/** Which conversations `user` is on: their own as a guest, and as a host or a manager where their role reaches. */
export function threadListScope(user: Actor): { guestId: number; ownerId?: number; managerId?: number } {
  const hosts = accessVerdict(user, "read", "property-booking").kind === "allowed";
  const manages = grantedScopes(user.role, "message", "message-thread").includes("assigned");
  return {
    guestId: user.id,
    ...(hosts ? { ownerId: user.id } : {}),
    ...(manages ? { managerId: user.id } : {}),
  };
}

/** The side a person is on in an owner–manager conversation. */
export type OwnerManagerSide = "owner" | "manager";

/**
 * The side `user` is on in the conversation of a manager's assignment: the property's owner, or the assignment's
 * manager. Nobody else, admins included, learns it exists: the 404 of one that does not.
 */
export function ownerManagerSide(
  user: Actor,
  conversation: RecordFacts["manager-thread"] | undefined,
  missing = "Conversation not found",
): OwnerManagerSide {
  if (!conversation || !mayActOn(user, "message", "manager-thread", conversation)) throw notFound(missing);
  return conversation.ownerId === user.id ? "owner" : "manager";
}

/** The part a person plays in a damage claim. */
export type DamageClaimPart = "guest" | "host" | "admin";

/**
 * The part `user` plays in a damage claim for `action`: the stay's guest (reads, answers), the listing's owner
 * (raises, reads) or an administrator (reads every claim, decides disputed ones). An owner whose landlord features
 * are closed gets that refusal when raising; anyone else gets the 404 of a claim that does not exist.
 */
export function damageClaimPart(
  user: Actor,
  claim: RecordFacts["damage-claim"],
  action: "raise" | "read" | "answer" | "decide",
  missing = "Claim not found",
): DamageClaimPart {
  const scope = scopeOver(user, action, "damage-claim", claim);
  if (scope === "own") return claim.guestId === user.id && action !== "raise" ? "guest" : "host";
  if (scope === "any") return "admin";
  if (action === "raise" && claim.ownerId === user.id) {
    const verdict = accessVerdict(user, action, "damage-claim");
    if (verdict.kind !== "allowed") throw refusalFor(verdict);
  }
  throw notFound(missing);
}
