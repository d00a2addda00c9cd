import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { myBookingsKeys, useMyBookings } from "@/features/my-bookings/api/my-bookings-api";
import { MyBookingsPage } from "@/features/my-bookings/components/my-bookings-page";
import { WriteReviewButton } from "@/features/reviews/components/write-review-button";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** My Bookings at /bookings (spec 1 §2); completed stays get the reviews feature's button. */
export function Component() {
  useDocumentTitle("My Bookings");
  const auth = useAuth();
  const queryClient = useQueryClient();
  const bookings = useMyBookings(auth.status === "authenticated");

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
    />
  );
}
