import { hash, verify } from "@node-rs/argon2";
import { deviceName } from "../../common/domain/device-name";
import type { TAccountSession, TPasswordChange, TProfileUpdate } from "../../common/schemas/account";
import { mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import { passwordProblem } from "../lib/password-policy";
import { auditLabel } from "../lib/person-names";
import {
  deleteSession,
  endOtherSessionsOf,
  findSessionByHandle,
  findSessionsOf,
  sessionHandle,
} from "../repositories/account-sessions.repository";
import { recordAudit } from "../repositories/audit-logs.repository";
import type { Tx } from "../repositories/bookings.repository";
import { lockUser, type UserRow, updateUser } from "../repositories/users.repository";
import { passwordChangedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

/** The person as their own request knows them: their account, and the session the request came from. */
type Self = { user: UserRow; sessionId: string };

const iso = (ms: number | undefined, fallback: Date) => new Date(ms ?? fallback.getTime()).toISOString();

/**
 * A person running their own account from Profile: their name, their password, and the places they are signed in.
 * Each change that matters to the account's safety is recorded in System Logs, and a new password is announced by
 * e-mail, so someone who did not make it can act.
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
  ) {}

  /** PATCH /api/account/profile: the name, as the header, bookings and hosts show it. */
  async updateProfile(user: Pick<UserRow, "id">, input: TProfileUpdate): Promise<void> {
    await updateUser(this.db, user.id, { firstName: input.firstName, lastName: input.lastName });
  }

  /**
   * POST /api/account/password. The current password must be right when there is one (a Google- or Apple-only
   * account adds its first). Every other session ends; this one stays signed in.
   */
  async changePassword(self: Self, input: TPasswordChange): Promise<{ message: string }> {
    const current = self.user;
    const hadPassword = current.passwordHash !== null;
    if (hadPassword) {
      if (!input.currentPassword) throw new AppError(400, "Please enter your current password.");
      if (!(await verify(current.passwordHash as string, input.currentPassword))) {
        throw new AppError(400, "Your current password is not right. Please try again.");
      }
    }
    const problem = passwordProblem(input.newPassword, current.email);
    if (problem) throw new AppError(400, problem);
    // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold the account's row.
    const passwordHash = await hash(input.newPassword);

    const ended = await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, self.user.id);
      if (!locked) throw notFound("Account not found");
      // Another change went first since the current password was checked: the check was against an old one.
      if (locked.passwordHash !== current.passwordHash) {
        throw new AppError(409, "Your password was changed meanwhile. Please sign in again.");
      }
      await updateUser(tx, locked.id, { passwordHash, failedLoginAttempts: 0 });
      const sessionsEnded = await endOtherSessionsOf(tx, locked.id, self.sessionId);
      const person = { id: locked.id, label: auditLabel(locked) };
      await recordAudit(tx, {
        type: "info",
        action: "auth.password_changed",
        message: `${person.label} ${hadPassword ? "changed their password" : "added a password"} from Profile; ${sessionsEnded} other ${
          sessionsEnded === 1 ? "session was" : "sessions were"
        } ended`,
        actor: person,
        subject: person,
        details: { sessionsEnded, added: !hadPassword },
      });
      await this.outbox.add(tx, [
        { email: passwordChangedLetter(locked, new URL("/forgot-password", this.publicUrl).toString()) },
      ]);
      return sessionsEnded;
    });
    const others =
      ended === 0 ? "" : ` ${ended === 1 ? "One other device was" : `${ended} other devices were`} signed out.`;
    return { message: `${hadPassword ? "Your password has been changed." : "Your password has been added."}${others}` };
  }

  /** GET /api/account/sessions: where the account is signed in now, this device first. */
  async sessions(self: Self): Promise<TAccountSession[]> {
    const rows = await findSessionsOf(this.db, self.user.id);
    return rows
      .map((row) => ({
        id: sessionHandle(row.sid),
        device: deviceName(row.data.userAgent),
        ip: row.data.ip ?? null,
        signedInAt: iso(row.data.createdAt, row.expire),
        lastActiveAt: iso(row.data.seenAt ?? row.data.createdAt, row.expire),
        current: row.sid === self.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** DELETE /api/account/sessions/{id}: signs one other device out. This one signs out with Log out. */
  async endSession(self: Self, handle: string): Promise<void> {
    const row = await findSessionByHandle(this.db, handle);
    if (!row || !mayActOn(self.user, "manage", "account-session", { userId: row.data.userId })) {
      throw notFound("Session not found");
    }
    if (row.sid === self.sessionId) {
      throw new AppError(400, "This is the device you are using: sign out with Log out instead.");
    }
    await this.db.transaction(async (tx) => {
      await deleteSession(tx, row.sid);
      await this.recordEnded(tx, self, 1, deviceName(row.data.userAgent));
    });
  }

  /** POST /api/account/sessions/sign-out-others: every device but this one. */
  async endOtherSessions(self: Self): Promise<{ ended: number; message: string }> {
    const ended = await this.db.transaction(async (tx) => {
      const count = await endOtherSessionsOf(tx, self.user.id, self.sessionId);
      if (count > 0) await this.recordEnded(tx, self, count, null);
      return count;
    });
    const message =
      ended === 0
        ? "You were not signed in anywhere else."
        : `Signed out of ${ended === 1 ? "one other device" : `${ended} other devices`}.`;
    return { ended, message };
  }

  private async recordEnded(tx: Tx, self: Self, count: number, device: string | null) {
    const person = { id: self.user.id, label: auditLabel(self.user) };
    await recordAudit(tx, {
      type: "info",
      action: "auth.sessions_ended",
      message: device
        ? `${person.label} signed out a session (${device}) from Profile`
        : `${person.label} signed out ${count} other ${count === 1 ? "session" : "sessions"} from Profile`,
      actor: person,
      subject: person,
      details: { count, ...(device ? { device } : {}) },
    });
  }
}
