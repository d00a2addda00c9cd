import { SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type SupportStatus } from "@common/domain/support";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { Pagination } from "@/components/ui/pagination";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { queryPageState } from "@/lib/query-state";
import { SUPPORT_QUEUE_PAGE_SIZE, supportQueueQueryOptions } from "../api/support-api";
import { SupportTicketLink } from "./support-ticket-link";

const STATUS_OPTIONS = SUPPORT_STATUSES.map((status) => ({ value: status, label: SUPPORT_STATUS_LABELS[status] }));

/** The team's queue: requests of one status, the latest message first, each opening its thread. */
export function SupportQueue() {
  const [status, setStatus] = useState<SupportStatus>("open");
  const [page, setPage] = useState(1);
  const queue = useQuery(supportQueueQueryOptions(status, page));
  return (
    <div className="grid gap-6">
      <SegmentedControl
        label="Requests to show"
        value={status}
        options={STATUS_OPTIONS}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        className="justify-self-start"
      />
      <QueryStateView
        state={queryPageState(queue, "refetch")}
        errorTitle="The requests could not be loaded"
        loading={<Skeleton className="h-48 rounded-3xl" />}
      >
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyList icon={Inbox} title="Nothing here">
              {status === "open"
                ? "Every request has been answered. New ones from the contact page appear here."
                : "No request is in this state."}
            </EmptyList>
          ) : (
            <div className="grid gap-4">
              <ul aria-label="Requests" className="grid gap-3">
                {items.map((ticket) => (
                  <li key={ticket.id}>
                    <SupportTicketLink
                      ticket={ticket}
                      to={`/admin/support/${ticket.id}`}
                      heading={
                        <>
                          {ticket.reference} · {ticket.requester.name}
                          {ticket.requester.id === null ? (
                            <span className="font-normal text-muted-foreground"> (visitor)</span>
                          ) : null}
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={SUPPORT_QUEUE_PAGE_SIZE}
                total={total}
                onPageChange={setPage}
                label="Requests"
              />
            </div>
          )
        }
      </QueryStateView>
    </div>
  );
}
