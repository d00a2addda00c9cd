import { z } from "zod";
import { ROLES } from "../domain/roles";

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 128;

const ZEmail = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ error: "Please enter a valid email address" }));

const ZName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  firstName: ZName("First name"),
  lastName: ZName("Last name"),
  role: z.enum(ROLES, { error: "Please select a role: Guest/Tenant or Landlord/Owner" }),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The signed-in user as the browser sees it: never a hash, token or code. */
export const ZSessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  profileImageUrl: z.string().nullable(),
  isApproved: z.boolean(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthUserResponse = z.object({ user: ZSessionUser });

/** Login and registration answers; the flags drive the notices of spec 1 §4. */
export const ZAuthOutcome = z.object({
  message: z.string().optional(),
  user: ZSessionUser.optional(),
  email: z.string().optional(),
  requiresApproval: z.boolean().optional(),
  requiresEmailVerification: z.boolean().optional(),
  requiresPhoneVerification: z.boolean().optional(),
  redirectToRegister: z.boolean().optional(),
  redirectToLogin: z.boolean().optional(),
});
export type TAuthOutcome = z.infer<typeof ZAuthOutcome>;
