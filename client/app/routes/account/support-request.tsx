import { SUPPORT_MESSAGE_MAX } from "@common/domain/support";
import { ZSupportReply } from "@common/schemas/support";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, LifeBuoy } from "lucide-react";
import { useParams } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { MessageComposer } from "@/components/ui/conversation";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { PageSpinner, SignInRequired, StatusPanel } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { supportTicketQueryOptions, useReplyToSupport } from "@/features/support/api/support-api";
import { SupportStatusBadge, SupportTicketFacts } from "@/features/support/components/support-status-badge";
import { SupportThread } from "@/features/support/components/support-thread";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ApiError } from "@/lib/api-client";
import { queryPageState } from "@/lib/query-state";

/** /support/:id: one of the person's requests, every message, and a box to add to it. */
export function Component() {
  const id = Number(useParams().id);
  const auth = useAuth();
  const ticket = useQuery({
    ...supportTicketQueryOptions(id),
    enabled: auth.status === "authenticated" && Number.isInteger(id) && id > 0,
  });
  const reply = useReplyToSupport(id);
  useDocumentTitle(ticket.data ? `Request ${ticket.data.reference}` : "Support request");

  if (auth.status === "loading") return <PageSpinner label="Loading…" />;
  if (auth.status === "anonymous") {
    return (
      <SignInRequired title="Sign in to see this request" icon={<LifeBuoy />}>
        Your requests to our team, and our answers, are kept in your account.
      </SignInRequired>
    );
  }
  if (!(Number.isInteger(id) && id > 0) || (ticket.error instanceof ApiError && ticket.error.status === 404)) {
    return (
      <StatusPanel
        icon={<LifeBuoy />}
        title="Request not found"
        actions={<LinkButton to="/support">Your requests</LinkButton>}
      >
        There is no request of yours with this number.
      </StatusPanel>
    );
  }
  return (
    <QueryStateView
      state={queryPageState(ticket, "refetch")}
      errorTitle="This request could not be loaded"
      loading={<PageSpinner label="Loading the request…" />}
    >
      {(request) => (
        <AccountPage
          eyebrow="Support request"
          title={request.reference}
          intro={
            <div className="grid gap-2">
              <SupportStatusBadge status={request.status} />
              <SupportTicketFacts ticket={request} />
            </div>
          }
          actions={
            <LinkButton to="/support" icon={ArrowLeft} variant="outline">
              All requests
            </LinkButton>
          }
        >
          <div className="mx-auto grid max-w-3xl gap-8">
            <SupportThread ticket={request} reader="person" />
            <MessageComposer
              label="Add to your request"
              hint={
                request.status === "closed"
                  ? "This request is closed; writing again opens it."
                  : "Our team is told at once, and answers by email too."
              }
              maxLength={SUPPORT_MESSAGE_MAX}
              schema={ZSupportReply}
              send={({ body }) => reply.mutateAsync(body)}
              className="rounded-3xl border border-border bg-card p-5 sm:p-6"
            />
          </div>
        </AccountPage>
      )}
    </QueryStateView>
  );
}
