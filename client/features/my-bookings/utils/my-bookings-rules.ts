import type { BookingStatus } from "@common/domain/property-options";
import type { TGuestBooking } from "@common/schemas/bookings";

/** How guests see each status. */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const STATUS_BADGE_VARIANTS = {
  pending: "warning",
  confirmed: "success",
  completed: "secondary",
  cancelled: "destructive",
} as const satisfies Record<BookingStatus, string>;

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

/** What a booking card offers besides View Property. */
export type BookingAction =
  | "manage" // a confirmed stay: see the policy, cancel
  | "complete-payment" // a pending booking that can still be paid by card
  | "withdraw" // a pending request awaiting the landlord
  | "review" // a completed stay not yet reviewed
  | "none";

export function bookingAction(
  booking: Pick<TGuestBooking, "status" | "canCancel" | "canPay" | "canReview">,
): BookingAction {
  switch (booking.status) {
    case "confirmed":
      return "manage";
    case "pending":
      if (booking.canPay) return "complete-payment";
      return booking.canCancel ? "withdraw" : "none";
    case "completed":
      return booking.canReview ? "review" : "none";
    default:
      return "none";
  }
}

/** Who ended a cancelled booking, in the guest's words. */
export function cancellationText(cancelledBy: "guest" | "landlord" | "admin" | "system"): string {
  switch (cancelledBy) {
    case "guest":
      return "Cancelled by you";
    case "landlord":
      return "Cancelled by the landlord";
    case "admin":
      return "Cancelled by StayLondon";
    case "system":
      return "Expired before it was confirmed";
  }
}
