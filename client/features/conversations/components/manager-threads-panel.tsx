import type { TManagerThreadSummary } from "@common/schemas/property-management";
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import { useManagerThreads } from "../api/conversations-api";
import { ThreadList } from "./thread-list";
import { ThreadView } from "./thread-view";

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
      <LoadingBlock label="Loading conversations…" className="grid gap-3 md:grid-cols-[18rem_1fr]">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </LoadingBlock>
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
      <ThreadList
        kind="owner-manager"
        threads={threads.data}
        selectedId={open.assignmentId}
        onOpen={(assignmentId) => setChosen(assignmentId)}
      />
      <div className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-6">
        <ThreadView kind="owner-manager" assignmentId={open.assignmentId} onRead={onRead} />
      </div>
    </div>
  );
}
