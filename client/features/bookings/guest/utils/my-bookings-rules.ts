import type { TGuestBooking } from "@common/schemas/bookings";

type StatsInput = Pick<TGuestBooking, "status" | "totalPrice">;

/**
 * The summary cards: all bookings; active ones (confirmed or pending); and the pounds spent, which
 * leaves cancelled bookings out (their money was refunded or never taken).
 */
export function summariseBookings(bookings: readonly StatsInput[]) {
  let spentPence = 0;
  let active = 0;
  for (const booking of bookings) {
    if (booking.status === "confirmed" || booking.status === "pending") active += 1;
    if (booking.status !== "cancelled") {
      const pounds = Number.parseFloat(booking.totalPrice);
      if (Number.isFinite(pounds)) spentPence += Math.round(pounds * 100);
    }
  }
  return { total: bookings.length, active, spent: spentPence / 100 };
}
