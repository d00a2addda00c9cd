import { randomInt } from "node:crypto";
import { verify as verifyPassword } from "@node-rs/argon2";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import { mustEnrolTwoFactor, TWO_FACTOR_ROLES } from "../../common/domain/permissions";
import {
  type TTwoFactorProof,
  type TTwoFactorSetup,
  type TTwoFactorSignIn,
  type TTwoFactorStatus,
  ZRecoveryCode,
  ZTotpCode,
} from "../../common/schemas/two-factor";
import type { Database } from "../db/client";
import { ConflictError, ForbiddenError, InvalidInputError, notFound, UnauthorizedError } from "../lib/errors";
import { auditLabel } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  setPendingSecret,
  spendRecoveryCode,
} from "../repositories/two-factor.repository";
import { lockUser, type UserRow } from "../repositories/users.repository";
import { twoFactorChangedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

/** Codes one step (30 seconds) either side of now are accepted: phone clocks drift, and typing takes time. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** Base32's letters and digits: no 0/O or 1/l to confuse when copied by hand. */
const RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const ISSUER = "StayLondon";

/** What a code check found: accepted, wrong, or right but already used within its window. */
type CodeCheck = "accepted" | "wrong" | "reused";

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const WRONG_CODE = "That code is not right. Please check your authenticator app and try again.";
const REUSED_CODE = "That code has already been used. Please wait for the next one from your authenticator app.";

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): setting it up from Profile, the recovery codes that
 * stand in for a lost phone, and checking codes when signing in. The secret is kept sealed with the server's key;
 * a code is accepted once (its 30-second step is remembered), so one seen over a shoulder cannot be replayed.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly keys: ServerKeys,
    private readonly publicUrl: string,
  ) {}

  /** GET /api/account/two-factor. */
  async status(user: UserRow): Promise<TTwoFactorStatus> {
    const enabled = user.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(this.db, user.id) : 0,
      required: TWO_FACTOR_ROLES.includes(user.role),
    };
  }

  /**
   * POST /api/account/two-factor/setup: a new secret for the person's app, kept sealed and pending; nothing changes
   * for signing in until a code from it is confirmed. Starting again replaces a pending secret.
   */
  async startSetup(user: UserRow): Promise<TTwoFactorSetup> {
    if (user.totpEnabledAt) throw new ConflictError("Two-factor sign-in is already on for your account.");
    const secret = generateSecret();
    await setPendingSecret(this.db, user.id, await this.keys.seal("two-factor-secrets", secret));
    const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
    const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { secret, otpauthUri, qrSvg };
  }

  /**
   * POST /api/account/two-factor/confirm: a right code turns two-factor on and answers ten recovery codes, shown
   * this once (only their hashes are kept). Recorded in System Logs, and the account's address is told.
   */
  async confirmSetup(user: UserRow, code: string): Promise<{ message: string; recoveryCodes: string[] }> {
    if (user.totpEnabledAt) throw new ConflictError("Two-factor sign-in is already on for your account.");
    if (!user.totpSecret) throw new InvalidInputError("Please start setting up two-factor sign-in first.");
    this.refuseUnless(await this.checkCode(user, code));
    const recoveryCodes = await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, user.id);
      if (!locked) throw notFound("Account not found");
      if (locked.totpEnabledAt) throw new ConflictError("Two-factor sign-in is already on for your account.");
      await enableTotp(tx, locked.id);
      const codes = await this.replaceCodes(tx, locked.id);
      const person = { id: locked.id, label: auditLabel(locked) };
      await recordAudit(tx, {
        type: "info",
        action: "auth.two_factor_enabled",
        message: `${person.label} turned on two-factor sign-in with an authenticator app`,
        actor: person,
        subject: person,
      });
      await this.outbox.add(tx, [{ email: twoFactorChangedLetter(locked, "enabled", this.profileUrl()) }]);
      return codes;
    });
    return {
      message: "Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.",
      recoveryCodes,
    };
  }

  /**
   * POST /api/account/two-factor/disable: with the current password or a code. Administrators must keep it on.
   */
  async disable(user: UserRow, proof: TTwoFactorProof): Promise<{ message: string }> {
    if (!user.totpEnabledAt) throw new ConflictError("Two-factor sign-in is not on for your account.");
    if (TWO_FACTOR_ROLES.includes(user.role)) {
      throw new ForbiddenError("Administrators must keep two-factor sign-in on.");
    }
    await this.checkProof(user, proof);
    await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, user.id);
      if (!locked) throw notFound("Account not found");
      await disableTotp(tx, locked.id);
      const person = { id: locked.id, label: auditLabel(locked) };
      await recordAudit(tx, {
        type: "warning",
        action: "auth.two_factor_disabled",
        message: `${person.label} turned off two-factor sign-in`,
        actor: person,
        subject: person,
      });
      await this.outbox.add(tx, [{ email: twoFactorChangedLetter(locked, "disabled", this.profileUrl()) }]);
    });
    return { message: "Two-factor sign-in is off. Your recovery codes no longer work." };
  }

  /** POST /api/account/two-factor/recovery-codes: ten new codes; the old ones stop working. */
  async regenerateRecoveryCodes(
    user: UserRow,
    proof: TTwoFactorProof,
  ): Promise<{ message: string; recoveryCodes: string[] }> {
    if (!user.totpEnabledAt) throw new ConflictError("Two-factor sign-in is not on for your account.");
    await this.checkProof(user, proof);
    const recoveryCodes = await this.db.transaction(async (tx) => {
      const codes = await this.replaceCodes(tx, user.id);
      const person = { id: user.id, label: auditLabel(user) };
      await recordAudit(tx, {
        type: "info",
        action: "auth.recovery_codes_regenerated",
        message: `${person.label} made new two-factor recovery codes; the old ones no longer work`,
        actor: person,
        subject: person,
      });
      return codes;
    });
    return { message: "Here are your new recovery codes. The old ones no longer work.", recoveryCodes };
  }

  /**
   * The second step of signing in: a code from the app, or a recovery code (used up). Throws the refusal (401) for a
   * wrong or reused code; the caller counts it.
   */
  async checkSignIn(user: UserRow, input: TTwoFactorSignIn): Promise<void> {
    if (!user.totpEnabledAt) throw new UnauthorizedError("Your sign-in has expired. Please sign in again.");
    if ("code" in input) {
      const check = await this.checkCode(user, input.code);
      // A reused code is no guess (it was right once), so it does not count towards the sign-in lockout.
      if (check === "reused") throw new UnauthorizedError(REUSED_CODE, undefined, "reused_two_factor_code");
      if (check === "wrong") throw new UnauthorizedError(WRONG_CODE, undefined, "wrong_two_factor_code");
      return;
    }
    if (!(await spendRecoveryCode(this.db, user.id, await this.recoveryHash(user.id, input.recoveryCode)))) {
      throw new UnauthorizedError(
        "That recovery code is not right or has already been used.",
        undefined,
        "wrong_two_factor_code",
      );
    }
    const left = await countRecoveryCodesLeft(this.db, user.id);
    const person = { id: user.id, label: auditLabel(user) };
    await recordAudit(this.db, {
      type: "warning",
      action: "auth.recovery_code_used",
      message: `${person.label} signed in with a recovery code; ${left} left`,
      actor: person,
      subject: person,
      details: { left },
    });
  }

  /** Whether this person's role needs two-factor and it is not on yet. */
  mustEnrol(user: UserRow): boolean {
    return mustEnrolTwoFactor({ role: user.role, twoFactorEnabled: user.totpEnabledAt !== null });
  }

  /** Checks a code against the account's secret (pending or enabled) and takes its step, so it works once. */
  private async checkCode(user: UserRow, code: string): Promise<CodeCheck> {
    if (!user.totpSecret) return "wrong";
    const secret = await this.keys.open("two-factor-secrets", user.totpSecret);
    const result = await verifyTotp({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
    if (!result.valid || !("timeStep" in result)) return "wrong";
    return (await claimTotpStep(this.db, user.id, result.timeStep)) ? "accepted" : "reused";
  }

  private refuseUnless(check: CodeCheck): void {
    if (check === "reused") throw new InvalidInputError(REUSED_CODE);
    if (check === "wrong") throw new InvalidInputError(WRONG_CODE);
  }

  /** The current password when given (and the account has one), else a code from the app or a recovery code. */
  private async checkProof(user: UserRow, proof: TTwoFactorProof): Promise<void> {
    if (proof.currentPassword && user.passwordHash) {
      if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) {
        throw new InvalidInputError("Your current password is not right. Please try again.");
      }
      return;
    }
    const code = ZTotpCode.safeParse(proof.code ?? "");
    if (code.success) {
      this.refuseUnless(await this.checkCode(user, code.data));
      return;
    }
    const recovery = ZRecoveryCode.safeParse(proof.code ?? "");
    if (
      recovery.success &&
      (await spendRecoveryCode(this.db, user.id, await this.recoveryHash(user.id, recovery.data)))
    )
      return;
    throw new InvalidInputError(
      user.passwordHash
        ? "Please enter your current password or a code from your authenticator app."
        : "Please enter a code from your authenticator app.",
    );
  }

  private async replaceCodes(tx: Parameters<typeof replaceRecoveryCodes>[0], userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((code) => this.recoveryHash(userId, code.replace("-", ""))));
    await replaceRecoveryCodes(tx, userId, hashes);
    return codes;
  }

  /**
   * A recovery code as stored: keyed with the server's key, so the fifty bits of a code cannot be searched for in a
   * copy of the table alone.
   */
  private recoveryHash(userId: number, normalised: string): Promise<string> {
    return this.keys.sign("recovery-codes", `${userId}:${normalised}`);
  }

  private profileUrl(): string {
    return new URL("/profile", this.publicUrl).toString();
  }
}
