import { z } from "zod";
import { ROLES } from "../domain/roles";
import { keysMask } from "../entities/field-kinds";
import {
  ADMIN_USER_COLUMNS,
  ADMIN_USER_PROFILE_COLUMNS,
  PENDING_LANDLORD_COLUMNS,
  ZUserRecord,
} from "../entities/user";
import { ZAuditLogEntry } from "./audit-logs";
import { ZUrlId } from "./ids";
import { ZPageQuery, ZSearchText } from "./paging";

/**
 * A user as the admin area lists them (User Management; the profile and the approval queue pick from it). Only
 * what an admin reads about an account: never a password hash, a token or a code.
 */
export const ZAdminUser = ZUserRecord.pick(keysMask(ADMIN_USER_COLUMNS));
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** The account states User Management filters by. */
export const ADMIN_USER_STATES = ["frozen", "awaiting_approval", "unverified", "closed"] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];

/** GET /api/admin/users: newest first; `q` is part of a name or an e-mail address. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  q: ZSearchText,
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}` }).optional(),
  state: z.enum(ADMIN_USER_STATES, { error: `State must be one of: ${ADMIN_USER_STATES.join(", ")}` }).optional(),
}).strict();
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** PUT /api/admin/users/{id}/role: answers the updated user (ZAdminUser). */
export const ZChangeRoleRequest = z
  .object({ role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}` }) })
  .strict();
export type TChangeRoleRequest = z.infer<typeof ZChangeRoleRequest>;

/** GET /api/admin/pending-landlords: one applicant. */
export const ZPendingLandlord = ZUserRecord.pick(keysMask(PENDING_LANDLORD_COLUMNS));
export type TPendingLandlord = z.infer<typeof ZPendingLandlord>;

export const ZUserIdParams = z.object({
  id: ZUrlId("User id"),
});

/** POST /api/admin/approve-landlord/{id}. */
export const ZApproveLandlordResponse = z.object({
  message: z.string(),
  requiresPhoneVerification: z.boolean(),
  user: z.object({ id: z.number().int(), approvedAt: z.string(), approvedBy: z.number().int() }),
});
export type TApproveLandlordResponse = z.infer<typeof ZApproveLandlordResponse>;

/**
 * GET /api/admin/users/{userId}/profile, with how much the user has done on the
 * platform and their latest audit entries.
 */
export const ZAdminUserProfile = ZAdminUser.extend(ZUserRecord.pick(keysMask(ADMIN_USER_PROFILE_COLUMNS)).shape).extend(
  {
    counts: z.object({
      /** Bookings made as a guest, in any status. */
      bookings: z.number().int(),
      /** Listings owned, in any status. */
      listings: z.number().int(),
    }),
    /** The latest audit entries by or about the user, newest first. */
    activity: z.array(ZAuditLogEntry),
  },
);
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

/** How far back the approvals page averages the time a landlord waited for review. */
export const REVIEW_TIME_DAYS = 90;

/** GET /api/admin/approval-figures: the Landlord Approvals page's figures, from the approvals themselves. */
export const ZApprovalFigures = z.object({
  /** Landlords approved since midnight in London. */
  approvedToday: z.number().int(),
  /** Mean hours from application to approval over the last `REVIEW_TIME_DAYS` days; null when nobody was approved. */
  averageReviewHours: z.number().nullable(),
});
export type TApprovalFigures = z.infer<typeof ZApprovalFigures>;
