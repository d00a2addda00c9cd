import { z } from "zod";
import { ZUserInput, ZUserRecord } from "../entities/user";
import { PASSWORD_MAX_LENGTH, ZEmail, ZNewPassword, ZSendPhoneVerificationRequest, ZVerifyPhoneRequest } from "./auth";

/** PATCH /api/account/profile: the name the account goes by, checked as at registration. */
export const ZProfileUpdate = ZUserInput.pick({ firstName: true, lastName: true }).strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/**
 * POST /api/account/password. The current password is required whenever the account has one; an account that signs
 * in only with Google or Apple adds its first password without it.
 */
export const ZPasswordChange = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: ZNewPassword,
  })
  .strict();
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

/** One place the account is signed in, as Profile lists it. */
export const ZAccountSession = z.object({
  /** A short handle for the session: not the cookie, and not enough to sign anyone in. */
  id: z.string(),
  /** "Chrome on Windows", from the browser's own description; "Unknown device" when it gave none. */
  device: z.string(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionParams = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, "A session id is 16 hexadecimal characters"),
});

export const ZSessionsEnded = z.object({ ended: z.number().int(), message: z.string() });

/** POST /api/account/email: the new address, and the current password when the account has one. */
export const ZEmailChangeRequest = z
  .object({ newEmail: ZEmail, currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type TEmailChangeRequest = z.infer<typeof ZEmailChangeRequest>;

/** The token of a confirm or undo link, as its page sends it back. */
export const ZEmailChangeToken = z
  .object({ token: z.string({ error: "This link is not valid" }).trim().min(1, "This link is not valid").max(200) })
  .strict();

/** GET /api/account/closure: whether the account can be closed now, and if not, every reason why. */
export const ZAccountClosureStatus = z.object({ canClose: z.boolean(), reasons: z.array(z.string()) });
export type TAccountClosureStatus = z.infer<typeof ZAccountClosureStatus>;

/**
 * POST /api/account/close. The current password when the account has one, and an explicit yes: closing erases the
 * person's data and cannot be undone.
 */
export const ZAccountClosure = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    confirm: z.literal(true, { error: "Please confirm that you want to close your account" }),
  })
  .strict();
export type TAccountClosure = z.infer<typeof ZAccountClosure>;

/** The e-mails a person may choose; service e-mails (bookings, security, support) are always sent. */
export const ZEmailPreferences = z
  .object({
    /** Reminders before a stay begins. */
    reminders: z.boolean(),
    /** News and offers from StayLondon. */
    marketing: z.boolean(),
  })
  .strict();
export type TEmailPreferences = z.infer<typeof ZEmailPreferences>;
export const EMAIL_CHOICES = ["reminders", "marketing"] as const satisfies readonly (keyof TEmailPreferences)[];
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** The e-mail choices as Profile shows them, with when they last changed. */
export const ZEmailPreferencesView = ZEmailPreferences.extend({ updatedAt: z.string().nullable() });

/** The signed token of an unsubscribe link: "<account>.<choice>.<signature>". */
export const ZUnsubscribeToken = z.object({
  token: z
    .string({ error: "This unsubscribe link is not valid" })
    .regex(/^\d{1,10}\.(reminders|marketing)\.[A-Za-z0-9_-]{43}$/, "This unsubscribe link is not valid"),
});

/** The profile photo after an upload or a removal: the address it is served at, or null for none. */
export const ZProfilePhoto = ZUserRecord.pick({ profileImageUrl: true }).extend({ message: z.string() });
export type TProfilePhoto = z.infer<typeof ZProfilePhoto>;

/**
 * POST /api/account/phone: the new number, checked as on the verification page. The account keeps its current
 * number until the code sent to the new one comes back.
 */
export const ZPhoneChangeRequest = ZSendPhoneVerificationRequest.strict();
export type TPhoneChangeRequest = z.infer<typeof ZPhoneChangeRequest>;

/** POST /api/account/phone/verify: the code texted to the new number. */
export const ZPhoneChangeConfirm = ZVerifyPhoneRequest.strict();
export type TPhoneChangeConfirm = z.infer<typeof ZPhoneChangeConfirm>;
