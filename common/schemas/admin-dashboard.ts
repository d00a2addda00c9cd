import { z } from "zod";
import { ZRevenueSettlement } from "./analytics";

/** GET /api/admin/stats: the admin dashboard's figures (six, with what Pending Issues counts). */
export const ZAdminStats = z.object({
  totalUsers: z.number().int(),
  /** Accounts that signed in or made a request in the last 30 days. */
  activeUsers: z.number().int(),
  /** Every listing, listed or not. */
  totalProperties: z.number().int(),
  /** Listings guests can find now. */
  listedProperties: z.number().int(),
  /** Every booking, whatever its status. */
  totalBookings: z.number().int(),
  /**
   * Pounds guests were charged for stays checking in this London calendar month, less refunds, from the ledger; the
   * platform's service fees are part of it.
   */
  monthlyRevenue: z.number(),
  /** The same split into money collected, expected (owed, not yet paid) and demo (no card charged). */
  monthlyRevenueSettlement: ZRevenueSettlement,
  /** The London calendar month the revenue is for, YYYY-MM. */
  month: z.string(),
  /** The sum of the breakdown. */
  pendingIssues: z.number().int(),
  pendingIssueBreakdown: z.object({
    /** Landlords waiting for approval. */
    landlordApprovals: z.number().int(),
    /** Card payments that failed in the last `recentDays` days. */
    failedPayments: z.number().int(),
    /** E-mails and text messages that could not be sent in the last `recentDays` days. */
    failedMessages: z.number().int(),
    /** Transfers the ledger and Stripe disagree about, found in the last `recentDays` days. */
    reconciliationDifferences: z.number().int(),
    recentDays: z.number().int(),
  }),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

/**
 * One service's state: `ok` works; `demo` is the offline stand-in (no card payments, the dev outbox); `off` is
 * not configured; `down` is configured but did not answer.
 */
export const SERVICE_STATES = ["ok", "demo", "off", "down"] as const;
export const ZServiceCheck = z.object({
  state: z.enum(SERVICE_STATES),
  /** One line for the card, e.g. "Stripe reachable" or "Demo mode". */
  summary: z.string(),
  /** What it means for users, or why it failed. */
  detail: z.string(),
});
export type TServiceCheck = z.infer<typeof ZServiceCheck>;

/** GET /api/admin/system-status: the System Status card, from real checks made at most every 30 seconds. */
export const ZSystemStatus = z.object({
  checkedAt: z.string(),
  database: ZServiceCheck,
  payments: ZServiceCheck,
  oauth: ZServiceCheck,
  email: ZServiceCheck,
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;
