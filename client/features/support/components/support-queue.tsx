import { SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type SupportStatus } from "@common/domain/support";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyList } from "@/components/ui/empty-list";
import { Pagination } from "@/components/ui/pagination";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { queryPageState } from "@/lib/query-state";
import { SUPPORT_QUEUE_PAGE_SIZE, supportQueueQueryOptions } from "../api/support-api";
import { SupportStatusBadge, SupportTicketFacts } from "./support-status-badge";

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
                    <Link
                      to={`/admin/support/${ticket.id}`}
                      className="grid gap-2 rounded-2xl border border-border bg-card p-5 shadow-soft transition-colors hover:border-foreground/40 focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:outline-none"
                    >
                      <span className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium">
                          {ticket.reference} · {ticket.requester.name}
                          <span className="font-normal text-muted-foreground">
                            {" "}
                            {ticket.requester.id === null ? "(visitor)" : ""}
                          </span>
                        </span>
                        <SupportStatusBadge status={ticket.status} />
                      </span>
                      <span className="line-clamp-2 text-sm">{ticket.preview}</span>
                      <SupportTicketFacts ticket={ticket} />
                    </Link>
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
