import type { TAdminBooking, TAdminBookingDetails } from "@common/schemas/admin-bookings";
import { formatDateTime, formatWeekdayDate } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { Eye, UserRound } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/components/ui/detail-section";
import { DialogCloseButton, DialogDetailsBody, DialogPanel } from "@/components/ui/dialog";
import { Fact } from "@/components/ui/fact";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonTiles } from "@/components/ui/skeleton-tiles";
import { cancelledByText } from "@/features/bookings/booking-view";
import { formatPounds, pluralize, toAmount } from "@/lib/format";
import { adminBookingDetailsQueryOptions } from "../api/admin-bookings-api";
import { BookingHistory } from "./booking-history";
import { BookingStatusBadge } from "./booking-status-badge";
import { RefundStayButton } from "./refund-stay-dialog";
import { CancelBookingButton, TakeActionDialog } from "./take-action-dialog";

const POLICY_LABELS = { flexible: "Flexible", moderate: "Moderate", strict: "Strict" } as const;
const PAYMENT_STATUS_LABELS = {
  pending: "Pending",
  succeeded: "Paid",
  failed: "Failed",
  refunded: "Refunded",
} as const;

/** A person with their account behind them: name, e-mail and the admin's view of the profile. */
function Person({ label, person }: { label: string; person: { id: number; name: string; email: string } }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-ivory p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs tracking-wide text-muted-foreground uppercase">{label}</p>
        <p className="mt-0.5 font-medium break-words">{person.name}</p>
        <p className="text-sm break-all text-muted-foreground">{person.email}</p>
      </div>
      <LinkButton to={`/admin/users/${person.id}/profile`} icon={UserRound} variant="outline" size="sm">
        View Profile<span className="sr-only">: {person.name}</span>
      </LinkButton>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      <Skeleton className="h-5 w-2/3" />
      <SkeletonTiles count={4} className="grid grid-cols-2 gap-4 sm:grid-cols-4" tileClassName="h-10" />
      <Skeleton className="h-20" />
      <Skeleton className="h-32" />
    </div>
  );
}

