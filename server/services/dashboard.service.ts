import { RECENT_ACTIVITY_LIMIT, type TActivityItem, type TDashboardStats } from "../../common/schemas/dashboard";
import type { Database } from "../db/client";
import { countDashboardStats, findRecentBookings, findRecentSaves } from "../repositories/dashboard.repository";

/** The guest dashboard's figures and activity feed, for one signed-in user. */
export class DashboardService {
  constructor(private readonly db: Database) {}

  getStats(userId: number): Promise<TDashboardStats> {
    return countDashboardStats(this.db, userId);
  }

  /**
   * Bookings and saves merged, newest first. Each source gives at most the limit, so the merge never
   * needs more than that from either.
   */
  async findRecentActivity(userId: number, limit = RECENT_ACTIVITY_LIMIT): Promise<TActivityItem[]> {
    const [recentBookings, recentSaves] = await Promise.all([
      findRecentBookings(this.db, userId, limit),
      findRecentSaves(this.db, userId, limit),
    ]);
    const items: (TActivityItem & { at: number })[] = [
      ...recentBookings.map((b) => ({
        id: `booking-${b.id}`,
        type: "booking" as const,
        status: b.status,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        propertyTitle: b.propertyTitle,
        propertyId: b.propertyId,
        createdAt: b.createdAt.toISOString(),
        at: b.createdAt.getTime(),
      })),
      ...recentSaves.map((s) => ({
        id: `saved-${s.id}`,
        type: "saved" as const,
        status: "saved",
        checkIn: null,
        checkOut: null,
        propertyTitle: s.propertyTitle,
        propertyId: s.propertyId,
        createdAt: s.createdAt.toISOString(),
        at: s.createdAt.getTime(),
      })),
    ];
    // A stable sort: items of the same millisecond keep the database's order (newest id first).
    items.sort((a, b) => b.at - a.at);
    return items.slice(0, limit).map(({ at: _at, ...item }) => item);
  }
}
