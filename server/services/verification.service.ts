import { createHash, randomBytes, randomInt } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { TPhoneCodeSent, TVerifyEmailResponse } from "../../common/schemas/auth";
import type { Database } from "../db/client";
import { ConflictError, InvalidInputError, TooManyRequestsError, UnauthorizedError } from "../lib/errors";
import {
  claimVerificationSend,
  confirmPhoneCode,
  consumeEmailVerificationToken,
  findUserByEmail,
  findUserById,
  releaseVerificationSend,
  takePhoneCodeAttempt,
  type UserRow,
  updateUser,
} from "../repositories/users.repository";
import { emailVerificationLetter, phoneCodeText } from "./messaging/email-templates";
import { type Outbox, undeliverable } from "./messaging/outbox";

const EMAIL_TOKEN_TTL_MS = 24 * 3_600_000;
const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Seconds between two verification messages to the same account. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** +44 numbers: Great Britain, Northern Ireland and the Crown Dependencies. */
const UK_REGIONS = new Set(["GB", "GG", "JE", "IM"]);

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** The code is salted with the user id so equal codes of two users never share a hash. */
const phoneCodeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

/**
 * The live phone code as the account keeps it: the code's hash, and, when the person is moving to a new number from
 * Profile, that number after a space. The account's own number (verified, if it was) stays as it is until the code
 * is confirmed, so a change never leaves someone unverified halfway through a booking.
 */
const storedCode = (hash: string, newNumber: string | null) => (newNumber ? `${hash} ${newNumber}` : hash);
function readStoredCode(stored: string): { hash: string; newNumber: string | null } {
  const [hash = "", newNumber] = stored.split(" ");
  return { hash, newNumber: newNumber || null };
}

const tooSoon = (seconds: number, what: string) =>
  new TooManyRequestsError(`Please wait ${seconds} seconds before asking for another ${what}.`);

/** Normalises a UK number to E.164, or explains what is wrong with it. */
export function normaliseUkMobile(raw: string): string {
  const parsed = parsePhoneNumberFromString(raw, "GB");
  if (!parsed?.isValid() || parsed.countryCallingCode !== "44" || !UK_REGIONS.has(parsed.country ?? "GB")) {
    throw new InvalidInputError("Please enter a valid UK phone number, for example 07911 123456 or +44 7911 123456.");
  }
  if (parsed.getType() === "FIXED_LINE") {
    throw new InvalidInputError(
      "That looks like a landline. Please enter a mobile number that can receive text messages.",
    );
  }
  return parsed.number;
}

/**
 * E-mail and phone verification. Tokens and codes are random, stored only as
 * hashes, expire, and die after one use; sending is throttled per account.
 */
