import type { Database } from "../../db/client";
import { foldBookingTallies } from "../../repositories/booking-tallies.repository";
import { completeStays, expireHolds } from "../../repositories/bookings.repository";
import { foldStayFigures } from "../../repositories/stay-figures.repository";
import type { BookingNotifier } from "../messaging/booking-notifier";

/**
 * What time does to bookings without anyone acting: holds that lapse give their nights back, stays whose check-out
 * has come are completed, and the booking tallies are folded. The background job runs it all; a request that is
 * about to read or change a booking first releases the holds that lapsed on it.
 */
export class BookingHousekeeping {
  constructor(
    private readonly db: Database,
    private readonly today: () => string,
    private readonly notifier?: BookingNotifier,
  ) {}

  /** Cancels lapsed holds (all, one property's or one booking's) and tells their guests. */
  async releaseLapsedHolds(scope: { propertyId?: number; bookingId?: number } = {}): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const expired = await expireHolds(tx, scope);
      for (const id of expired) await this.notifier?.add(tx, id, "cancelled");
      return expired;
    });
  }

  /** The background jobs' work: release lapsed holds, complete finished stays, fold the booking tallies and the stay figures. */
  async runJobs(today = this.today()): Promise<{ expired: number[]; completed: number[] }> {
    const expired = await this.releaseLapsedHolds();
    const completed = await completeStays(this.db, today);
    // Keeps the booking tallies a handful of rows, so counting bookings stays instant.
    await foldBookingTallies(this.db);
    // Keeps the stays waiting to be counted in the admin's money figures few, so reading them stays quick.
    await foldStayFigures(this.db);
    return { expired, completed };
  }
}
