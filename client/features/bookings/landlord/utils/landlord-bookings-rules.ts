import type { BookingStatus } from "@common/domain/property-options";
import type { TLandlordBooking } from "@common/schemas/bookings";
import { type LandlordBookingStage, landlordStageOf } from "@/lib/landlord-booking-status";

type StatsInput = Pick<
  TLandlordBooking,
  "status" | "awaitingPayment" | "bookedRevenuePence" | "nights" | "checkInDate"
>;

/** Revenue and nights count stays that happen or happened: confirmed and completed. */
const earns = (status: BookingStatus) => status === "confirmed" || status === "completed";

/**
 * The five stat cards. `today` is the landlord's calendar date (YYYY-MM-DD); a confirmed stay checking in today
 * is still upcoming. Needs Approval counts only requests awaiting the landlord, not card bookings awaiting the
 * guest's payment. Each booking's nights and revenue are the ones the server counts for it, in pence: a stay's total
 * less the guest's service fee (the platform's), a periodic tenancy's real nights (never the calendar hold ahead of
 * it) and the rent for them, month by month, not only the first month its booking was charged.
 */
export function summariseLandlordBookings(bookings: readonly StatsInput[], today: string) {
  let needsApproval = 0;
  let upcoming = 0;
  let revenuePence = 0;
  let nightsBooked = 0;
  for (const booking of bookings) {
    if (landlordStageOf(booking) === "needs_approval") needsApproval += 1;
    if (booking.status === "confirmed" && booking.checkInDate.slice(0, 10) >= today) upcoming += 1;
    if (earns(booking.status)) {
      revenuePence += booking.bookedRevenuePence;
      nightsBooked += booking.nights;
    }
  }
  return { total: bookings.length, needsApproval, upcoming, revenue: revenuePence / 100, nightsBooked };
}

/** The All Bookings filters, in order: every booking, then each stage. */
export const LANDLORD_BOOKING_FILTERS = [
  "all",
  "needs_approval",
  "payment_pending",
  "confirmed",
  "completed",
  "cancelled",
] as const satisfies readonly ("all" | LandlordBookingStage)[];
export type LandlordBookingFilter = (typeof LANDLORD_BOOKING_FILTERS)[number];

/** The bookings a filter shows. */
export function filterLandlordBookings<T extends Pick<TLandlordBooking, "status" | "awaitingPayment">>(
  bookings: readonly T[],
  filter: LandlordBookingFilter,
): T[] {
  return filter === "all" ? [...bookings] : bookings.filter((booking) => landlordStageOf(booking) === filter);
}

/**
 * The filters offered: 'Payment Pending' only while some booking awaits a card payment (with card payments off
 * there are none), or while it is the chosen one.
 */
export function offeredLandlordFilters(
  bookings: readonly Pick<TLandlordBooking, "status" | "awaitingPayment">[],
  chosen: LandlordBookingFilter,
): LandlordBookingFilter[] {
  const anyAwaitingPayment = bookings.some((booking) => landlordStageOf(booking) === "payment_pending");
  return LANDLORD_BOOKING_FILTERS.filter((f) => f !== "payment_pending" || anyAwaitingPayment || chosen === f);
}