export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
  ) {}

  /**
   * Issues a fresh 24-hour link (the previous one stops working) and sends it at once; true when it went.
   * `ifItFails`: "retry" leaves it to the outbox's retries (a new account: the link will arrive), "give-up" when
   * the person asking is told and will ask again.
   */
  async sendEmailVerification(userId: number, ifItFails: "give-up" | "retry" = "retry"): Promise<boolean> {
    const token = randomBytes(32).toString("base64url");
    const url = new URL("/verify-email", this.publicUrl);
    url.searchParams.set("token", token);
    const ids = await this.db.transaction(async (tx) => {
      const user = await findUserById(tx, userId);
      if (!user || user.emailVerified) return [];
      await updateUser(tx, user.id, {
        emailVerificationToken: sha256(token),
        emailVerificationExpires: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
        emailVerificationSentAt: new Date(),
      });
      return this.outbox.add(tx, [{ email: emailVerificationLetter(user, url.toString()) }], { sendNow: true });
    });
    return this.outbox.deliverNow(ids, ifItFails);
  }

  /**
   * "Resend" from the verification pages. Signed in: to the user's own address. Signed out (a landlord
   * cannot sign in before verifying): to the address given, with the same answer whether or not an
   * account needs it, so the call cannot be used to discover accounts.
   */
  async resendEmailVerification(signedInUserId: number | null, email: string | undefined): Promise<string> {
    if (signedInUserId !== null) {
      const user = await findUserById(this.db, signedInUserId);
      if (!user) throw new UnauthorizedError("Not signed in");
      if (user.emailVerified) throw new InvalidInputError("Your email address is already verified.");
      await this.throttledEmail(user);
      return `We have sent a new verification link to ${user.email}.`;
    }
    if (!email) throw new InvalidInputError("Please enter the email address you registered with.");
    const user = await findUserByEmail(this.db, email);
    if (user && !user.emailVerified && !user.isFrozen) {
      // Within the minute after the last link, nothing is sent and the answer stays the same: a "too soon" here
      // would tell a stranger that the address has an account waiting to be verified.
      const wait = await claimVerificationSend(this.db, user.id, "email", RESEND_COOLDOWN_SECONDS);
      if (wait === 0) await this.claimedEmail(user);
    }
    return `If ${email} has an account that still needs verifying, a new link is on its way.`;
  }

  private async throttledEmail(user: UserRow): Promise<void> {
    const wait = await claimVerificationSend(this.db, user.id, "email", RESEND_COOLDOWN_SECONDS);
    if (wait > 0) throw tooSoon(wait, "email");
    await this.claimedEmail(user);
  }

  /** Sends the link once the minute's send is claimed; the claim is given back when the e-mail cannot go. */
  private async claimedEmail(user: UserRow): Promise<void> {
    let sent = false;
    try {
      sent = await this.sendEmailVerification(user.id, "give-up");
    } finally {
      if (!sent) await releaseVerificationSend(this.db, user.id, "email");
    }
    if (!sent) throw undeliverable("email");
  }

  async verifyEmail(token: string): Promise<TVerifyEmailResponse> {
    const outcome = await consumeEmailVerificationToken(this.db, sha256(token));
    if (outcome.status === "expired") {
      throw new InvalidInputError("This verification link has expired. Please ask for a new one.", { expired: true });
    }
    if (outcome.status === "invalid") {
      throw new InvalidInputError("This verification link is not valid or has already been used.", { expired: false });
    }
    return { message: "Your email address is verified. Thank you!", expired: false };
  }

  /**
   * Texts a 6-digit code. "verify" (the verification page): the number becomes the account's, unverified until the
   * code comes back. "change" (Profile): the number waits with the code, and the account's current number, verified
   * or not, stays until the code is confirmed. Either way one cooldown and one code per account: a new code replaces
   * the last. A number another account uses is not refused, as at verification: a shared family phone is common.
   */
  async sendPhoneCode(
    userId: number,
    rawNumber: string,
    purpose: "verify" | "change" = "verify",
  ): Promise<TPhoneCodeSent> {
    const phoneNumber = normaliseUkMobile(rawNumber);
    const user = await findUserById(this.db, userId);
    if (!user) throw new UnauthorizedError("Not signed in");
    if (purpose === "verify" && user.phoneVerified) throw new ConflictError("Your phone number is already verified.");
    if (purpose === "change" && user.phoneVerified && user.phoneNumber === phoneNumber) {
      throw new InvalidInputError("That is already your phone number.");
    }
    const wait = await claimVerificationSend(this.db, userId, "phone", RESEND_COOLDOWN_SECONDS);
    if (wait > 0) throw tooSoon(wait, "code");

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MS);
    let sent = false;
    try {
      const ids = await this.db.transaction(async (tx) => {
        const hash = phoneCodeHash(userId, code);
        await updateUser(tx, userId, {
          ...(purpose === "verify" ? { phoneNumber } : {}),
          phoneVerificationCode: storedCode(hash, purpose === "change" ? phoneNumber : null),
          phoneVerificationExpires: expiresAt,
          phoneVerificationAttempts: 0,
        });
        // A code that arrives after it has expired is no use: the outbox drops it instead.
        return this.outbox.add(tx, [{ sms: phoneCodeText(phoneNumber, code), expiresAt }], { sendNow: true });
      });
      sent = await this.outbox.deliverNow(ids, "give-up");
    } finally {
      if (!sent) await releaseVerificationSend(this.db, userId, "phone");
    }
    if (!sent) throw undeliverable("sms");
    return {
      message: `We have sent a 6-digit code to ${phoneNumber}.`,
      phoneNumber,
      resendAfterSeconds: RESEND_COOLDOWN_SECONDS,
    };
  }

  /** The code back: the number it was sent to becomes the account's, verified. */
  async verifyPhone(userId: number, code: string): Promise<UserRow> {
    const current = await findUserById(this.db, userId);
    if (!current) throw new UnauthorizedError("Not signed in");
    const pending = current.phoneVerificationCode ? readStoredCode(current.phoneVerificationCode) : null;
    if (current.phoneVerified && !pending?.newNumber) {
      throw new ConflictError("Your phone number is already verified.");
    }
    if (!pending) throw new InvalidInputError("Please ask for a verification code first.");
    const attempt = await takePhoneCodeAttempt(this.db, userId, PHONE_CODE_MAX_ATTEMPTS);
    if (!attempt) throw new TooManyRequestsError("Too many wrong codes. Please ask for a new code.");
    if (!attempt.expires || attempt.expires.getTime() <= Date.now()) {
      throw new InvalidInputError("This code has expired. Please ask for a new code.");
    }
    // Read again from the attempt: a new code (perhaps to another number) may have replaced the one read above.
    const live = attempt.codeHash ? readStoredCode(attempt.codeHash) : null;
    const verified =
      live && attempt.codeHash && live.hash === phoneCodeHash(userId, code)
        ? await confirmPhoneCode(this.db, userId, attempt.codeHash, live.newNumber)
        : undefined;
    if (verified) return verified;
    const left = PHONE_CODE_MAX_ATTEMPTS - attempt.attempts;
    if (left <= 0) throw new TooManyRequestsError("Too many wrong codes. Please ask for a new code.");
    throw new InvalidInputError(`That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`);
  }
}
