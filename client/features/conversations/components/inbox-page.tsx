import { Inbox, MessagesSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { INBOX_PAGE_SIZE, useInbox } from "../api/conversations-api";
import { ThreadList } from "./thread-list";
import { ThreadView } from "./thread-view";

/**
 * Messages at /messages and /messages/{id}: the conversations beside the open one on a wide screen; on a phone the
 * list, then the conversation on its own page with a way back.
 */
export function InboxPage({ threadId }: { threadId: number | null }) {
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);

  return (
    <div className="flex-1 bg-sand/60">
      <div className="container-page py-8 sm:py-10">
        <header className={cn("mb-6 max-w-2xl", threadId !== null && "hidden lg:block")}>
          <p className="eyebrow">Inbox</p>
          <h1 className="mt-2 font-display text-4xl font-medium tracking-tight sm:text-5xl">Messages</h1>
          <p className="mt-2 leading-relaxed text-muted-foreground">
            Questions before a stay and conversations about your bookings, with guests and hosts.
          </p>
        </header>
        {threadId !== null ? <h1 className="sr-only lg:hidden">Messages</h1> : null}

        <div className="overflow-hidden rounded-3xl border border-border bg-card shadow-lift lg:grid lg:h-[min(44rem,calc(100dvh-8rem))] lg:min-h-[32rem] lg:grid-cols-[22rem_minmax(0,1fr)]">
          <div
            className={cn("min-w-0 overflow-hidden border-border lg:border-r", threadId !== null && "hidden lg:block")}
          >
            <h2 className="sr-only">Conversations</h2>
            {inbox.isPending ? (
              <LoadingBlock label="Loading your conversations…" className="grid gap-4 p-5">
                {Array.from({ length: 4 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
                  <Skeleton key={i} className="h-20 rounded-2xl" />
                ))}
              </LoadingBlock>
            ) : inbox.isError ? (
              <div className="p-5">
                <LoadErrorAlert
                  title="Failed to load your messages"
                  onRetry={() => void inbox.refetch()}
                  retryLabel="Retry"
                  retrying={inbox.isFetching}
                  announce
                />
              </div>
            ) : inbox.data.items.length === 0 ? (
              <div className="p-5">
                <EmptyList
                  icon={Inbox}
                  title="No messages yet"
                  size="section"
                  action={
                    <Button asChild variant="outline">
                      <Link to="/properties">Browse properties</Link>
                    </Button>
                  }
                >
                  Ask a host a question from any listing with Contact host; their answers arrive here.
                </EmptyList>
              </div>
            ) : (
              <>
                <ThreadList kind="guest-host" threads={inbox.data.items} selectedId={threadId} />
                <div className="border-t border-border p-4 empty:hidden">
                  <Pagination
                    page={page}
                    pageSize={INBOX_PAGE_SIZE}
                    total={inbox.data.total}
                    onPageChange={setPage}
                    label="Conversations"
                  />
                </div>
              </>
            )}
          </div>

          <div className={cn("flex min-h-0 min-w-0 flex-col", threadId === null && "hidden lg:flex")}>
            {threadId !== null ? (
              <ThreadView kind="guest-host" threadId={threadId} />
            ) : (
              <EmptyList icon={MessagesSquare} title="Choose a conversation" size="prompt">
                Pick one on the left to read it and reply. Opening it marks its messages as read.
              </EmptyList>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
