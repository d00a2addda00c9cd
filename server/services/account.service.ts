import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { deviceName } from "../../common/domain/device-name";
import type {
  TAccountSession,
  TEmailChangeRequest,
  TPasswordChange,
  TProfileUpdate,
} from "../../common/schemas/account";
import { mayActOn } from "../access/records";
import type { Database, Tx } from "../db/client";
import { ConflictError, InvalidInputError, notFound } from "../lib/errors";
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
import {
  addressTaken,
  insertEmailChange,
  lockChangeByConfirmToken,
  lockChangeByUndoToken,
  markConfirmed,
  markUndone,
  supersedePendingChanges,
} from "../repositories/email-changes.repository";
import { personalDataOf } from "../repositories/personal-data.repository";
import { endSessionsOf, lockUser, type UserRow, updateUser } from "../repositories/users.repository";
import { emailChangeConfirmLetter, emailChangedLetter, passwordChangedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

/** The person as their own request knows them: their account, and the session the request came from. */
export type Self = { user: UserRow; sessionId: string };

/**
 * Changes that could take an account away (password, address, closing it) ask for the current password when the
 * account has one, so a session left open is not enough.
 */
export async function checkCurrentPassword(user: UserRow, currentPassword: string | undefined): Promise<void> {
  if (user.passwordHash === null) return;
  if (!currentPassword) throw new InvalidInputError("Please enter your current password.");
  if (!(await verify(user.passwordHash, currentPassword))) {
    throw new InvalidInputError("Your current password is not right. Please try again.");
  }
}

const iso = (ms: number | undefined, fallback: Date) => new Date(ms ?? fallback.getTime()).toISOString();

const DAY_MS = 86_400_000;
const CONFIRM_TTL_MS = DAY_MS;
/** How long the old address can take the account back after a change. */
const UNDO_TTL_MS = 7 * DAY_MS;
/** 32 random bytes in base64url: anything else cannot be a link we sent. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString("base64url");
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const invalidLink = () => new InvalidInputError("This link is not valid or has already been used.");
const TAKEN = "Another account already uses that email address.";
/** Advisory lock class for "Download my data" (the second key is the account id). */
const EXPORT_LOCK = 24_001;

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
    await checkCurrentPassword(current, input.currentPassword);
    const problem = passwordProblem(input.newPassword, current.email);
    if (problem) throw new InvalidInputError(problem);
    // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold the account's row.
    const passwordHash = await hash(input.newPassword);

    const ended = await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, self.user.id);
      if (!locked) throw notFound("Account not found");
      // Another change went first since the current password was checked: the check was against an old one.
      if (locked.passwordHash !== current.passwordHash) {
        throw new ConflictError("Your password was changed meanwhile. Please sign in again.");
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

  /**
   * POST /api/account/email: a link to the new address; nothing changes until it is opened. The current password is
   * asked for when the account has one, so a session left open is not enough to take the account away.
   */
  async requestEmailChange(self: Self, input: TEmailChangeRequest): Promise<{ message: string }> {
    await checkCurrentPassword(self.user, input.currentPassword);
    if (input.newEmail === self.user.email.toLowerCase()) {
      throw new InvalidInputError("That is already your email address.");
    }
    const token = newToken();
    await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, self.user.id);
      if (!locked) throw notFound("Account not found");
      if (await addressTaken(tx, input.newEmail, locked.id)) throw new ConflictError(TAKEN);
      await supersedePendingChanges(tx, locked.id);
      await insertEmailChange(tx, {
        userId: locked.id,
        oldEmail: locked.email,
        newEmail: input.newEmail,
        confirmTokenHash: sha256(token),
        confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      await this.outbox.add(tx, [
        { email: emailChangeConfirmLetter(locked, input.newEmail, this.link("/confirm-email", token)) },
      ]);
    });
    return {
      message: `We have sent a link to ${input.newEmail}. Your address changes when you open it (within 24 hours).`,
    };
  }

  /**
   * POST /api/account/email/confirm: the account moves to the new address, which counts as verified, and the old
   * address gets a link to undo it. Works without signing in: the link may be opened on another device.
   */
  async confirmEmailChange(token: string): Promise<{ message: string; email: string }> {
    if (!TOKEN_SHAPE.test(token)) throw invalidLink();
    const undoToken = newToken();
    return this.db.transaction(async (tx) => {
      const change = await lockChangeByConfirmToken(tx, sha256(token));
      if (!change || change.confirmedAt || change.supersededAt) throw invalidLink();
      if (change.confirmExpiresAt.getTime() < Date.now()) {
        throw new InvalidInputError("This link has expired. Please ask for a new one from your profile.");
      }
      const user = await lockUser(tx, change.userId);
      if (!user || user.isFrozen) throw invalidLink();
      // The address the request was made from must still be the account's: an undo in between cancels the request.
      if (user.email !== change.oldEmail) throw invalidLink();
      if (await addressTaken(tx, change.newEmail, user.id)) throw new ConflictError(TAKEN);
      await updateUser(tx, user.id, { email: change.newEmail, emailVerified: true });
      await markConfirmed(tx, change.id, {
        tokenHash: sha256(undoToken),
        expiresAt: new Date(Date.now() + UNDO_TTL_MS),
      });
      const person = { id: user.id, label: auditLabel({ ...user, email: change.newEmail }) };
      await recordAudit(tx, {
        type: "info",
        action: "auth.email_changed",
        message: `${person.label} changed their email address from ${change.oldEmail} to ${change.newEmail}`,
        actor: person,
        subject: person,
        details: { changeId: change.id },
      });
      await this.outbox.add(tx, [
        {
          email: emailChangedLetter(user, change.oldEmail, change.newEmail, this.link("/undo-email-change", undoToken)),
        },
      ]);
      return { message: `Your email address is now ${change.newEmail}.`, email: change.newEmail };
    });
  }

  /**
   * POST /api/account/email/undo: within 7 days the old address takes the account back. Every session ends, since
   * whoever made the change may still be signed in; the person is pointed to a new password.
   */
  async undoEmailChange(token: string): Promise<{ message: string }> {
    if (!TOKEN_SHAPE.test(token)) throw invalidLink();
    return this.db.transaction(async (tx) => {
      const change = await lockChangeByUndoToken(tx, sha256(token));
      if (!change || change.undoneAt || !change.undoExpiresAt) throw invalidLink();
      if (change.undoExpiresAt.getTime() < Date.now()) {
        throw new InvalidInputError("This link has expired. Please contact our support team from the contact page.");
      }
      const user = await lockUser(tx, change.userId);
      if (!user) throw invalidLink();
      if (await addressTaken(tx, change.oldEmail, user.id)) {
        throw new ConflictError("Another account now uses your old address. Please contact our support team.");
      }
      await updateUser(tx, user.id, { email: change.oldEmail, emailVerified: true });
      await markUndone(tx, change.id);
      const sessionsEnded = await endSessionsOf(tx, user.id);
      const person = { id: user.id, label: auditLabel({ ...user, email: change.oldEmail }) };
      await recordAudit(tx, {
        type: "warning",
        action: "auth.email_change_undone",
        message: `${person.label} undid the change of their email address to ${change.newEmail}; ${sessionsEnded} ${
          sessionsEnded === 1 ? "session was" : "sessions were"
        } ended`,
        actor: person,
        subject: person,
        details: { changeId: change.id, sessionsEnded },
      });
      return {
        message: `Your account uses ${change.oldEmail} again, and every device has been signed out. If you did not ask for the change, choose a new password now.`,
      };
    });
  }

  private link(path: string, token: string): string {
    const url = new URL(path, this.publicUrl);
    url.searchParams.set("token", token);
    return url.toString();
  }

  /**
   * GET /api/account/export: "Download my data", everything held about the person as one JSON document, with when
   * it was made and what each section is. Recorded in System Logs, as a copy of someone's data leaving the site.
   */
  async exportData(self: Self): Promise<Record<string, unknown>> {
    // One consistent picture (repeatable read), and one export at a time per person: a second click while the first
    // is being made is told so rather than doubling the work.
    const data = await this.db.transaction(
      async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${EXPORT_LOCK}, ${self.user.id}) as locked`,
        );
        if (!lock.rows[0]?.locked) {
          throw new ConflictError("Your data is already being prepared. Please wait for that download to finish.");
        }
        return personalDataOf(tx, self.user.id, self.user.email);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const person = { id: self.user.id, label: auditLabel(self.user) };
    await recordAudit(this.db, {
      type: "info",
      action: "account.data_exported",
      message: `${person.label} downloaded a copy of their data`,
      actor: person,
      subject: person,
    });
    return {
      about:
        "Everything StayLondon holds about you, as of the time below: your account, bookings and payments (card " +
        "details are held by Stripe, not by us), reviews, saved homes, conversations, support requests, listings, " +
        "sign-in history, signed-in devices, the history of your account and the messages we sent you.",
      exportedAt: new Date().toISOString(),
      ...data,
    };
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
      throw new InvalidInputError("This is the device you are using: sign out with Log out instead.");
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
