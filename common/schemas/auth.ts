import { z } from "zod";
import { PERMISSIONS } from "../domain/permissions";
import { SELF_SERVICE_ROLES } from "../domain/roles";
import { keysMask } from "../entities/field-kinds";
import { SESSION_USER_COLUMNS, userInputFields, ZEmail, ZUserInput, ZUserRecord } from "../entities/user";

/** The booking form and the sign-in page check an address by the same rule, and read it from here. */
export { ZEmail };

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 128;

/** A password being chosen: the server also refuses common ones and the e-mail address (password-policy.ts). */
export const ZNewPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const ZRegisterRequest = z.object({
  email: userInputFields.email,
  password: ZNewPassword,
  firstName: userInputFields.firstName,
  lastName: userInputFields.lastName,
  role: userInputFields.role,
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The signed-in user as the browser sees it: never a hash, token or code. */
export const ZSessionUser = ZUserRecord.pick(keysMask(SESSION_USER_COLUMNS)).extend({
  /** False for an account that signs in only with Google or Apple: Profile offers to add a password. */
  hasPassword: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Two-factor sign-in with an authenticator app is on. */
  twoFactorEnabled: z.boolean(),
  /** The role must have two-factor and it is not on yet: until it is, the session reaches only Profile. */
  mustEnrolTwoFactor: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthUserResponse = z.object({ user: ZSessionUser });

/** Login and registration answers; the flags drive the notices the sign-in page shows. */
export const ZAuthOutcome = z.object({
  message: z.string().optional(),
  user: ZSessionUser.optional(),
  email: z.string().optional(),
  requiresApproval: z.boolean().optional(),
  requiresEmailVerification: z.boolean().optional(),
  requiresPhoneVerification: z.boolean().optional(),
  redirectToRegister: z.boolean().optional(),
  redirectToLogin: z.boolean().optional(),
  /** The password (or Google or Apple) was right; a code from the authenticator app completes the sign-in. */
  twoFactorRequired: z.boolean().optional(),
});
export type TAuthOutcome = z.infer<typeof ZAuthOutcome>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** POST /api/auth/forgot-password: the address a reset link goes to, if it has an account. */
export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** The token of a reset link, as the link carries it. */
const ZResetToken = z
  .string({ error: "This reset link is not valid" })
  .trim()
  .min(1, "This reset link is not valid")
  .max(200, "This reset link is not valid");

/** GET /api/auth/reset-password?token=: whether the link can still be used. */
export const ZResetLinkQuery = z.object({ token: ZResetToken });
export const ZResetLinkRefusal = z.object({ message: z.string(), expired: z.boolean() });

/** POST /api/auth/reset-password: the link's token and the new password. */
export const ZResetPasswordRequest = z.object({ token: ZResetToken, password: ZNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /api/auth/verify-email?token=: the answer has a message and an expired flag. */
export const ZVerifyEmailQuery = z.object({
  token: z
    .string({ error: "No verification token provided" })
    .trim()
    .min(1, "No verification token provided")
    .max(200, "This verification link is not valid"),
});
export const ZVerifyEmailResponse = z.object({ message: z.string(), expired: z.boolean() });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

export const ZSendPhoneVerificationRequest = ZUserInput.pick({ phoneNumber: true });
export type TSendPhoneVerificationRequest = z.infer<typeof ZSendPhoneVerificationRequest>;

/** Answer to send-phone-verification: where the code went and when another may be asked for. */
export const ZPhoneCodeSent = z.object({
  message: z.string(),
  phoneNumber: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type TPhoneCodeSent = z.infer<typeof ZPhoneCodeSent>;

export const ZVerifyPhoneRequest = z.object({
  code: z
    .string({ error: "Please enter the verification code." })
    .trim()
    .min(1, "Please enter the verification code.")
    .regex(/^\d{6}$/, "The code is the 6 digits we sent you."),
});
export type TVerifyPhoneRequest = z.infer<typeof ZVerifyPhoneRequest>;

/** POST /api/auth/register-oauth: finishing a provider sign-up. */
export const ZRegisterOAuthRequest = ZUserInput.pick({
  email: true,
  firstName: true,
  lastName: true,
  role: true,
}).extend({
  provider: z.enum(["google", "apple"]).default("google"),
});
export type TRegisterOAuthRequest = z.infer<typeof ZRegisterOAuthRequest>;

/** POST /api/auth/complete-oauth: the one-time token from the provider callback's redirect. */
export const ZCompleteOAuthRequest = z.object({
  token: z.string({ error: "Sign-in token is missing" }).trim().min(1, "Sign-in token is missing").max(200),
});
export type TCompleteOAuthRequest = z.infer<typeof ZCompleteOAuthRequest>;

/** GET /api/auth/google and /api/auth/apple. */
export const ZOAuthStartQuery = z.object({
  intent: z.enum(["login", "register"], { error: "intent must be login or register" }).default("login"),
  role: z.enum(SELF_SERVICE_ROLES, { error: "role must be guest or landlord" }).optional(),
});
export type TOAuthStartQuery = z.infer<typeof ZOAuthStartQuery>;

/** GET /api/auth/providers: which social sign-ins this server has configured. */
export const ZAuthProviders = z.object({ google: z.boolean(), apple: z.boolean() });
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** A 403 from a verification or landlord gate: what is missing and the page that fixes it. */
export const ZAccessRefusal = z.object({
  message: z.string(),
  requiresEmailVerification: z.boolean().optional(),
  requiresPhoneVerification: z.boolean().optional(),
  requiresApproval: z.boolean().optional(),
  requiresTwoFactor: z.boolean().optional(),
  verifyAt: z.string().optional(),
});
