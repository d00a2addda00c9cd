import { hash, verify } from "@node-rs/argon2";
import { mustEnrolTwoFactor, ROLE_PERMISSIONS } from "../../common/domain/permissions";
import { SELF_SERVICE_ROLES } from "../../common/domain/roles";
import type { TAuthOutcome, TLoginRequest, TRegisterRequest, TSessionUser } from "../../common/schemas/auth";
import type { Database } from "../db/client";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  TooManyRequestsError,
  UnauthorizedError,
} from "../lib/errors";
import { passwordProblem } from "../lib/password-policy";
import { auditLabel } from "../lib/person-names";
import { type AuditEntry, recordAudit } from "../repositories/audit-logs.repository";
import {
  countRecentFailures,
  findUserByEmail,
  GUESS_FAILURE_REASONS,
  insertUser,
  recordLoginAttempt,
  serialiseGuessesFor,
  type UserRow,
  updateUser,
} from "../repositories/users.repository";
import type { VerificationService } from "./verification.service";

/** Sign-in throttling: failures counted over this window… */
const THROTTLE_WINDOW_MS = 15 * 60_000;
/** …at most this many per account… */
const MAX_FAILURES_PER_ACCOUNT = 5;
/** …and this many per IP address (a household or office shares one). */
const MAX_FAILURES_PER_IP = 30;

export type RequestContext = { ip: string; userAgent: string | null };

/**
 * An outcome the route turns into a response: `signIn` asks it to start a session for the user; `twoFactorFor` to
 * hold the sign-in for a code from the user's authenticator app instead (routes/api/auth/sign-in-result.ts).
 */
export type AuthResult = { status: 200 | 201; body: TAuthOutcome; signIn?: number; twoFactorFor?: number };

export function toSessionUser(user: UserRow): TSessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    isApproved: user.isApproved,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    phoneNumber: user.phoneNumber,
    provider: user.provider,
    hasPassword: user.passwordHash !== null,
    permissions: [...ROLE_PERMISSIONS[user.role]],
    twoFactorEnabled: user.totpEnabledAt !== null,
    mustEnrolTwoFactor: mustEnrolTwoFactor({ role: user.role, twoFactorEnabled: user.totpEnabledAt !== null }),
    location: user.location,
    createdAt: user.createdAt.toISOString(),
  };
}

/** How System Logs words each refusal recorded in login_attempts. */
const REFUSAL_TEXTS: Record<string, string> = {
  wrong_password: "wrong password",
  unknown_email: "no account has this e-mail address",
  no_password: "the account has no password; it signs in with Google or Apple",
  throttled: "too many failed attempts, so sign-in is paused",
  frozen: "the account is frozen",
  email_unverified: "the e-mail address is not verified yet",
  not_approved: "the landlord account is still awaiting approval",
  wrong_two_factor_code: "the two-factor code was not right",
  reused_two_factor_code: "the two-factor code had already been used",
  passkey_failed: "the passkey could not be verified",
};

const isGuess = (reason: string) => (GUESS_FAILURE_REASONS as readonly string[]).includes(reason);

/** One sign-in attempt as login_attempts and the audit log keep it. */
export type SignInAttempt = {
  /** The address given (the account's own for Google and Apple). */
  email: string;
  success: boolean;
  /** Why it was refused (AppError.reason). */
  reason?: string | undefined;
  /** The account the address belongs to, if any. */
  user?: UserRow | undefined;
  /** Set for Google, Apple and passkey sign-ins. */
  provider?: "google" | "apple" | "passkey";
};

/** The kinds of refusal a sign-in or registration answers with, each with its outcome as the body. */
type SignInRefusal =
  | typeof UnauthorizedError
  | typeof ForbiddenError
  | typeof ConflictError
  | typeof TooManyRequestsError;

/** A refusal whose details become the JSON body; `reason` is for login_attempts only and never sent. */
const refusal = (Kind: SignInRefusal, body: TAuthOutcome & { message: string; reason?: string }) => {
  const { message, reason, ...details } = body;
  return new Kind(message, details, reason);
};

