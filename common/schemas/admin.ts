import { z } from "zod";
import { AUTH_PROVIDERS, ROLES } from "../domain/roles";

/** GET /api/admin/pending-landlords: one applicant. */
export const ZPendingLandlord = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  provider: z.enum(AUTH_PROVIDERS),
  emailVerified: z.boolean(),
  /** ISO instant of the application. */
  createdAt: z.string(),
});
export type TPendingLandlord = z.infer<typeof ZPendingLandlord>;

export const ZUserIdParams = z.object({
  id: z.coerce
    .number({ error: "User id must be a number" })
    .int("User id must be a whole number")
    .positive("User id must be positive")
    .max(2_147_483_647, "User not found"),
});

/** POST /api/admin/approve-landlord/{id}. */
export const ZApproveLandlordResponse = z.object({
  message: z.string(),
  requiresPhoneVerification: z.boolean(),
  user: z.object({ id: z.number().int(), approvedAt: z.string(), approvedBy: z.number().int() }),
});
export type TApproveLandlordResponse = z.infer<typeof ZApproveLandlordResponse>;

/** GET /api/admin/users/{userId}/profile (spec 2 "Admin User Profile"). */
export const ZAdminUserProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  profileImageUrl: z.string().nullable(),
  isApproved: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: z.number().int().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  provider: z.enum(AUTH_PROVIDERS),
  location: z.string().nullable(),
  registrationIp: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  isFrozen: z.boolean(),
});
export type TAdminUserProfile = z.infer<typeof ZAdminUserProfile>;

/** Why an admin takes a serious step (freezing an account, removing a listing, cancelling a booking). */
export const ZAdminReason = z.object({
  reason: z
    .string({ error: "Please give a reason" })
    .trim()
    .min(3, "Please give a reason (at least 3 characters)")
    .max(500, "The reason must be at most 500 characters"),
});
export type TAdminReason = z.infer<typeof ZAdminReason>;
