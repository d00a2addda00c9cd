import { type CancellationPolicy, refundPence } from "../../../common/domain/cancellation-policy";
import { poundsToPence } from "../../../common/domain/pricing";
import type { BookingView } from "../../repositories/bookings.repository";

/**
 * What cancelling a confirmed stay today gives back under the policy it was booked under, in pence: the same sum the
 * guest is shown before cancelling and is refunded when they do.
 */
export function policyRefundPence(
  booking: BookingView["booking"],
  policy: CancellationPolicy,
  cancelledBy: "guest" | "landlord" | "admin",
  today: string,
): number {
  return refundPence({ policy, cancelledBy, today, checkIn: booking.checkIn, ...split(booking) });
}

/** The nights and the service fee of a booking, in pence (older rows have no recorded fee). */
function split(booking: BookingView["booking"]): { subtotalPence: number; serviceFeePence: number } {
  const totalPence = poundsToPence(booking.totalPrice);
  const serviceFeePence = booking.serviceFee === null ? 0 : poundsToPence(booking.serviceFee);
  return { subtotalPence: totalPence - serviceFeePence, serviceFeePence };
}
