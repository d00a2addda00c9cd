import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * "Message guest" on a stay, for whoever answers for the host (the owner, or the manager while assigned): the
 * stay's own conversation, opened by whichever side writes first.
 */
export function MessageGuestLink({ booking }: { booking: { id: number; guestName: string; reference: string } }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link
        to={`/messages/bookings/${booking.id}`}
        aria-label={`Message guest ${booking.guestName} about ${booking.reference}`}
      >
        <MessageSquare aria-hidden="true" />
        Message guest
      </Link>
    </Button>
  );
}
