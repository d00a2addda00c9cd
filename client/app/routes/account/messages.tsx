import { MessageSquare } from "lucide-react";
import { useParams } from "react-router";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { InboxPage } from "@/features/conversations/components/inbox-page";
import { OpenBookingThread } from "@/features/conversations/components/open-booking-thread";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * Messages at /messages, one conversation at /messages/{id}, and a stay's conversation at /messages/bookings/{id}:
 * every signed-in person has an inbox.
 */
export function Component() {
  useDocumentTitle("Messages");
  const auth = useAuth();
  const { threadId, bookingId } = useParams();
  const id = threadId && /^\d{1,10}$/.test(threadId) ? Number(threadId) : threadId ? 0 : null;

  if (auth.status === "loading") return <PageSpinner label="Loading…" />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Sign in to see your messages" icon={<MessageSquare />}>
        Your questions to hosts, their answers and your conversations about your stays are in your account.
      </SignInRequired>
    );
  }
  if (bookingId !== undefined)
    return <OpenBookingThread bookingId={/^\d{1,10}$/.test(bookingId) ? Number(bookingId) : 0} />;
  return <InboxPage threadId={id} />;
}
