import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import { openBookingThread } from "../api/conversations-api";

/**
 * /messages/bookings/{id}: opens the booking's conversation (started now if nobody has yet) and goes to it, so
 * My Bookings and the host's pages link to a stay's conversation without knowing whether it exists.
 */
export function OpenBookingThread({ bookingId }: { bookingId: number }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    openBookingThread(bookingId).then(
      (threadId) => live && navigate(`/messages/${threadId}`, { replace: true }),
      (error: unknown) => live && setFailure(serverMessageOf(error, "The conversation could not be opened.")),
    );
    return () => {
      live = false;
    };
  }, [bookingId, navigate]);

  if (!failure) return <LoadingSpinner label="Opening the conversation…" className="flex-1 py-24" />;
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <h1 className="font-display text-3xl font-medium">Conversation not available</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{failure}</p>
      <Button asChild className="mt-6">
        <Link to="/messages">Go to Messages</Link>
      </Button>
    </section>
  );
}
