import type { TAdminBooking } from "@common/schemas/admin-bookings";
import { Badge } from "@/components/ui/badge";
import { LANDLORD_STATUS_CLASSES, LANDLORD_STATUS_LABELS, landlordStageOf } from "@/lib/landlord-booking-status";

/**
 * The status badge in the site's booking colours (pending yellow, confirmed green, completed blue, cancelled red), with the
 * host side's words for a pending booking: a request needing approval, or a card booking awaiting payment.
 */
export function BookingStatusBadge({ booking }: { booking: Pick<TAdminBooking, "status" | "awaitingPayment"> }) {
  const stage = landlordStageOf(booking);
  return <Badge className={LANDLORD_STATUS_CLASSES[stage]}>{LANDLORD_STATUS_LABELS[stage]}</Badge>;
}
