import { londonToday } from "@common/domain/calendar-dates";
import { DAMAGE_CLAIM_STATUS_LABELS } from "@common/domain/damage-claims";
import { MAX_PAGE_SIZE } from "@common/schemas/paging";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Hammer, MessageSquare } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { useMyBookings } from "@/features/bookings/guest/api/my-bookings-api";
import { MyBookingsPage } from "@/features/bookings/guest/components/my-bookings-page";
import { myClaimsQueryOptions } from "@/features/damage-claims/api/damage-claims-api";
import { jobListQueryOptions } from "@/features/maintenance/api/maintenance-api";
import { ReportProblemButton } from "@/features/maintenance/components/report-problem-dialog";
import { StayReports } from "@/features/maintenance/components/stay-reports";
import { mayReportFromStay, reportsFromStay } from "@/features/maintenance/utils/job-rules";
import { bookingDocumentsQueryOptions } from "@/features/money-documents/api/money-documents-api";
import { BookingDocumentLinks } from "@/features/money-documents/components/booking-document-links";
import { WriteReviewButton } from "@/features/reviews/components/write-review-button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { myBookingsKeys } from "@/lib/guest-bookings";

/**
 * My Bookings at /bookings: completed stays get the reviews feature's button; stays from check-in until
 * shortly after check-out get the maintenance feature's Report a problem, and each card shows what was reported.
 */
export function Component() {
  useDocumentTitle("My Bookings");
  const auth = useAuth();
  const queryClient = useQueryClient();
  const bookings = useMyBookings(auth.status === "authenticated");
  // Reports can only come from stays that happened or are happening: without one there is nothing to ask for.
  const hasStays = (bookings.data ?? []).some((b) => b.status === "confirmed" || b.status === "completed");
  const reports = useQuery({ ...jobListQueryOptions("jobs", { pageSize: MAX_PAGE_SIZE }), enabled: hasStays });
  // Receipts exist for stays that were confirmed (charged), cancelled ones included: the server knows which.
  const documents = useQuery({
    ...bookingDocumentsQueryOptions,
    enabled: (bookings.data ?? []).some((b) => b.status !== "pending"),
  });
  // Damage claims on the guest's stays: each links from its booking, with where it stands.
  const claims = useQuery({ ...myClaimsQueryOptions, enabled: hasStays });
  const today = londonToday();

  if (auth.status === "loading") return <PageSpinner label="Loading…" />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Sign in to see your bookings" icon={<CalendarDays />}>
        Your bookings, their references and what happens next are in your account.
      </SignInRequired>
    );
  }
  return (
    <MyBookingsPage
      state={
        bookings.isPending
          ? { status: "loading" }
          : bookings.isError
            ? { status: "error", retry: () => void bookings.refetch(), retrying: bookings.isFetching }
            : { status: "ready", bookings: bookings.data }
      }
      renderReviewAction={(booking) => (
        <WriteReviewButton
          bookingId={booking.id}
          propertyTitle={booking.property.title}
          onReviewed={() => void queryClient.invalidateQueries({ queryKey: myBookingsKeys.mine })}
        />
      )}
      extras={{
        status: (booking) =>
          reports.data ? (
            <StayReports bookingId={booking.id} jobs={reportsFromStay(reports.data.items, booking)} />
          ) : null,
        action: (booking) => (
          <>
            {/* Each stay has its own conversation with the host, about arrival, keys and the stay itself. */}
            <LinkButton
              to={`/messages/bookings/${booking.id}`}
              aria-label={`Message host about ${booking.property.title}`}
              icon={MessageSquare}
              variant="outline"
              size="sm"
            >
              Message host
            </LinkButton>
            {documents.data?.receiptBookingIds.includes(booking.id) ? (
              <BookingDocumentLinks
                bookingId={booking.id}
                placeName={booking.property.title}
                vatRegistered={documents.data.vatRegistered}
                creditNote={documents.data.creditNoteBookingIds.includes(booking.id)}
              />
            ) : null}
            {claims.data
              ?.filter((claim) => claim.bookingId === booking.id)
              .map((claim) => (
                <LinkButton
                  key={claim.id}
                  to={`/bookings/${booking.id}/damage-claim`}
                  aria-label={`Damage claim: ${DAMAGE_CLAIM_STATUS_LABELS[claim.status]}, ${booking.property.title}`}
                  icon={Hammer}
                  variant={claim.status === "open" || claim.status === "awaiting_payment" ? "default" : "outline"}
                  size="sm"
                >
                  Damage claim: {DAMAGE_CLAIM_STATUS_LABELS[claim.status]}
                </LinkButton>
              ))}
            {mayReportFromStay(booking, today) ? (
              <ReportProblemButton target={{ bookingId: booking.id }} placeName={booking.property.title} asGuest />
            ) : null}
          </>
        ),
      }}
    />
  );
}
