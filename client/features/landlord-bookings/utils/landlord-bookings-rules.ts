import type { BookingStatus } from "@common/domain/property-options";
import type { TLandlordBooking } from "@common/schemas/bookings";

type StatsInput = Pick<TLandlordBooking, "status" | "totalPrice" | "nights" | "checkInDate">;

/** Revenue and nights count stays that happen or happened: confirmed and completed. */
const earns = (status: BookingStatus) => status === "confirmed" || status === "completed";

/**
 * The five stat cards. `today` is the landlord's calendar date (YYYY-MM-DD); a confirmed stay checking in today
 * is still upcoming. Pounds are summed in pence so decimal strings add up exactly.
 */
export function summariseLandlordBookings(bookings: readonly StatsInput[], today: string) {
  let needsApproval = 0;
  let upcoming = 0;
  let revenuePence = 0;
  let nightsBooked = 0;
  for (const booking of bookings) {
    if (booking.status === "pending") needsApproval += 1;
    if (booking.status === "confirmed" && booking.checkInDate.slice(0, 10) >= today) upcoming += 1;
    if (earns(booking.status)) {
      const pounds = Number.parseFloat(booking.totalPrice);
      if (Number.isFinite(pounds)) revenuePence += Math.round(pounds * 100);
      nightsBooked += booking.nights;
    }
  }
  return { total: bookings.length, needsApproval, upcoming, revenue: revenuePence / 100, nightsBooked };
}

/** Who ended a cancelled booking, in the landlord's words. */
export function landlordCancellationText(cancelledBy: "guest" | "landlord" | "admin" | "system"): string {
  switch (cancelledBy) {
    case "guest":
      return "Cancelled by the guest";
    case "landlord":
      return "Cancelled by you";
    case "admin":
      return "Cancelled by StayLondon";
    case "system":
      return "Lapsed without an answer";
  }
}
