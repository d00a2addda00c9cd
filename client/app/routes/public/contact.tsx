import { SUPPORT_TOPICS, type SupportTopic } from "@common/domain/support";
import { formatDate } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { LifeBuoy, Mail } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { PageSpinner } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { ContactForm } from "@/features/support/components/contact-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { myBookingsQueryOptions } from "@/lib/guest-bookings";
import { useSiteFacts } from "@/lib/site-facts";

const isTopic = (value: string | null): value is SupportTopic => SUPPORT_TOPICS.includes(value as SupportTopic);

/**
 * /contact[?topic=&booking=]: write to the team. Anyone may; a signed-in person can name one of their bookings and
 * follows the answer under Support requests, a visitor is answered by e-mail.
 */
export function Component() {
  useDocumentTitle("Contact us");
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const bookings = useQuery({ ...myBookingsQueryOptions(), enabled: signedIn });
  const facts = useSiteFacts().data;
  const [params] = useSearchParams();
  const topic = params.get("topic");
  const bookingId = Number(params.get("booking")) || undefined;

  if (auth.status === "loading" || (signedIn && bookings.isPending)) return <PageSpinner label="Loading…" />;

  const askable = (bookings.data ?? []).map((booking) => ({
    id: booking.id,
    label: `${booking.reference}: ${booking.property.title}, ${formatDate(booking.checkIn)}`,
  }));
  return (
    <AccountPage
      eyebrow="Support"
      title="Contact us"
      intro="Questions about a stay, a payment, your account or listing a home: our team reads every message and answers by email."
      actions={
        signedIn ? (
          <LinkButton to="/support" icon={LifeBuoy} variant="outline">
            Your requests
          </LinkButton>
        ) : null
      }
    >
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-label="Message" className="rounded-3xl border border-border bg-card p-6 sm:p-9">
          <ContactForm
            signedIn={signedIn}
            bookings={askable}
            initialTopic={isTopic(topic) ? topic : undefined}
            initialBookingId={bookingId}
          />
        </section>
        <aside className="grid gap-4 text-sm leading-relaxed text-muted-foreground">
          <h2 className="font-display text-xl font-medium text-foreground">Before you write</h2>
          <p>
            About a stay you have booked? Your host can answer most questions about arrival, keys and the home itself:
            message them from{" "}
            <Link to="/bookings" className="font-medium text-foreground underline underline-offset-4">
              My Bookings
            </Link>
            .
          </p>
          <p>
            Lost your password?{" "}
            <Link to="/forgot-password" className="font-medium text-foreground underline underline-offset-4">
              Choose a new one
            </Link>
            . No verification email?{" "}
            <Link to="/resend-verification" className="font-medium text-foreground underline underline-offset-4">
              Send another
            </Link>
            .
          </p>
          {facts?.company.supportEmail ? (
            <p className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>
                Or email{" "}
                <a
                  href={`mailto:${facts.company.supportEmail}`}
                  className="font-medium text-foreground underline underline-offset-4"
                >
                  {facts.company.supportEmail}
                </a>
              </span>
            </p>
          ) : null}
        </aside>
      </div>
    </AccountPage>
  );
}
