import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth";

/** A code from an authenticator app: six digits (spaces, as some apps show "123 456", are ignored). */
export const ZTotpCode = z
  .string({ error: "Please enter the 6-digit code from your authenticator app." })
  .trim()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "The code is the 6 digits your authenticator app shows."));

/**
 * A one-time recovery code as we show it ("k7m2p-x9q4d"): letter case and the dash do not matter when typed back.
 */
export const ZRecoveryCode = z
  .string({ error: "Please enter one of your recovery codes." })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/[\s-]+/g, ""))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, "A recovery code is 10 letters and digits, such as k7m2p-x9q4d."));

/** Two-factor sign-in as Profile shows it. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** ISO instant, when enabled. */
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** The account's role must have it (administrators): it cannot be switched off. */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/account/two-factor/setup: what the authenticator app needs, shown until the person confirms a code. */
export const ZTwoFactorSetup = z.object({
  /** The shared secret in Base32, for typing in by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUri: z.string(),
  /** The same address as a QR code, an SVG document. */
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST /api/account/two-factor/confirm: a code from the app proves it holds the secret. */
export const ZTwoFactorConfirm = z.object({ code: ZTotpCode }).strict();
export type TTwoFactorConfirm = z.infer<typeof ZTwoFactorConfirm>;

/** Ten one-time codes, shown once: only their hashes are kept. */
export const ZRecoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/**
 * Switching two-factor off or making new recovery codes: the current password, or a code from the app (for an account
 * without a password, or someone who prefers the app). Either proves more than an open session does.
 */
export const ZTwoFactorProof = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    code: z.string().max(20).optional(),
  })
  .strict()
  .refine((proof) => Boolean(proof.currentPassword?.length || proof.code?.trim().length), {
    message: "Please enter your current password or a code from your authenticator app.",
    path: ["code"],
  });
export type TTwoFactorProof = z.infer<typeof ZTwoFactorProof>;

/** POST /api/auth/two-factor: the second step of signing in, with a code from the app or a recovery code. */
export const ZTwoFactorSignIn = z.union(
  [z.object({ code: ZTotpCode }).strict(), z.object({ recoveryCode: ZRecoveryCode }).strict()],
  { error: "Please enter the 6-digit code from your authenticator app, or one of your recovery codes." },
);
export type TTwoFactorSignIn = z.infer<typeof ZTwoFactorSignIn>;
