import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn, requiredRef } from "./columns";
import { userRole } from "./enums";
import { users } from "./users";

/** The providers that sign people in through OpenID Connect. */
export const OAUTH_PROVIDERS = ["google", "apple"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * One sign-in with Google or Apple between the redirect to the provider and its callback (10 minutes).
 * Keyed by the SHA-256 of `state`; bound to the browser that started it by the SHA-256 of the random
 * value in its `sl_oauth` cookie. Deleted when the callback uses it: a state works once.
 */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    browserHash: text("browser_hash").notNull(),
    provider: text("provider", { enum: OAUTH_PROVIDERS }).notNull(),
    intent: text("intent", { enum: ["login", "register"] }).notNull(),
    /** The role chosen before a registration; null for a sign-in. */
    role: userRole("role"),
    nonce: text("nonce").notNull(),
    /** PKCE (S256): only this server knows the verifier, so a stolen code is useless elsewhere. */
    codeVerifier: text("code_verifier").notNull(),
    /** Apple posts its answer cross-site (form_post); it waits here for the same-site continuation. */
    callbackParams: jsonb("callback_params").$type<Record<string, string>>(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("oauth_flows_provider", sql`${t.provider} in ('google', 'apple')`),
    check("oauth_flows_intent", sql`${t.intent} in ('login', 'register')`),
    index("oauth_flows_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A provider identity that has no account yet (a sign-in found none, or Apple gave a private relay
 * address), kept for this browser until POST /api/auth/register-oauth finishes it (30 minutes).
 */
export const oauthPendingIdentities = pgTable(
  "oauth_pending_identities",
  {
    browserHash: text("browser_hash").primaryKey(),
    provider: text("provider", { enum: OAUTH_PROVIDERS }).notNull(),
    /** The provider's `sub`. */
    providerId: text("provider_id").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull(),
    /** An Apple relay address: the user must give a real one, which is then verified by e-mail. */
    privateRelay: boolean("private_relay").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("oauth_pending_identities_provider", sql`${t.provider} in ('google', 'apple')`),
    index("oauth_pending_identities_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The one-time token that carries a finished provider sign-in from the callback redirect to
 * POST /api/auth/complete-oauth (2 minutes, single use). Only its SHA-256 is stored.
 */
export const oauthHandoffTokens = pgTable(
  "oauth_handoff_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    browserHash: text("browser_hash").notNull(),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    provider: text("provider", { enum: OAUTH_PROVIDERS }).notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("oauth_handoff_tokens_provider", sql`${t.provider} in ('google', 'apple')`),
    index("oauth_handoff_tokens_expires_idx").on(t.expiresAt),
    index("oauth_handoff_tokens_user_idx").on(t.userId),
  ],
);
