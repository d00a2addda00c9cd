import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { deviceName } from "../../common/domain/device-name";
import type { TPasskey, TPasskeyRegistration, TPasskeySignIn } from "../../common/schemas/passkeys";
import { mayActOn } from "../access/records";
import type { Database } from "../db/client";
import { ConflictError, InvalidInputError, notFound } from "../lib/errors";
import { auditLabel } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  type ChallengePurpose,
  deletePasskey,
  findPasskeyByCredentialId,
  findPasskeyById,
  findPasskeysOf,
  insertChallenge,
  insertPasskey,
  type PasskeyRow,
  recordPasskeyUse,
  renamePasskey,
  takeChallenge,
} from "../repositories/passkeys.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import type { AuthResult, AuthService, RequestContext } from "./auth.service";

/** How long a browser has to answer a challenge. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "StayLondon";
/**
 * Every refusal of a passkey sign-in reads the same, whatever failed (unknown passkey, wrong site, stale challenge,
 * a counter that went backwards), so an answer never tells whether a passkey or an account exists.
 */
const SIGN_IN_REFUSED = "We could not sign you in with this passkey. Please try again or use your password.";
const REGISTRATION_REFUSED = "We could not add this passkey. Please try again.";

const toPasskey = (row: PasskeyRow): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === "multiDevice",
});

/** Adding or removing a passkey is recorded in System Logs, with the person as both actor and subject. */
async function recordPasskeyChange(
  db: Parameters<typeof recordAudit>[0],
  user: UserRow,
  change: "added" | "removed",
  passkey: { id: number; name: string },
) {
  const person = { id: user.id, label: auditLabel(user) };
  await recordAudit(db, {
    type: "info",
    action: change === "added" ? "auth.passkey_added" : "auth.passkey_removed",
    message: `${person.label} ${change} a passkey (${passkey.name})`,
    actor: person,
    subject: person,
    details: { passkeyId: passkey.id },
  });
}

/** The challenge a browser signed, read from its clientDataJSON; undefined if that is not readable. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 200 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Passkeys (WebAuthn): adding and removing them in Profile, and signing in with one. The site is PUBLIC_URL: its
 * origin is the only one accepted and its host name is the relying party id. Challenges live in the database so any
 * instance can check the answer, each answers once, and they expire after five minutes.
 */
export class PasskeysService {
  private readonly origin: string;
  private readonly rpID: string;

  constructor(
    private readonly db: Database,
    private readonly auth: Pick<AuthService, "signIn" | "recordAttempt">,
    publicUrl: string,
  ) {
    const url = new URL(publicUrl);
    this.origin = url.origin;
    this.rpID = url.hostname;
  }

  /** GET /api/account/passkeys. */
  async list(user: UserRow): Promise<TPasskey[]> {
    return (await findPasskeysOf(this.db, user.id)).map(toPasskey);
  }

  /**
   * POST /api/account/passkeys/options: what the browser needs to create a passkey for this account, a discoverable
   * one (so signing in needs no e-mail address), not one the account already has.
   */
  async registrationOptions(user: UserRow): Promise<Record<string, unknown>> {
    const existing = await findPasskeysOf(this.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
      // Stable per account and meaningless elsewhere: the passkey's user handle.
      userID: new TextEncoder().encode(`staylondon-user-${user.id}`),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: CHALLENGE_TTL_MS,
    });
    await this.keepChallenge(options.challenge, "register", user.id);
    return { ...options };
  }

  /** POST /api/account/passkeys: checks the browser's answer to our challenge and keeps the passkey. */
  async register(user: UserRow, input: TPasskeyRegistration, userAgent: string | null): Promise<TPasskey> {
    const challenge = signedChallenge(input.credential.response.clientDataJSON);
    if (!challenge || !(await takeChallenge(this.db, challenge, "register", user.id))) {
      throw new InvalidInputError("This request to add a passkey has expired. Please try again.");
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
    } catch {
      throw new InvalidInputError(REGISTRATION_REFUSED);
    }
    if (!verified.verified) throw new InvalidInputError(REGISTRATION_REFUSED);
    const info = verified.registrationInfo;
    const created = await this.db.transaction(async (tx) => {
      const row = await insertPasskey(tx, {
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: info.credential.transports ?? input.credential.response.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name ?? `Passkey on ${deviceName(userAgent ?? undefined)}`,
      });
      if (!row) throw new ConflictError("This passkey is already registered.");
      await recordPasskeyChange(tx, user, "added", row);
      return row;
    });
    return toPasskey(created);
  }

  /** PATCH /api/account/passkeys/{id}. */
  async rename(user: UserRow, id: number, name: string): Promise<TPasskey> {
    const row = await this.ownOr404(user, id);
    await renamePasskey(this.db, row.id, name);
    return toPasskey({ ...row, name });
  }

  /** DELETE /api/account/passkeys/{id}: being signed in is enough; recorded in System Logs. */
  async remove(user: UserRow, id: number): Promise<void> {
    const row = await this.ownOr404(user, id);
    await this.db.transaction(async (tx) => {
      await deletePasskey(tx, row.id);
      await recordPasskeyChange(tx, user, "removed", row);
    });
  }

  /** POST /api/auth/passkey/options: a challenge for any of this site's passkeys (the browser offers its own). */
  async signInOptions(): Promise<Record<string, unknown>> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: "preferred",
      timeout: CHALLENGE_TTL_MS,
    });
    await this.keepChallenge(options.challenge, "sign-in", null);
    return { ...options };
  }

  /**
   * POST /api/auth/passkey/verify: the signature over our challenge, from this site, by a passkey we know, whose
   * counter has moved on (a counter that did not may be a cloned authenticator). Then the shared sign-in rules, as
   * for a password; a passkey needs no two-factor code.
   */
  async signIn(input: TPasskeySignIn, context: RequestContext): Promise<AuthResult> {
    const { credential } = input;
    const challenge = signedChallenge(credential.response.clientDataJSON);
    const refused = () => new InvalidInputError(SIGN_IN_REFUSED);
    if (!challenge || !(await takeChallenge(this.db, challenge, "sign-in", null))) throw refused();
    const passkey = await findPasskeyByCredentialId(this.db, credential.id);
    const user = passkey && (await findUserById(this.db, passkey.userId));
    if (!passkey || !user) throw refused();
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      });
      if (!verified.verified) throw refused();
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      await this.auth.recordAttempt(
        { email: user.email, success: false, reason: "passkey_failed", user, provider: "passkey" },
        context,
      );
      throw refused();
    }
    if (!(await recordPasskeyUse(this.db, passkey.id, passkey.counter, newCounter))) throw refused();
    return this.auth.signIn(user, { email: user.email, provider: "passkey" }, context, { secondFactorDone: true });
  }

  private async keepChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
    await insertChallenge(this.db, {
      challenge,
      purpose,
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  private async ownOr404(user: UserRow, id: number): Promise<PasskeyRow> {
    const row = await findPasskeyById(this.db, id);
    if (!row || !mayActOn(user, "manage", "passkey", { userId: row.userId })) throw notFound("Passkey not found");
    return row;
  }
}
