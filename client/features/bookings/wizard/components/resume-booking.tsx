import type { TSessionUser } from "@common/schemas/auth";
import type { TPropertyDetail } from "@common/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { PageSpinner } from "@/components/ui/status-panel";
import { isApiError } from "@/lib/api-client";
import { toAmount } from "@/lib/format";
import { createPaymentIntent, guestBookingQueryOptions } from "../api/booking-api";
import { resumeStep } from "../utils/wizard-rules";
import { BookingNotFoundPanel, LoadErrorPanel } from "./booking-panels";
import { BookingWizard } from "./booking-wizard";

/**
 * `/booking/:propertyId?booking=N` (My Bookings' Complete Payment): the guest's own booking, opened on the payment
 * step while it can still be paid, else on its confirmation.
 */
export function ResumeBooking({
  property,
  user,
  bookingId,
  redirectStatus,
}: {
  property: TPropertyDetail;
  user: TSessionUser;
  bookingId: number;
  /** Stripe's `redirect_status` after a redirect-based card check. */
  redirectStatus: string | null;
}) {
  const booking = useQuery(guestBookingQueryOptions(bookingId));
  const step = booking.data ? resumeStep(booking.data, redirectStatus) : null;
  const intent = useQuery({
    queryKey: ["bookings", "payment-intent", bookingId],
    queryFn: () => createPaymentIntent(bookingId, toAmount(booking.data?.totalPrice)),
    enabled: step === 3,
    // A client secret is for this visit only.
    gcTime: 0,
  });

  if (isApiError(booking.error, 404) || isApiError(booking.error, 400)) return <BookingNotFoundPanel />;
  if (booking.isError) return <LoadErrorPanel title="Error loading booking" onRetry={() => booking.refetch()} />;
  if (!booking.data || (step === 3 && intent.isPending)) return <PageSpinner label="Loading your booking…" />;
  // Payment can't be set up (the hold lapsed, say): show the booking as it is.
  const opensOn = step === 3 && intent.data ? 3 : 4;
  const { checkIn, checkOut, guestCount } = booking.data;
  return (
    <BookingWizard
      property={property}
      user={user}
      start={{
        step: opensOn,
        stay: { checkIn, checkOut, guestCount },
        booking: booking.data,
        ...(intent.data ? { payment: intent.data } : {}),
      }}
    />
  );
}
