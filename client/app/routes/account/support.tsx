import { useQuery } from "@tanstack/react-query";
import { LifeBuoy, PenLine } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { EmptyList } from "@/components/ui/empty-list";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { mySupportTicketsQueryOptions } from "@/features/support/api/support-api";
import { SupportTicketLink } from "@/features/support/components/support-ticket-link";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/** /support: the signed-in person's requests to the team, latest activity first. */
export function Component() {
  useDocumentTitle("Support requests");
  const auth = useAuth();
  const tickets = useQuery({ ...mySupportTicketsQueryOptions, enabled: auth.status === "authenticated" });

  if (auth.status === "loading") return <PageSpinner label="Loading…" />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Sign in to see your requests" icon={<LifeBuoy />}>
        The requests you send us while signed in, and our answers, are kept in your account.
      </SignInRequired>
    );
  }
  return (
    <AccountPage
      eyebrow="Support"
      title="Support requests"
      intro="What you have asked our team, and our answers. We also email every answer to you."
      actions={
        <LinkButton to="/contact" icon={PenLine}>
          New request
        </LinkButton>
      }
    >
      <QueryStateView
        state={queryPageState(tickets, "refetch")}
        errorTitle="Your requests could not be loaded"
        loading={<Skeleton className="h-40 rounded-3xl" />}
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyList icon={LifeBuoy} title="No requests yet">
              When you write to us from the contact page, your request and our answers appear here.
            </EmptyList>
          ) : (
            <ul className="grid gap-3">
              {list.map((ticket) => (
                <li key={ticket.id}>
                  <SupportTicketLink ticket={ticket} to={`/support/${ticket.id}`} heading={ticket.reference} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryStateView>
    </AccountPage>
  );
}
