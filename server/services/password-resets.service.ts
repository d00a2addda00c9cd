import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { Database } from "../db/client";
import { AppError, ForbiddenError, InvalidInputError } from "../lib/errors";
import { passwordProblem } from "../lib/password-policy";
import { auditLabel } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  countResetRequestsSince,
  findResetLink,
  insertResetRequest,
  lockResetLink,
  type ResetLink,
  useResetLinks,
} from "../repositories/password-resets.repository";
import { endSessionsOf, findUserByEmail, findUserById, lockUser, updateUser } from "../repositories/users.repository";
import type { AuthResult, AuthService, RequestContext } from "./auth.service";
import { passwordChangedLetter, passwordResetLetter, passwordResetProviderLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

const LINK_TTL_MS = 60 * 60_000;
/** Reset e-mails one account can be sent in an hour, whoever asks: more would let anyone flood a mailbox. */
const MAX_REQUESTS_PER_HOUR = 3;
/** 32 random bytes in base64url: anything else cannot be a link we sent. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const invalidLink = () =>
  new InvalidInputError("This reset link is not valid or has already been used. Please ask for a new one.", {
    expired: false,
  });
const expiredLink = () =>
  new InvalidInputError("This reset link has expired. Please ask for a new one.", { expired: true });

/**
 * "Forgot password": a single-use link by e-mail, valid for an hour, stored only as its hash. Asking answers the same
 * whether or not the address has an account; choosing the new password ends every session the account had and
 * signs this browser in, under the same rules as a password sign-in.
 */
export class PasswordResetsService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
    private readonly auth: Pick<AuthService, "admit">,
  ) {}

  /**
   * POST /api/auth/forgot-password. The letter goes through the outbox's workers rather than being sent while the
   * asker waits, so an address with an account is not told apart by a slower answer.
   */
  async request(email: string, context: RequestContext): Promise<string> {
    const answer = `If ${email} has a StayLondon account, we have sent it an email with a link to choose a new password. The link works for 60 minutes.`;
    const user = await findUserByEmail(this.db, email);
    // A frozen account is not helped back in; its owner is told to contact support when they try to sign in.
    if (!user || user.isFrozen) return answer;
    const token = randomBytes(32).toString("base64url");
    await this.db.transaction(async (tx) => {
      // Requests for one account are counted one after the other, so a burst cannot pass the limit together.
      await lockUser(tx, user.id);
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      if ((await countResetRequestsSince(tx, user.id, hourAgo)) >= MAX_REQUESTS_PER_HOUR) return;
      const hasPassword = user.passwordHash !== null;
      await insertResetRequest(tx, {
        userId: user.id,
        tokenHash: hasPassword ? sha256(token) : null,
        expiresAt: new Date(Date.now() + LINK_TTL_MS),
        requestedIp: context.ip,
      });
      const letter = hasPassword
        ? passwordResetLetter(user, this.link("/reset-password", { token }))
        : passwordResetProviderLetter(user, this.link("/auth"));
      await this.outbox.add(tx, [{ email: letter }]);
    });
    return answer;
  }

  /** GET /api/auth/reset-password: whether a link can still be used, before the new password is typed. */
  async check(token: string): Promise<void> {
    if (!TOKEN_SHAPE.test(token)) throw invalidLink();
    usable(await findResetLink(this.db, sha256(token)));
  }

  /**
   * POST /api/auth/reset-password. The link is checked again under its row's lock, so it works once however many
   * times it is sent at the same moment. Having opened the link proves the address, so it counts as verified.
   */
  async reset(token: string, password: string, context: RequestContext): Promise<AuthResult> {
    if (!TOKEN_SHAPE.test(token)) throw invalidLink();
    const found = usable(await findResetLink(this.db, sha256(token)));
    const owner = await findUserById(this.db, found.userId);
    if (!owner) throw invalidLink();
    const problem = passwordProblem(password, owner.email);
    if (problem) throw new InvalidInputError(problem);
    // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold the account's row.
    const passwordHash = await hash(password);

    const user = await this.db.transaction(async (tx) => {
      const link = usable(await lockResetLink(tx, sha256(token)));
      const locked = await lockUser(tx, link.userId);
      if (!locked) throw invalidLink();
      if (locked.isFrozen) throw new ForbiddenError("This account has been frozen. Please contact support.");
      await updateUser(tx, locked.id, { passwordHash, failedLoginAttempts: 0, emailVerified: true });
      await useResetLinks(tx, locked.id);
      const sessionsEnded = await endSessionsOf(tx, locked.id);
      const person = { id: locked.id, label: auditLabel(locked) };
      await recordAudit(tx, {
        type: "info",
        action: "auth.password_reset",
        message: `${person.label} chose a new password through a reset link; ${sessionsEnded} signed-in ${
          sessionsEnded === 1 ? "session was" : "sessions were"
        } ended`,
        actor: person,
        subject: person,
        details: { ip: context.ip, sessionsEnded },
      });
      await this.outbox.add(tx, [{ email: passwordChangedLetter(locked, this.link("/forgot-password")) }]);
      return { ...locked, emailVerified: true, failedLoginAttempts: 0 };
    });

    const changed = "Your password has been changed.";
    try {
      const admitted = this.auth.admit(user);
      // A new password is not the second factor: with two-factor on, the app's code still completes the sign-in.
      const next =
        admitted.twoFactorFor === undefined
          ? "You are now signed in."
          : "Enter the 6-digit code from your authenticator app to sign in.";
      return { ...admitted, body: { ...admitted.body, message: `${changed} ${next}` } };
    } catch (error) {
      // The password is changed either way; signing in waits for what the account still lacks (an approval).
      if (!(error instanceof AppError)) throw error;
      return { status: 200, body: { ...error.details, message: `${changed} ${error.message}` } };
    }
  }

  private link(path: string, query: Record<string, string> = {}): string {
    const url = new URL(path, this.publicUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }
}

/** The link if it can still be used; otherwise the refusal that says why. */
function usable(link: ResetLink | undefined): ResetLink {
  if (!link || link.usedAt !== null) throw invalidLink();
  if (link.expiresAt.getTime() <= Date.now()) throw expiredLink();
  return link;
}
