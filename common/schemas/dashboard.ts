import { z } from "zod";

/** GET /api/dashboard/stats, counted for the signed-in user. */
export const ZDashboardStats = z.object({
  /** Listings open to search. */
  totalProperties: z.number().int().nonnegative(),
  /** The user's bookings in any status. */
  userBookingsCount: z.number().int().nonnegative(),
  /** The user's saved properties that are still listed (what the Saved Properties page shows). */
  savedPropertiesCount: z.number().int().nonnegative(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

export const ACTIVITY_TYPES = ["booking", "saved"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** How many items the dashboard's recent activity shows. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** One line of recent activity: a booking made or a property saved. */
export const ZActivityItem = z.object({
  /** Unique across both kinds: "booking-12", "saved-4". */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** The booking's status, or "saved". A plain string: the page shows statuses it does not know as 'Booking Created'. */
  status: z.string(),
  /** YYYY-MM-DD for bookings; null for saved properties. */
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  propertyTitle: z.string(),
  propertyId: z.number().int(),
  /** When the booking was made or the property saved (ISO instant). */
  createdAt: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/** GET /api/dashboard/recent-activity: at most RECENT_ACTIVITY_LIMIT items, newest first. */
export const ZRecentActivity = z.array(ZActivityItem).max(RECENT_ACTIVITY_LIMIT);