/** Registration, sign-in and the current user. */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly verification: VerificationService,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {}

  /**
   * Sends the first verification e-mail of a new account. The account stands even if the message
   * cannot go out now: the verification pages offer a resend.
   */
  async welcome(userId: number): Promise<void> {
    await this.verification
      .sendEmailVerification(userId)
      .catch((error: unknown) => this.log.warn({ err: error, userId }, "verification e-mail not sent"));
  }

  async register(input: TRegisterRequest, context: RequestContext): Promise<AuthResult> {
    if (!(SELF_SERVICE_ROLES as readonly string[]).includes(input.role)) {
      throw new InvalidInputError("Only Guest/Tenant or Landlord/Owner can be chosen at registration");
    }
    const problem = passwordProblem(input.password, input.email);
    if (problem) throw new InvalidInputError(problem);

    const landlord = input.role === "landlord";
    const user = await insertUser(this.db, {
      email: input.email,
      passwordHash: await hash(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      provider: "email",
      // A landlord waits for an admin; a guest needs nobody's approval.
      isApproved: !landlord,
      registrationIp: context.ip,
    });
    if (!user) {
      throw refusal(ConflictError, {
        message: "An account with this email already exists. Please sign in instead.",
        redirectToLogin: true,
      });
    }
    await this.welcome(user.id);
    if (landlord) {
      return {
        status: 201,
        body: { requiresApproval: true, requiresEmailVerification: true, email: user.email },
      };
    }
    // Guests are signed in at once; e-mail and phone verification still gate saving and booking.
    return { status: 201, body: { user: toSessionUser(user) }, signIn: user.id };
  }

  async login(input: TLoginRequest, context: RequestContext): Promise<AuthResult> {
    const user = await findUserByEmail(this.db, input.email);
    // Every refusal is recorded (login_attempts and the audit log) with its reason before it is answered.
    const refuse = async (reason: string, Kind: SignInRefusal, body: TAuthOutcome & { message: string }) => {
      await this.recordAttempt({ email: input.email, success: false, reason, user }, context);
      return refusal(Kind, body);
    };
    const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
    const failures = await countRecentFailures(this.db, input.email, context.ip, since);
    if (failures.byEmail >= MAX_FAILURES_PER_ACCOUNT || failures.byIp >= MAX_FAILURES_PER_IP) {
      throw await refuse("throttled", TooManyRequestsError, {
        message: "Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
      });
    }

    if (!user) {
      throw await refuse("unknown_email", UnauthorizedError, {
        message: "No account exists with this email. Please create an account.",
        redirectToRegister: true,
        email: input.email,
      });
    }
    if (!user.passwordHash) {
      throw await refuse("no_password", UnauthorizedError, {
        message: `This account signs in with ${user.provider}. Please use that button instead.`,
      });
    }
    if (!(await verify(user.passwordHash, input.password))) {
      await updateUser(this.db, user.id, { failedLoginAttempts: user.failedLoginAttempts + 1 });
      throw await refuse("wrong_password", UnauthorizedError, {
        message: "Incorrect email or password. Please check your credentials and try again.",
      });
    }
    return this.signIn(user, { email: input.email }, context);
  }

  /**
   * After the identity is proven (password, Google or Apple, passkey, or the code after a password): the shared
   * rules of `admit`, then the sign-in is stamped and recorded. A sign-in still waiting for its code is neither:
   * it is recorded when the code completes it.
   */
  async signIn(
    user: UserRow,
    attempt: Pick<SignInAttempt, "email" | "provider">,
    context: RequestContext,
    options: { secondFactorDone?: boolean } = {},
  ): Promise<AuthResult> {
    try {
      const result = this.admit(user, options);
      if (result.twoFactorFor !== undefined) {
        await updateUser(this.db, user.id, { failedLoginAttempts: 0 });
        return result;
      }
      await updateUser(this.db, user.id, { failedLoginAttempts: 0, lastLoginAt: new Date(), lastLoginIp: context.ip });
      await this.recordAttempt({ ...attempt, success: true, user }, context);
      return result;
    } catch (error) {
      if (error instanceof AppError) {
        await this.recordAttempt({ ...attempt, success: false, reason: error.reason, user }, context);
      }
      throw error;
    }
  }

  /**
   * Refuses a sign-in while the address or the connection is over its limit of failed guesses (passwords and
   * two-factor codes count alike).
   */
  async refuseIfThrottled(email: string, context: RequestContext, user?: UserRow): Promise<void> {
    const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
    const failures = await countRecentFailures(this.db, email, context.ip, since);
    if (failures.byEmail >= MAX_FAILURES_PER_ACCOUNT || failures.byIp >= MAX_FAILURES_PER_IP) {
      await this.recordAttempt({ email, success: false, reason: "throttled", user }, context);
      throw refusal(TooManyRequestsError, {
        message: "Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
      });
    }
  }

  /**
   * The rules every way of signing in shares (password, Google, Apple), after the identity is proven:
   * a frozen account is refused; a landlord must have verified the e-mail and been approved; an approved
   * landlord without a verified phone is signed in but told to verify it. Throws the refusal, or answers
   * the result with `signIn` set. Callers record the attempt and stamp lastLoginAt.
   */
  admit(user: UserRow, options: { secondFactorDone?: boolean } = {}): AuthResult {
    if (user.isFrozen) {
      throw refusal(ForbiddenError, {
        message: "This account has been frozen. Please contact support.",
        reason: "frozen",
      });
    }
    if (user.role === "landlord" && !user.emailVerified) {
      throw refusal(ForbiddenError, {
        message: "Please verify your email address before signing in.",
        requiresEmailVerification: true,
        email: user.email,
        reason: "email_unverified",
      });
    }
    if (!user.isApproved) {
      throw refusal(ForbiddenError, {
        message: "Your landlord account is under review. We will contact you within 24-48 hours.",
        requiresApproval: true,
        email: user.email,
        reason: "not_approved",
      });
    }
    // A passkey is a second factor in itself (something held, unlocked by the device); any other way in asks for
    // a code from the authenticator app when two-factor sign-in is on.
    if (user.totpEnabledAt && !options.secondFactorDone) {
      return {
        status: 200,
        body: { twoFactorRequired: true, message: "Enter the 6-digit code from your authenticator app." },
        twoFactorFor: user.id,
      };
    }
    const signedIn = toSessionUser(user);
    if (user.role === "landlord" && !user.phoneVerified) {
      return { status: 200, body: { user: signedIn, requiresPhoneVerification: true }, signIn: user.id };
    }
    return { status: 200, body: { user: signedIn }, signIn: user.id };
  }

  /** The signed-in user, or a 401. A frozen account loses its session at once. */
  currentUser(user: UserRow | undefined): TSessionUser {
    if (!user || user.isFrozen) throw new UnauthorizedError("Not signed in");
    return toSessionUser(user);
  }

  /**
   * Records a sign-in attempt in login_attempts (password, Google or Apple). A refusal also goes to the audit
   * log in the same transaction; the failed guess that brings an address or an IP to its limit records the
   * lockout too, once: guesses on one address and from one IP are recorded one after the other, so only one
   * of them can see the count reach the limit.
   */
  async recordAttempt(attempt: SignInAttempt, context: RequestContext): Promise<void> {
    const row = {
      email: attempt.email,
      ipAddress: context.ip,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
      success: attempt.success,
      ...(attempt.reason ? { failureReason: attempt.reason } : {}),
    };
    if (attempt.success) {
      await recordLoginAttempt(this.db, row);
      return;
    }
    const reason = attempt.reason ?? "refused";
    const guess = isGuess(reason);
    const person = attempt.user
      ? { id: attempt.user.id, label: auditLabel(attempt.user) }
      : { id: null, label: attempt.email.toLowerCase() };
    await this.db.transaction(async (tx) => {
      if (guess) await serialiseGuessesFor(tx, attempt.email, context.ip);
      await recordLoginAttempt(tx, row);
      await recordAudit(tx, signInFailedEntry(attempt, reason, person, context.ip));
      if (!guess) return;
      const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
      const failures = await countRecentFailures(tx, attempt.email, context.ip, since);
      if (failures.byEmail === MAX_FAILURES_PER_ACCOUNT) {
        await recordAudit(tx, lockoutEntry("account", person, context.ip, MAX_FAILURES_PER_ACCOUNT));
      }
      if (failures.byIp === MAX_FAILURES_PER_IP) {
        const address = { id: null, label: `IP address ${context.ip}` };
        await recordAudit(tx, lockoutEntry("ip", address, context.ip, MAX_FAILURES_PER_IP));
      }
    });
  }
}

type AuditSubject = NonNullable<AuditEntry["subject"]>;

function signInFailedEntry(attempt: SignInAttempt, reason: string, person: AuditSubject, ip: string): AuditEntry {
  const how =
    attempt.provider === "google" ? "Google sign-in" : attempt.provider === "apple" ? "Apple sign-in" : "Sign-in";
  return {
    type: "warning",
    action: "auth.sign_in_failed",
    message: `${how} refused: ${REFUSAL_TEXTS[reason] ?? reason}`,
    subject: person,
    details: { reason, ip, ...(attempt.provider && { provider: attempt.provider }) },
  };
}

function lockoutEntry(scope: "account" | "ip", subject: AuditSubject, ip: string, failures: number): AuditEntry {
  const minutes = THROTTLE_WINDOW_MS / 60_000;
  const whose = scope === "account" ? "this e-mail address" : `IP address ${ip}`;
  return {
    type: "error",
    action: "auth.locked_out",
    message: `Sign-in paused for ${whose} after ${failures} failed attempts in ${minutes} minutes`,
    subject,
    details: { scope, ip, failures, windowMinutes: minutes },
  };
}
