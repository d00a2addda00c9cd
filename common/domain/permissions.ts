import { GATE_ROLE_LABELS, ROLES, type Role } from "./roles";

/**
 * Who may do what, as one table read by the server's access module (server/access/) and by the browser's
 * gates. A permission is `action:entity:scope`. The scope says which records it reaches:
 *
 * - `own`: records that are yours. A property you own; a `booking` you made as its guest; a `property-booking`
 *   (a booking seen from the host's side) of a property you own; a review of your property; analytics of
 *   your properties.
 * - `assigned`: records of properties or jobs assigned to you (property managers and contractors).
 * - `any`: every record.
 *
 * Whether a record is yours is decided by the access module from the record itself; this table only says
 * which scopes a role reaches.
 */
export const PERMISSIONS = [
  // Staying somewhere: every account may book, cancel and review its own stays and keep a saved list.
  "create:booking:own",
  "read:booking:own",
  "cancel:booking:own",
  "create:review:own",
  "manage:saved-property:own",
  // Hosting.
  "create:property:own",
  "read:property:own",
  "update:property:own",
  "read:property:any",
  "update:property:any",
  "remove:property:any",
  /** Recording what was checked on a visit, the ground of the Verified label. */
  "verify:property:any",
  "read:property-booking:own",
  "respond:property-booking:own",
  "cancel:property-booking:own",
  "read:property-booking:any",
  "respond:property-booking:any",
  "cancel:property-booking:any",
  "respond:review:own",
  "respond:review:any",
  "read:analytics:own",
  "read:analytics:any",
  // Running the platform.
  "read:user:any",
  "update:user:any",
  "approve:landlord:any",
  "read:audit-log:any",
  "read:system:any",
  // Maintenance. A job is `own` to its property's owner (and, to read or withdraw, to the guest who reported it),
  // `assigned` to the property's current manager and to the contractors it is offered to or taken by.
  "report:maintenance-job:own",
  "report:maintenance-job:assigned",
  "report:maintenance-job:any",
  "read:maintenance-job:own",
  "read:maintenance-job:assigned",
  "read:maintenance-job:any",
  /** Triage, offers, dates, cancelling and paying: whoever runs the property. */
  "manage:maintenance-job:own",
  "manage:maintenance-job:assigned",
  "manage:maintenance-job:any",
  /** Accepting, declining, progress and completion: the contractor's side. */
  "work:maintenance-job:assigned",
  "read:earnings:own",
  // Property management: an owner (or an admin) puts a manager on a property; the two talk in its thread.
  "assign:property-manager:own",
  "assign:property-manager:any",
  "read:managed-property:assigned",
  "message:manager-thread:own",
  "message:manager-thread:assigned",
  // Guests and hosts: a thread is `own` to its guest and to the listing's owner, `assigned` to the listing's
  // current manager. Admins hold no `any` scope: conversations stay between their parties.
  "message:message-thread:own",
  "message:message-thread:assigned",
  // Support: a request is `own` to whoever sent it while signed in; the team reads and answers every one.
  "read:support-ticket:own",
  "message:support-ticket:own",
  "read:support-ticket:any",
  "answer:support-ticket:any",
  // One's own account: the places one is signed in, each of which one may end. Nobody reaches anyone else's.
  "manage:account-session:own",
  // One's own profile: the photo others see beside one's name. Nobody changes anyone else's.
  "update:profile:own",
  // Signing in safely: one's own authenticator app and passkeys.
  "manage:two-factor:own",
  "manage:passkey:own",
  /**
   * Where a payee's money goes (setting up their Stripe payout account, where bank details are given): only with
   * two-factor sign-in on. Reading whether payouts are set up needs no second factor. Nobody reaches anyone else's.
   */
  "read:payout:own",
  "manage:payout:own",
  /**
   * The tax details HMRC's yearly report of sellers' earnings needs: whoever is paid through the platform gives
   * their own, before their first payout. Nobody reads anyone else's here.
   */
  "manage:tax-details:own",
  /** HMRC's yearly report of every seller's earnings, and its XML export: the platform's, so administrators'. */
  "read:platform-report:any",
  /** A payee's monthly statements of what they earned and were sent: their own only, never another payee's lines. */
  "read:statement:own",
  /** A landlord's tax-year summary of their lettings income, to help with Self Assessment. */
  "read:tax-report:own",
  /** A host's quarterly visitor levy return: the levied nights of their own stays, never another host's. */
  "read:levy-return:own",
  /** Paying a quarter's held levy to the council: the host's own levy only, whatever their standing. */
  "pay:levy-return:own",
  /**
   * A property's safety certificates and licences: its owner and its current manager keep them; admins read which
   * have lapsed across every listing.
   */
  "manage:certificate:own",
  "manage:certificate:assigned",
  "read:certificate:any",
  // Damage after a short let: `own` to the stay's guest (who reads and answers it) and to the listing's owner (who
  // raises and reads it); administrators read every one and decide disputed ones.
  "raise:damage-claim:own",
  "read:damage-claim:own",
  "answer:damage-claim:own",
  "read:damage-claim:any",
  "decide:damage-claim:any",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

type Split<P extends string> = P extends `${infer A}:${infer E}:${infer S}`
  ? { action: A; entity: E; scope: S }
  : never;
export type PermissionAction = Split<Permission>["action"];
export type PermissionEntity = Split<Permission>["entity"];
export type Scope = "own" | "assigned" | "any";

const TRAVELLER: readonly Permission[] = [
  "create:booking:own",
  "read:booking:own",
  "cancel:booking:own",
  "create:review:own",
  "manage:saved-property:own",
  // A guest reports a problem with a stay they are in or have just left, and follows it.
  "report:maintenance-job:own",
  "read:maintenance-job:own",
  // Ask a host about a listing, and talk about one's stays; a host answers through the same permission.
  "message:message-thread:own",
  // Follow one's own requests to the support team, and add to them.
  "read:support-ticket:own",
  "message:support-ticket:own",
  "manage:account-session:own",
  "update:profile:own",
  "manage:two-factor:own",
  "manage:passkey:own",
  // See a damage claim on one's stay, and accept or dispute it.
  "read:damage-claim:own",
  "answer:damage-claim:own",
];

/** What a landlord reaches on their own listings; held only once approved with a verified phone. */
export const LANDLORD_FEATURE_PERMISSIONS = [
  "create:property:own",
  "read:property:own",
  "update:property:own",
  "read:property-booking:own",
  "respond:property-booking:own",
  "cancel:property-booking:own",
  "respond:review:own",
  "read:analytics:own",
  "manage:maintenance-job:own",
  "assign:property-manager:own",
  "message:manager-thread:own",
  "read:payout:own",
  "manage:payout:own",
  "manage:certificate:own",
  "raise:damage-claim:own",
] as const satisfies readonly Permission[];

/**
 * Permissions held only with two-factor sign-in on: whoever could take over a session or a password could otherwise
 * send a payee's money elsewhere.
 */
export const TWO_FACTOR_PERMISSIONS: readonly Permission[] = ["manage:payout:own"];

/** Roles that must sign in with a second factor: an administrator's account reaches everyone's. */
export const TWO_FACTOR_ROLES: readonly Role[] = ["admin"];

/**
 * What someone whose role must have two-factor may still do before they have set it up: set it up (and add a
 * passkey) and see where they are signed in. Profile, GET /api/auth/user and signing out are open to every session.
 */
export const ENROLMENT_PERMISSIONS: readonly Permission[] = [
  "manage:two-factor:own",
  "manage:passkey:own",
  "manage:account-session:own",
];

/** Whether this person must set up two-factor sign-in before anything else. */
export function mustEnrolTwoFactor(subject: { role: Role; twoFactorEnabled: boolean }): boolean {
  return TWO_FACTOR_ROLES.includes(subject.role) && !subject.twoFactorEnabled;
}

/**
 * Being paid through the platform: a landlord their share of stays (with their landlord features), a manager their fee,
 * a contractor their jobs.
 */
const PAYEE_PERMISSIONS: readonly Permission[] = ["read:payout:own", "manage:payout:own"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  guest: TRAVELLER,
  // A landlord may give their tax details while their approval is pending: payouts wait on them, not they on it.
  // So are their statements and tax-year summaries: money already earned stays readable whatever their standing.
  landlord: [
    ...TRAVELLER,
    ...LANDLORD_FEATURE_PERMISSIONS,
    "manage:tax-details:own",
    "read:statement:own",
    "read:tax-report:own",
    "read:levy-return:own",
    "pay:levy-return:own",
  ],
  property_manager: [
    ...TRAVELLER,
    "report:maintenance-job:assigned",
    "read:maintenance-job:assigned",
    "manage:maintenance-job:assigned",
    "read:managed-property:assigned",
    "message:manager-thread:assigned",
    "message:message-thread:assigned",
    "manage:certificate:assigned",
    ...PAYEE_PERMISSIONS,
    "manage:tax-details:own",
    "read:statement:own",
  ],
  contractor: [
    ...TRAVELLER,
    "read:maintenance-job:assigned",
    "work:maintenance-job:assigned",
    "read:earnings:own",
    ...PAYEE_PERMISSIONS,
    "manage:tax-details:own",
    "read:statement:own",
  ],
  admin: [
    ...TRAVELLER,
    // An admin may list a property of their own, as a landlord does.
    "create:property:own",
    "read:property:any",
    "update:property:any",
    "remove:property:any",
    "verify:property:any",
    "read:property-booking:any",
    "respond:property-booking:any",
    "cancel:property-booking:any",
    "respond:review:any",
    "read:analytics:any",
    "read:user:any",
    "update:user:any",
    "approve:landlord:any",
    "read:audit-log:any",
    "read:system:any",
    "read:support-ticket:any",
    "answer:support-ticket:any",
    "report:maintenance-job:any",
    "read:maintenance-job:any",
    "manage:maintenance-job:any",
    "assign:property-manager:any",
    "read:platform-report:any",
    "read:certificate:any",
    "read:damage-claim:any",
    "decide:damage-claim:any",
  ],
};

/**
 * The account facts that access depends on besides the role. `twoFactorEnabled` is needed only for the permissions
 * that require two-factor sign-in; left out, those are refused.
 */
export type AccessSubject = { role: Role; isApproved: boolean; phoneVerified: boolean; twoFactorEnabled?: boolean };

/** The scopes at which `role` may do `action` to `entity`, widest first. */
export function grantedScopes(role: Role, action: PermissionAction, entity: PermissionEntity): Scope[] {
  const granted = ROLE_PERMISSIONS[role];
  return (["any", "assigned", "own"] as const).filter((scope) =>
    granted.includes(`${action}:${entity}:${scope}` as Permission),
  );
}

/** The scopes a role reaches, narrowed to `scope` when a gate needs that one (every booking, not one's own). */
function reachedScopes(role: Role, action: PermissionAction, entity: PermissionEntity, scope?: Scope): Scope[] {
  return grantedScopes(role, action, entity).filter((granted) => scope === undefined || granted === scope);
}

/**
 * The roles a refusal names as "Required": those a page is for. Admins reach nearly everything, so they are
 * named only where nobody else may go (the admin pages).
 */
export function requiredRoles(action: PermissionAction, entity: PermissionEntity, scope?: Scope): Role[] {
  const holders = ROLES.filter((role) => reachedScopes(role, action, entity, scope).length > 0);
  const others = holders.filter((role) => role !== "admin");
  return others.length > 0 ? others : holders;
}

export type AccessVerdict =
  | { kind: "allowed"; scopes: Scope[] }
  | { kind: "wrong-role"; required: string; actual: string }
  | { kind: "approval-pending" }
  | { kind: "phone-unverified" }
  | { kind: "two-factor-required" };

/**
 * May `subject` do `action` to some `entity` at all (or, with `scope`, at that scope: the admin pages need `any`),
 * and at which scopes? A landlord's own-listing features wait for approval, then for a verified phone; the verdict
 * says which is missing, so the server's 403 and the browser's gate explain the same step.
 */
export function accessVerdict(
  subject: AccessSubject,
  action: PermissionAction,
  entity: PermissionEntity,
  scope?: Scope,
): AccessVerdict {
  const scopes = reachedScopes(subject.role, action, entity, scope);
  if (scopes.length === 0) {
    return {
      kind: "wrong-role",
      required: requiredRoles(action, entity, scope)
        .map((role) => GATE_ROLE_LABELS[role])
        .join(", "),
      actual: GATE_ROLE_LABELS[subject.role],
    };
  }
  const needsStanding =
    subject.role === "landlord" &&
    (LANDLORD_FEATURE_PERMISSIONS as readonly string[]).includes(`${action}:${entity}:own`);
  if (needsStanding && !subject.isApproved) return { kind: "approval-pending" };
  if (needsStanding && !subject.phoneVerified) return { kind: "phone-unverified" };
  const needsTwoFactor = scopes.some((granted) =>
    TWO_FACTOR_PERMISSIONS.includes(`${action}:${entity}:${granted}` as Permission),
  );
  if (needsTwoFactor && subject.twoFactorEnabled !== true) return { kind: "two-factor-required" };
  return { kind: "allowed", scopes };
}

/** Shorthand: the verdict is "allowed". */
export function may(
  subject: AccessSubject,
  action: PermissionAction,
  entity: PermissionEntity,
  scope?: Scope,
): boolean {
  return accessVerdict(subject, action, entity, scope).kind === "allowed";
}

/** What the access rules need to know about a record to relate it to a user. */
export type RecordFacts = {
  property: { ownerId: number };
  "property-booking": { ownerId: number };
  booking: { guestId: number };
  /** The reviewed property's owner; the review's guest where it is being written. */
  review: { ownerId: number; guestId?: number };
  /**
   * The property's owner and current manager, who reported the job, and the contractors it is offered to (open
   * offers) or taken by. A contractor whose offer was declined or withdrawn is no longer related to the job.
   */
  "maintenance-job": {
    ownerId: number;
    managerId: number | null;
    reporterId: number;
    contractorIds: readonly number[];
  };
  "managed-property": { ownerId: number; managerId: number | null };
  /** A property's certificates: its owner's, and its current manager's to keep. */
  certificate: { ownerId: number; managerId: number | null };
  "property-manager": { ownerId: number };
  "manager-thread": { ownerId: number; managerId: number | null };
  /** A guest–host conversation: its guest, the listing's owner and the listing's current manager. */
  "message-thread": { guestId: number; ownerId: number; managerId: number | null };
  earnings: { contractorId: number };
  /** Whoever sent it while signed in; null for a visitor's request, which only the team reaches. */
  "support-ticket": { requesterId: number | null };
  /** A signed-in session: its account's. */
  "account-session": { userId: number };
  /** A person's profile (and an upload meant for it): that person's. */
  profile: { userId: number };
  /** A passkey: its account's. */
  passkey: { userId: number };
  /** A damage claim: its stay's guest answers it, the listing's owner raises it; both read it. */
  "damage-claim": { guestId: number; ownerId: number };
};
export type RecordEntity = keyof RecordFacts;

/**
 * The scopes through which this record is the user's. A booking is its guest's; a property and its bookings seen
 * from the host's side are the owner's; a review is its guest's to write and the reviewed property's owner's to
 * answer. A maintenance job is its owner's, and its reporter's to follow (never to run); it is assigned to the
 * property's manager and to its contractors, who work on it but do not run it.
 */
function relationsTo<E extends RecordEntity>(
  user: { id: number },
  action: PermissionAction,
  entity: E,
  record: RecordFacts[E],
): Scope[] {
  const me = user.id;
  switch (entity) {
    case "maintenance-job": {
      const job = record as RecordFacts["maintenance-job"];
      const own = job.ownerId === me || (action !== "manage" && job.reporterId === me);
      const assigned =
        (action !== "work" && job.managerId === me) || (action !== "manage" && job.contractorIds.includes(me));
      return [...(own ? (["own"] as const) : []), ...(assigned ? (["assigned"] as const) : [])];
    }
    case "managed-property":
    case "certificate":
    case "manager-thread": {
      const facts = record as RecordFacts["managed-property"];
      if (facts.ownerId === me) return ["own"];
      return facts.managerId === me ? ["assigned"] : [];
    }
    case "message-thread": {
      const thread = record as RecordFacts["message-thread"];
      if (thread.guestId === me || thread.ownerId === me) return ["own"];
      return thread.managerId === me ? ["assigned"] : [];
    }
    case "earnings":
      return (record as RecordFacts["earnings"]).contractorId === me ? ["own"] : [];
    case "support-ticket":
      return (record as RecordFacts["support-ticket"]).requesterId === me ? ["own"] : [];
    case "damage-claim": {
      const claim = record as RecordFacts["damage-claim"];
      const mine = (action !== "raise" && claim.guestId === me) || (action !== "answer" && claim.ownerId === me);
      return mine ? ["own"] : [];
    }
    case "account-session":
    case "profile":
    case "passkey":
      return (record as RecordFacts["account-session"]).userId === me ? ["own"] : [];
    default: {
      const facts = record as Partial<{ guestId: number; ownerId: number }>;
      const holder =
        entity === "booking" || (entity === "review" && action !== "respond") ? facts.guestId : facts.ownerId;
      return holder === me ? ["own"] : [];
    }
  }
}

/** The scope through which `user` may do `action` to `record`, or undefined. */
export function scopeOver<E extends RecordEntity>(
  user: AccessSubject & { id: number },
  action: PermissionAction,
  entity: E,
  record: RecordFacts[E],
): Scope | undefined {
  const verdict = accessVerdict(user, action, entity);
  if (verdict.kind !== "allowed") return undefined;
  const relations = relationsTo(user, action, entity, record);
  // The closest relation wins, so an admin who owns a property acts on it as its owner.
  return (["own", "assigned", "any"] as const).find(
    (scope) => verdict.scopes.includes(scope) && (scope === "any" || relations.includes(scope)),
  );
}

/** May `user` do `action` to `record`? */
export function mayActOn<E extends RecordEntity>(
  user: AccessSubject & { id: number },
  action: PermissionAction,
  entity: E,
  record: RecordFacts[E],
): boolean {
  return scopeOver(user, action, entity, record) !== undefined;
}
