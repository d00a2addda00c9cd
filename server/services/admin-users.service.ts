import { ROLE_LABELS, type Role } from "../../common/domain/roles";
import { ADMIN_USER_COLUMNS, ADMIN_USER_PROFILE_COLUMNS } from "../../common/entities/user";
import type { TAdminUser, TAdminUserProfile, TAdminUsersQuery } from "../../common/schemas/admin";
import { pageOffset } from "../../common/schemas/paging";
import type { Database, Tx } from "../db/client";
import { answerOf } from "../lib/answers";
import { ConflictError, ForbiddenError, notFound } from "../lib/errors";
import { auditLabel, sentenceName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  type AdminUserRow,
  countUserHoldings,
  endSessionsOf,
  findAdminUserProfile,
  findUsersForAdmin,
  lockActiveAdmins,
  lockUser,
  setUserFrozen,
  setUserRole,
  type UserRow,
} from "../repositories/users.repository";
import type { AuditLogsService } from "./audit-logs.service";

const _iso = (date: Date | null) => date?.toISOString() ?? null;

/** Someone an audit entry names: the admin taking a step (as the session read them) or the user it is about. */
type Person = Pick<UserRow, "id" | "firstName" | "lastName" | "email">;
type Admin = Person;

const auditPerson = (person: Person) => ({ id: person.id, label: auditLabel(person) });

/** User Management's row of an account: its list columns, times as ISO text. */
const toAdminUser = (row: AdminUserRow): TAdminUser => answerOf(row, ADMIN_USER_COLUMNS);

/**
 * User Management: every account, its role and whether it may sign in. The platform must always keep at least
 * one active administrator, so every change that could take one away runs after `lockActiveAdmins`.
 */
export class AdminUsersService {
  constructor(
    private readonly db: Database,
    private readonly auditLogs: AuditLogsService,
  ) {}

  async findUsers(query: TAdminUsersQuery): Promise<{ items: TAdminUser[]; total: number }> {
    const { rows, total } = await findUsersForAdmin(
      this.db,
      { q: query.q, role: query.role, state: query.state },
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    return { items: rows.map(toAdminUser), total };
  }

  /**
   * Gives another user a role. It takes effect on their next request (every request reads the user's row).
   * Choosing the same role again changes nothing and records nothing.
   */
  async changeRole(admin: Admin, userId: number, role: Role): Promise<TAdminUser> {
    if (userId === admin.id) throw new ForbiddenError("You cannot change your own role");
    return this.db.transaction(async (tx) => {
      const { user, activeAdmins } = await this.lockForChange(tx, userId);
      if (user.role === role) return toAdminUser(user);
      if (user.role === "admin" && !user.isFrozen) {
        this.keepAnActiveAdmin(
          activeAdmins,
          user.id,
          "This is the last active administrator. Make someone else an administrator first.",
        );
      }
      this.refuseStaleAdmin(activeAdmins, admin);
      const updated = await setUserRole(tx, user.id, role, admin.id);
      const approves = role === "landlord";
      await recordAudit(tx, {
        type: "info",
        action: "user.role_changed",
        message: `Changed ${sentenceName(user)}'s role from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}${
          approves ? "; an administrator choosing this role approves them as a landlord" : ""
        }`,
        actor: auditPerson(admin),
        subject: auditPerson(user),
        target: { type: "user", id: user.id },
        details: { from: user.role, to: role, ...(approves && { approved: true }) },
      });
      return toAdminUser(updated);
    });
  }

  /** Freezes an account: its sessions end in the same transaction, and sign-in is refused until it is unfrozen. */
  async freeze(admin: Admin, userId: number, reason: string): Promise<TAdminUser> {
    if (userId === admin.id) throw new ForbiddenError("You cannot freeze your own account");
    return this.db.transaction(async (tx) => {
      const { user, activeAdmins } = await this.lockForChange(tx, userId);
      if (user.isFrozen) throw new ConflictError("This account is already frozen.");
      if (user.role === "admin") {
        this.keepAnActiveAdmin(
          activeAdmins,
          user.id,
          "This is the last active administrator. Freezing them would leave nobody to run the platform.",
        );
      }
      this.refuseStaleAdmin(activeAdmins, admin);
      const updated = await setUserFrozen(tx, user.id, { by: admin.id, reason });
      const sessionsEnded = await endSessionsOf(tx, user.id);
      await recordAudit(tx, {
        type: "warning",
        action: "user.frozen",
        message: `Froze ${sentenceName(user)}'s account: ${reason}`,
        actor: auditPerson(admin),
        subject: auditPerson(user),
        target: { type: "user", id: user.id },
        details: { reason, sessionsEnded },
      });
      return toAdminUser(updated);
    });
  }

  /** Lets a frozen account sign in again; sessions ended by the freeze stay ended. */
  async unfreeze(admin: Admin, userId: number): Promise<TAdminUser> {
    return this.db.transaction(async (tx) => {
      const { user, activeAdmins } = await this.lockForChange(tx, userId);
      if (!user.isFrozen) throw new ConflictError("This account is not frozen.");
      this.refuseStaleAdmin(activeAdmins, admin);
      const updated = await setUserFrozen(tx, user.id, null);
      await recordAudit(tx, {
        type: "success",
        action: "user.unfrozen",
        message: `Unfroze ${sentenceName(user)}'s account`,
        actor: auditPerson(admin),
        subject: auditPerson(user),
        target: { type: "user", id: user.id },
        details: user.frozenReason ? { frozenReason: user.frozenReason } : {},
      });
      return toAdminUser(updated);
    });
  }

  async userProfile(userId: number): Promise<TAdminUserProfile> {
    const user = await findAdminUserProfile(this.db, userId);
    if (!user) throw notFound("User not found");
    const [counts, activity] = await Promise.all([
      countUserHoldings(this.db, userId),
      this.auditLogs.recentForUser(userId),
    ]);
    return {
      ...answerOf(user, [...ADMIN_USER_COLUMNS, ...ADMIN_USER_PROFILE_COLUMNS]),
      counts,
      activity,
    };
  }

  /** The admins' rows first (always in the same order), then the user's: see `lockActiveAdmins`. */
  private async lockForChange(tx: Tx, userId: number) {
    const activeAdmins = await lockActiveAdmins(tx);
    const user = await lockUser(tx, userId);
    if (!user) throw notFound("User not found");
    // Nobody can sign in to a closed account; a role or a freeze would only rewrite a placeholder.
    if (user.closedAt) throw new ConflictError("This account was closed by its owner and cannot be changed.");
    return { user, activeAdmins };
  }

  /** Refuses a change that would leave no active administrator other than `userId`. */
  private keepAnActiveAdmin(activeAdmins: number[], userId: number, message: string): void {
    if (!activeAdmins.some((id) => id !== userId)) throw new ConflictError(message);
  }

  /**
   * The gate let the admin in when the request began; an admin demoted or frozen since (by another admin, a moment
   * ago) no longer acts as one.
   */
  private refuseStaleAdmin(activeAdmins: number[], admin: Admin): void {
    if (!activeAdmins.includes(admin.id)) {
      throw new ForbiddenError("You are no longer an active administrator, so this change was not made.");
    }
  }
}
