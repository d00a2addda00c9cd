import type { TLandlordBooking } from "@common/schemas/bookings";

/**
 * Where a booking stands for its landlord. A pending booking is either a request awaiting the
 * landlord's answer ('Needs Approval', card payments off) or a card booking awaiting the guest's payment
 * ('Payment Pending', card payments on), which the landlord cannot accept.
 */
export type LandlordBookingStage = "needs_approval" | "payment_pending" | "confirmed" | "completed" | "cancelled";

export function landlordStageOf(booking: Pick<TLandlordBooking, "status" | "awaitingPayment">): LandlordBookingStage {
  if (booking.status === "pending") return booking.awaitingPayment ? "payment_pending" : "needs_approval";
  return booking.status;
}

/** How each stage reads to a landlord, shared by the landlord dashboard and All Bookings. */
export const LANDLORD_STATUS_LABELS: Record<LandlordBookingStage, string> = {
  needs_approval: "Needs Approval",
  payment_pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Booking status colours: confirmed green, pending yellow, cancelled red, completed blue (text kept AA on its tint). */
export const LANDLORD_STATUS_CLASSES: Record<LandlordBookingStage, string> = {
  needs_approval: "border-warning/25 bg-warning-soft text-warning",
  payment_pending: "border-warning/25 bg-warning-soft text-warning",
  confirmed: "border-transparent bg-success-soft text-success",
  completed: "border-sky-200 bg-sky-50 text-sky-800",
  cancelled: "border-transparent bg-destructive text-destructive-foreground",
};

/** The same colours as a small dot beside the status text (decorative: the text says the status). */
export const LANDLORD_STATUS_DOT_CLASSES: Record<LandlordBookingStage, string> = {
  needs_approval: "bg-amber-400",
  payment_pending: "bg-amber-400",
  confirmed: "bg-green-600",
  completed: "bg-sky-600",
  cancelled: "bg-destructive",
};
