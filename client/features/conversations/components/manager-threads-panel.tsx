import type { TManagerThreadSummary } from "@common/schemas/property-management";
import { formatDateTime } from "@common/utils/dates";
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useManagerThreads } from "../api/manager-threads-api";
import { ManagerThreadView } from "./manager-thread-view";

const ROLE_LABEL = { owner: "Owner", manager: "Manager" } as const;

/**
 * Every conversation of the signed-in manager (one per property they manage or managed) or owner (one per
 * assignment on their properties), with unread counts, and the open one beside the list (below it on a phone).
 */
export function ManagerThreadsPanel({
  initialAssignmentId,
  onRead,
}: {
  initialAssignmentId?: number;
  /** Told when a thread is read, so a page can refresh unread counts it keeps itself. */
  onRead?: () => void;
}) {
  const threads = useManagerThreads();
  const [chosen, setChosen] = useState<number | undefined>(initialAssignmentId);
  // With none asked for, the first with unread messages opens (else the first), and stays open once read.
  const first = threads.data?.find((t) => t.unread > 0) ?? threads.data?.[0];
  useEffect(() => {
    if (chosen === undefined && first) setChosen(first.assignmentId);
  }, [chosen, first]);

  if (threads.isPending) {
    return (
      <div aria-busy="true" className="grid gap-3 md:grid-cols-[18rem_1fr]">
        <p role="status" className="sr-only">
          Loading conversations…
        </p>
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (threads.isError) {
    return (
      <LoadErrorAlert
        title="Failed to load conversations"
        onRetry={() => void threads.refetch()}
        retryLabel="Retry"
        retrying={threads.isFetching}
        announce
      />
    );
  }
  if (threads.data.length === 0) {
    return (
      <EmptyList icon={MessagesSquare} title="No conversations yet" size="section">
        A conversation starts when a property manager is assigned to a property: one for each assignment.
      </EmptyList>
    );
  }
  const open = threads.data.find((t) => t.assignmentId === chosen) ?? (first as TManagerThreadSummary);

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)] md:items-start">
      <nav aria-label="Conversations">
        <ul className="grid gap-2">
          {threads.data.map((thread) => (
            <li key={thread.assignmentId}>
              <ThreadButton
                thread={thread}
                open={thread.assignmentId === open.assignmentId}
                onOpen={() => setChosen(thread.assignmentId)}
              />
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-6">
        <ManagerThreadView assignmentId={open.assignmentId} onRead={onRead} />
      </div>
    </div>
  );
}

function ThreadButton({ thread, open, onOpen }: { thread: TManagerThreadSummary; open: boolean; onOpen: () => void }) {
  const last = thread.lastMessage;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={open ? "true" : undefined}
      className={cn(
        "grid w-full cursor-pointer gap-1 rounded-xl border px-4 py-3 text-left transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        open
          ? "border-primary bg-secondary/70 ring-1 ring-primary"
          : "border-border bg-card hover:border-foreground/40",
      )}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-medium">{thread.propertyTitle}</span>
        {thread.unread > 0 ? (
          <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
            {pluralize(thread.unread, "unread", "unread")}
          </span>
        ) : null}
      </span>
      <span className="text-sm text-muted-foreground">
        {ROLE_LABEL[thread.otherParty.role]}: {thread.otherParty.name}
        {thread.isCurrent ? "" : " · ended"}
      </span>
      {last ? (
        <span className="line-clamp-2 text-sm text-muted-foreground">
          {last.mine ? "You: " : ""}
          {last.body}
          <span className="sr-only">, {formatDateTime(last.createdAt)}</span>
        </span>
      ) : (
        <span className="text-sm text-muted-foreground italic">No messages yet</span>
      )}
    </button>
  );
}
