import { z } from "zod";
import { AUTH_PROVIDERS, ROLES } from "../domain/roles";
import { requiredText } from "./field-kinds";

/**
 * A user (a person's account) defined once: what each field is, how a person fills in their own details, and how
 * the account reads in an answer. The sign-in, profile and admin schemas are picks of these shapes, and the
 * repositories read the columns these key lists name. Never a password hash, a token or a code: those stay on the
 * server.
 */

// ---------------------------------------------------------------------------------------------------------------
// What a person types about themselves: at registration, on Profile and on the phone verification page.

/** The longest first or last name; long enough for any real name, short enough for a card. */
export const NAME_MAX_LENGTH = 100;
/** The longest address the e-mail standards allow. */
export const EMAIL_MAX_LENGTH = 254;
/** Room for an international number typed with spaces; the server reads it as E.164. */
export const PHONE_MAX_LENGTH = 32;

export const FIRST_NAME_LABEL = "First name";
export const LAST_NAME_LABEL = "Last name";

export const ROLE_CHOICE_MESSAGE = "Please select a role: Guest/Tenant or Landlord/Owner";
export const PHONE_REQUIRED_MESSAGE = "Please enter your phone number.";
export const PHONE_TOO_LONG_MESSAGE = "That phone number is too long.";

/** An e-mail address as typed: trimmed and lower-cased, so one person cannot hold two accounts by case. */
export const ZEmail = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** A first or last name: required, trimmed, with its label in every message. */
export const personName = (label: string) =>
  requiredText(1, NAME_MAX_LENGTH, `${label} is required`, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

export const userInputFields = {
  email: ZEmail,
  firstName: personName(FIRST_NAME_LABEL),
  lastName: personName(LAST_NAME_LABEL),
  /** The number a code is texted to; checked and made E.164 on the server. */
  phoneNumber: requiredText(1, PHONE_MAX_LENGTH, PHONE_REQUIRED_MESSAGE, PHONE_TOO_LONG_MESSAGE),
  /** The role a person chooses when signing up (an admin's change of role words its refusal differently). */
  role: z.enum(ROLES, { error: ROLE_CHOICE_MESSAGE }),
};
export const ZUserInput = z.object(userInputFields);

// ---------------------------------------------------------------------------------------------------------------
// How an account reads in an answer.

/** Every field an answer may give about an account, grouped as an admin thinks of one. Instants are ISO strings. */
export const userRecordFields = {
  // identity
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** How the account signs in: a password, Google or Apple. */
  provider: z.enum(AUTH_PROVIDERS),
  // contact and verification
  /** E.164, once the user has asked for a code; verified only when phoneVerified. */
  phoneNumber: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  location: z.string().nullable(),
  // role and standing
  role: z.enum(ROLES),
  /** A landlord may list homes only once an admin approves them; other roles are approved from the start. */
  isApproved: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: z.number().int().nullable(),
  isFrozen: z.boolean(),
  frozenAt: z.string().nullable(),
  /** The admin who froze the account, and why (shown to admins only). */
  frozenBy: z.number().int().nullable(),
  frozenReason: z.string().nullable(),
  /** When its owner closed it: the name and address shown are then placeholders. */
  closedAt: z.string().nullable(),
  // photo
  profileImageUrl: z.string().nullable(),
  // times
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  registrationIp: z.string().nullable(),
};
export const ZUserRecord = z.object(userRecordFields);
type UserField = keyof typeof userRecordFields;

/** What the browser knows of the signed-in user, besides what the server works out (permissions, two-factor). */
export const SESSION_USER_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "role",
  "profileImageUrl",
  "isApproved",
  "emailVerified",
  "phoneVerified",
  "phoneNumber",
  "provider",
  "location",
  "createdAt",
] as const satisfies readonly UserField[];

/** The columns User Management lists for each account. */
export const ADMIN_USER_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "role",
  "provider",
  "isApproved",
  "emailVerified",
  "phoneVerified",
  "isFrozen",
  "frozenAt",
  "closedAt",
  "createdAt",
  "lastSeenAt",
] as const satisfies readonly UserField[];

/** The columns an admin's view of one user adds to the list's: approval, contact, sign-ins and the freeze. */
export const ADMIN_USER_PROFILE_COLUMNS = [
  "approvedAt",
  "approvedBy",
  "phoneNumber",
  "location",
  "registrationIp",
  "lastLoginAt",
  "frozenBy",
  "frozenReason",
] as const satisfies readonly UserField[];

/** The columns the approval queue shows of a landlord applying; createdAt is when they applied. */
export const PENDING_LANDLORD_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "provider",
  "emailVerified",
  "createdAt",
] as const satisfies readonly UserField[];
