import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { authProvider, userRole } from "./enums";

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    email: text("email").notNull(),
    /** argon2id hash; null for accounts that only sign in through a provider. */
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: userRole("role").notNull().default("guest"),
    provider: authProvider("provider").notNull().default("email"),
    providerId: text("provider_id"),
    isApproved: boolean("is_approved").notNull().default(true),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: integer("approved_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** SHA-256 of the e-mail verification token; the token itself is never stored. */
    emailVerificationToken: text("email_verification_token"),
    emailVerificationExpires: timestamp("email_verification_expires", {
      withTimezone: true,
    }),
    /** When the last verification e-mail went out: resending is throttled from it. */
    emailVerificationSentAt: timestamp("email_verification_sent_at", { withTimezone: true }),
    phoneNumber: text("phone_number"),
    phoneVerified: boolean("phone_verified").notNull().default(false),
    /** Hash of the 6-digit code. */
    phoneVerificationCode: text("phone_verification_code"),
    phoneVerificationExpires: timestamp("phone_verification_expires", {
      withTimezone: true,
    }),
    /** Wrong codes entered against the current code; the code dies at the limit. */
    phoneVerificationAttempts: integer("phone_verification_attempts").notNull().default(0),
    phoneVerificationSentAt: timestamp("phone_verification_sent_at", { withTimezone: true }),
    registrationIp: text("registration_ip"),
    lastLoginIp: text("last_login_ip"),
    location: text("location"),
    failedLoginAttempts: integer("failed_login_attempts").notNull().default(0),
    isFrozen: boolean("is_frozen").notNull().default(false),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenBy: integer("frozen_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** Why an admin froze the account, shown to admins (never to the user). */
    frozenReason: text("frozen_reason"),
    /** The last request made while signed in (kept to within minutes): "active in the last 30 days". */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /**
     * When the person closed their account: their personal data was erased or replaced in the same transaction, and
     * nobody can sign in to it again. The row stays so the bookings and payments the law makes us keep still add up.
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Opt-in: news and offers from StayLondon. Service e-mails (bookings, security) are always sent. */
    marketingEmails: boolean("marketing_emails").notNull().default(false),
    /** Opt-in: reminders before a stay begins. */
    reminderEmails: boolean("reminder_emails").notNull().default(false),
    /** When either e-mail choice last changed: the record of consent. */
    emailPreferencesUpdatedAt: timestamp("email_preferences_updated_at", { withTimezone: true }),
    /**
     * Two-factor sign-in with an authenticator app: the shared secret, encrypted with the server key (never stored
     * readable). Pending until the person proves their app has it; enabled from totpEnabledAt.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code cannot be used twice, even within its window. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per address, whatever its letter case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_provider_identity_key").on(t.provider, t.providerId).where(sql`${t.providerId} is not null`),
    index("users_role_idx").on(t.role),
    index("users_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("users_last_seen_idx").on(t.lastSeenAt),
    // User Management's state filters, newest first, each without reading the other accounts.
    index("users_frozen_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.isFrozen}`),
    index("users_unverified_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`not ${t.emailVerified}`),
    index("users_awaiting_approval_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.role} = 'landlord' and not ${t.isApproved}`),
    // User Management searches names and e-mail addresses by substring.
    index("users_search_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    check("users_email_shape", sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$' and length(${t.email}) <= 254`),
    check("users_failed_login_attempts_non_negative", sql`${t.failedLoginAttempts} >= 0`),
    check("users_phone_verification_attempts_non_negative", sql`${t.phoneVerificationAttempts} >= 0`),
    // Looking a token up by its hash must be an index probe, not a scan.
    uniqueIndex("users_email_verification_token_key")
      .on(t.emailVerificationToken)
      .where(sql`${t.emailVerificationToken} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").$type<Record<string, unknown>>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_expire_idx").on(t.expire),
    // Freezing an account ends all its sessions at once.
    index("sessions_user_idx").on(sql`((${t.sess}->>'userId')::int)`),
  ],
);

/**
 * Each "forgot password" request for an account: the link's SHA-256 (the link itself is never stored), valid for an
 * hour and once. An account that signs in only with Google or Apple is told so by e-mail instead, and its request
 * has no token. The rows also count an account's requests, so one address cannot be flooded with e-mails.
 */
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    requestedIp: text("requested_ip"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("password_reset_requests_token_key").on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    index("password_reset_requests_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A change of an account's e-mail address. The new address confirms it through a link (its SHA-256 kept, valid for
 * a day); the old address is then told, with a link that puts the old address back for 7 days, in case the change
 * was not its owner's. Both addresses stay here as the record of who had which address when.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    undoTokenHash: text("undo_token_hash"),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** Set when a newer request replaces this one before it was confirmed. */
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("email_changes_confirm_token_key").on(t.confirmTokenHash),
    uniqueIndex("email_changes_undo_token_key").on(t.undoTokenHash).where(sql`${t.undoTokenHash} is not null`),
    index("email_changes_user_idx").on(t.userId, t.createdAt),
  ],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: idColumn(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    success: boolean("success").notNull(),
    failureReason: text("failure_reason"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_time_idx").on(sql`lower(${t.email})`, t.attemptedAt),
    index("login_attempts_ip_time_idx").on(t.ipAddress, t.attemptedAt),
  ],
);

/**
 * Messages the app sent while no real mail or SMS provider is configured (the dev outbox,
 * listed at /dev/outbox). With SMTP or an SMS provider set, nothing is written here.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: idColumn(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("outbox_messages_channel", sql`${t.channel} in ('email', 'sms')`),
    index("outbox_messages_created_idx").on(t.createdAt),
  ],
);

/** One-time codes that stand in for the authenticator app when it is lost; only their hashes are kept. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

/**
 * A passkey (WebAuthn credential) a person registered: its public key, and the signature counter the authenticator
 * last reported, so a cloned authenticator that replays an old count is refused.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: idColumn(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** How the browser can reach the authenticator ("internal", "usb", "hybrid"…), to offer it again. */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** "singleDevice" or "multiDevice" (synced by the platform), and whether it is backed up. */
    deviceType: text("device_type"),
    backedUp: boolean("backed_up").notNull().default(false),
    /** The person's own name for it in Profile ("Passkey on Chrome on Mac" until they rename it). */
    name: text("name").notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
    check("passkeys_counter_non_negative", sql`${t.counter} >= 0`),
  ],
);

/**
 * A WebAuthn challenge handed to a browser, kept here rather than in one instance's memory so any instance can check
 * the answer. Used once (deleted when answered) and short-lived.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: idColumn(),
    challenge: text("challenge").notNull(),
    /** Registering a passkey: the signed-in person; signing in: null (the passkey names its owner). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("webauthn_challenges_challenge_key").on(t.challenge),
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose", sql`${t.purpose} in ('register', 'sign-in')`),
  ],
);

/**
 * Keys the server creates for itself on first start and every instance shares: signing one-click unsubscribe links
 * and encrypting two-factor secrets. SERVER_KEY in the environment takes their place where the database alone should
 * not hold them.
 */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text("secret").notNull(),
  createdAt: createdAtColumn(),
});