function DetailsBody({ details }: { details: TAdminBookingDetails }) {
  const guestName = [details.guestInfo.firstName, details.guestInfo.lastName].filter(Boolean).join(" ");
  const serviceFee = details.serviceFee === null ? null : toAmount(details.serviceFee);
  return (
    <div className="grid gap-5">
      <DetailSection title="Stay">
        <p className="font-medium">
          <Link
            to={`/properties/${details.property.slug}`}
            className="underline decoration-brass-500 decoration-2 underline-offset-4 hover:decoration-foreground"
          >
            {details.property.title}
          </Link>
          <span className="text-muted-foreground"> · {details.property.city}</span>
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
          <Fact term="Check-in">{formatWeekdayDate(details.checkIn)}</Fact>
          <Fact term="Check-out">{formatWeekdayDate(details.checkOut)}</Fact>
          <Fact term="Nights">{pluralize(details.nights, "night")}</Fact>
          <Fact term="Guests">{pluralize(details.guestCount, "guest")}</Fact>
          <Fact term="Booked">{formatDateTime(details.createdAt)}</Fact>
          <Fact term="Cancellation policy">{POLICY_LABELS[details.property.cancellationPolicy]}</Fact>
        </dl>
      </DetailSection>

      <DetailSection title="People">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Fact term="Booked in the name of">{guestName || "Not given"}</Fact>
          <Fact term="E-mail on the booking">
            <span className="break-all">{details.guestInfo.email ?? "Not given"}</span>
          </Fact>
          <Fact term="Phone on the booking">{details.guestInfo.phone || "Not given"}</Fact>
        </dl>
        <div className="grid gap-3">
          <Person label="Guest account" person={details.guestAccount} />
          <Person label="Owner" person={details.owner} />
        </div>
      </DetailSection>

      <DetailSection title="Payment">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
          <Fact term="Total">
            <span className="font-display text-lg">{formatPounds(details.totalPrice)}</span>
          </Fact>
          {serviceFee !== null ? <Fact term="Of which service fee">{formatPounds(serviceFee)}</Fact> : null}
          {details.cancellation ? <Fact term="Refunded">{formatPounds(details.cancellation.refundAmount)}</Fact> : null}
        </dl>
        {details.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No card payment is recorded for this booking.</p>
        ) : (
          <ul aria-label="Card payments" className="grid gap-2">
            {details.payments.map((payment) => (
              <li
                key={payment.id}
                className="flex flex-col gap-1 rounded-2xl bg-ivory px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <span>
                  <span className="font-medium">{formatPounds(payment.amount)}</span> card payment ·{" "}
                  {PAYMENT_STATUS_LABELS[payment.status]}
                  {toAmount(payment.refundedAmount) > 0 ? ` · ${formatPounds(payment.refundedAmount)} refunded` : ""}
                </span>
                <span className="text-muted-foreground">
                  {formatDateTime(payment.createdAt)}
                  {payment.providerReference ? (
                    <>
                      {" "}
                      · <span className="font-mono text-xs break-all">{payment.providerReference}</span>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {details.cancellation ? (
          <p className="text-sm text-muted-foreground">
            {cancelledByText("admin", details.cancellation.cancelledBy)} on{" "}
            {formatDateTime(details.cancellation.cancelledAt)}
            {details.cancellation.reason ? `: “${details.cancellation.reason}”` : "."}
          </p>
        ) : null}
      </DetailSection>

      <DetailSection title="History">
        <BookingHistory details={details} />
      </DetailSection>
    </div>
  );
}

/** View Details: the whole booking, with its history, payment and refund, and what may still be done to it. */
export function BookingDetailsDialog({ booking }: { booking: TAdminBooking }) {
  const [open, setOpen] = useState(false);
  const details = useQuery({ ...adminBookingDetailsQueryOptions(booking.id), enabled: open });
  // Once read, the badge and the actions follow the booking as it is now; until then, as the list had it.
  const latest = details.data
    ? {
        ...booking,
        status: details.data.status,
        awaitingPayment: details.data.awaitingPayment,
        canConfirm: details.data.canConfirm,
        canCancel: details.data.canCancel,
      }
    : booking;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <Eye aria-hidden="true" />
          View Details
          <span className="sr-only"> of {booking.reference}</span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel size="2xl">
        <div className="grid gap-2 pr-10">
          <div className="flex flex-wrap items-center gap-3">
            <Dialog.Title className="font-display text-2xl leading-snug font-medium">
              Booking {booking.reference}
            </Dialog.Title>
            <BookingStatusBadge booking={latest} />
          </div>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {booking.guestName} at {booking.propertyTitle}, {formatWeekdayDate(booking.checkIn)} to{" "}
            {formatWeekdayDate(booking.checkOut)}.
          </Dialog.Description>
        </div>
        <DialogCloseButton />

        <DialogDetailsBody
          query={details}
          loadingLabel="Loading the booking…"
          skeleton={<DetailsSkeleton />}
          goneMessage="This booking no longer exists."
          errorTitle="Failed to load this booking"
        >
          {(data) => <DetailsBody details={data} />}
        </DialogDetailsBody>

        {details.data?.refundablePence ? (
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
            {/* Done, the dialog closes: its toast is then read out, and focus goes back to View Details. */}
            <RefundStayButton
              booking={booking}
              refundablePence={details.data.refundablePence}
              onDone={() => setOpen(false)}
            />
          </div>
        ) : null}
        {details.data && (details.data.canConfirm || details.data.canCancel) ? (
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
            {/* Done, the dialog closes: its toast is then read out, and focus goes back to View Details. */}
            {details.data.status === "pending" ? (
              <TakeActionDialog booking={latest} onDone={() => setOpen(false)} />
            ) : (
              <CancelBookingButton booking={latest} size="default" onDone={() => setOpen(false)} />
            )}
          </div>
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
