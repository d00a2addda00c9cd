import { SUPPORT_MESSAGE_MAX } from "@common/domain/support";
import { ZSupportReply } from "@common/schemas/support";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CircleCheck, Mail } from "lucide-react";
import { Link, useParams } from "react-router";
import { AdminPage } from "@/components/layouts/admin-page";
import { Button } from "@/components/ui/button";
import { MessageComposer } from "@/components/ui/conversation";
import { FormFailure } from "@/components/ui/form-failure";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { teamTicketQueryOptions, useTeamAction } from "@/features/support/api/support-api";
import { SupportStatusBadge, SupportTicketFacts } from "@/features/support/components/support-status-badge";
import { SupportThread } from "@/features/support/components/support-thread";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";

/** /admin/support/:id: one request as the team sees it, with the answer box and Close. */
export function Component() {
  const id = Number(useParams().id);
  const access = useAccess(["answer", "support-ticket", "any"]);
  const allowed = access.verdict.kind === "allowed" && Number.isInteger(id) && id > 0;
  const ticket = useQuery({ ...teamTicketQueryOptions(id), enabled: allowed });
  const actions = useTeamAction(id);
  useDocumentTitle(ticket.data ? `Support ${ticket.data.reference}` : "Support request");

  return (
    <AccessGate verdict={access.verdict}>
      <QueryStateView
        state={queryPageState(ticket, "refetch")}
        errorTitle="This request could not be loaded"
        loading={<Skeleton className="container-page my-10 h-64 rounded-3xl" />}
      >
        {(request) => (
          <AdminPage
            title={request.reference}
            intro={
              <div className="grid gap-2">
                <SupportStatusBadge status={request.status} />
                <p>
                  From {request.requester.name}{" "}
                  <a
                    href={`mailto:${request.requester.email}`}
                    className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-4"
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    {request.requester.email}
                  </a>
                  {request.requester.id === null ? " (no account)" : null}
                  {request.bookingId !== null ? (
                    <>
                      {" · "}
                      <Link to="/admin/bookings" className="underline underline-offset-4">
                        booking {request.bookingId}
                      </Link>
                    </>
                  ) : null}
                </p>
                <SupportTicketFacts ticket={request} />
              </div>
            }
            actions={
              <>
                <LinkButton to="/admin/support" icon={ArrowLeft} variant="outline">
                  All requests
                </LinkButton>
                {request.status !== "closed" ? (
                  <Button variant="outline" disabled={actions.close.isPending} onClick={() => actions.close.mutate()}>
                    <CircleCheck aria-hidden="true" />
                    {actions.close.isPending ? "Closing…" : "Close request"}
                  </Button>
                ) : null}
              </>
            }
          >
            <div className="mx-auto grid w-full max-w-3xl gap-8">
              {actions.close.isError ? (
                <FormFailure>{serverMessageOf(actions.close.error, "The request was not closed.")}</FormFailure>
              ) : null}
              <SupportThread ticket={request} reader="team" requesterName={request.requester.name} />
              <MessageComposer
                label={`Answer ${request.requester.name}`}
                hint="Emailed to them with your words; they see it signed by StayLondon support."
                submitLabel="Send answer"
                maxLength={SUPPORT_MESSAGE_MAX}
                schema={ZSupportReply}
                send={({ body }) => actions.answer.mutateAsync(body)}
                className="rounded-3xl border border-border bg-card p-5 sm:p-6"
              />
            </div>
          </AdminPage>
        )}
      </QueryStateView>
    </AccessGate>
  );
}
