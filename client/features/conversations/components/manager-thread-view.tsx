import { type TManagerMessage, type TManagerThread, ZPostManagerMessage } from "@common/schemas/property-management";
import { Lock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { MessageBubble, MessageComposer, NoMessagesYet, useLatestMessageInView } from "@/components/ui/conversation";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-client";
import { pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useManagerThread, useManagerThreads, usePostManagerMessage } from "../api/manager-threads-api";

const MAX_MESSAGE = 2000;
const ROLE_LABEL = { owner: "Owner", manager: "Property manager" } as const;

/**
 * One conversation between a property's manager and its owner: the messages, oldest first, with the ones that were
 * new when it was opened marked, and a form to write while the assignment is current. Opening it marks it read, so
 * how many were new is taken from the list before the thread itself is asked for.
 */
export function ManagerThreadView({ assignmentId, onRead }: { assignmentId: number; onRead?: () => void }) {
  // A fresh view per thread: what was new is remembered per opening.
  return <ThreadView key={assignmentId} assignmentId={assignmentId} onRead={onRead} />;
}

function ThreadView({ assignmentId, onRead }: { assignmentId: number; onRead?: (() => void) | undefined }) {
  const list = useManagerThreads();
  const [newAtOpen, setNewAtOpen] = useState<number | null>(null);
  useEffect(() => {
    if (newAtOpen !== null) return;
    if (list.data) setNewAtOpen(list.data.find((t) => t.assignmentId === assignmentId)?.unread ?? 0);
    else if (list.isError) setNewAtOpen(0);
  }, [list.data, list.isError, newAtOpen, assignmentId]);

  if (newAtOpen === null) return <ThreadSkeleton />;
  return <LoadedThread assignmentId={assignmentId} newAtOpen={newAtOpen} onRead={onRead} />;
}

function ThreadSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p role="status" className="sr-only">
        Loading the conversation…
      </p>
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-20 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-16 w-2/3 rounded-2xl" />
    </div>
  );
}

function LoadedThread({
  assignmentId,
  newAtOpen,
  onRead,
}: {
  assignmentId: number;
  newAtOpen: number;
  onRead?: (() => void) | undefined;
}) {
  const thread = useManagerThread(assignmentId, onRead);
  const headingId = useId();
  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError) {
    // Someone who may see the property but is not on the thread (an admin): said plainly, not as a failure.
    return isApiError(thread.error, 404) || isApiError(thread.error, 403) ? (
      <p className="text-sm text-muted-foreground">
        Only the property's owner and its manager can read their conversation.
      </p>
    ) : (
      <LoadErrorAlert
        title="Failed to load the conversation"
        onRetry={() => void thread.refetch()}
        retryLabel="Retry"
        retrying={thread.isFetching}
        announce
      />
    );
  }
  const data = thread.data;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-xl font-medium">
            Conversation with {data.otherParty.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {ROLE_LABEL[data.otherParty.role]} · {data.propertyTitle}
          </p>
        </div>
        {data.isCurrent ? null : (
          <Badge variant="secondary">
            <Lock aria-hidden="true" />
            Ended: read only
          </Badge>
        )}
      </div>
      <MessageList thread={data} newAtOpen={newAtOpen} />
      {data.isCurrent ? (
        <Composer assignmentId={assignmentId} otherName={data.otherParty.name} />
      ) : (
        <p className="rounded-xl bg-secondary/70 px-4 py-3 text-sm text-muted-foreground">
          This assignment has ended: the conversation can be read but no longer written to.
        </p>
      )}
    </section>
  );
}

/** Where the messages new at opening begin: the first of the last `count` messages from the other side. */
function firstNewIndex(messages: TManagerMessage[], count: number): number {
  if (count <= 0) return -1;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (!messages[i]?.mine) seen++;
    if (seen === count) return i;
  }
  return -1;
}

function MessageList({ thread, newAtOpen }: { thread: TManagerThread; newAtOpen: number }) {
  const count = thread.messages.length;
  const end = useLatestMessageInView(count);

  if (count === 0) {
    return (
      <NoMessagesYet className="rounded-2xl border border-dashed border-input py-8">
        {thread.isCurrent ? "Write the first one below." : "Nothing was written while the assignment lasted."}
      </NoMessagesYet>
    );
  }
  const firstNew = firstNewIndex(thread.messages, newAtOpen);
  return (
    <div className="grid gap-2">
      {newAtOpen > 0 ? (
        <p className="text-sm font-medium text-brass-700">{pluralize(newAtOpen, "new message")} since you last read</p>
      ) : null}
      {/* Scrolls on its own; focusable so a keyboard can scroll it too. */}
      <ol
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="grid max-h-[28rem] gap-3 overflow-y-auto rounded-2xl bg-ivory p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-4"
      >
        {thread.messages.map((message, index) => (
          <li
            key={message.id}
            ref={index === count - 1 ? end : undefined}
            className={cn("grid gap-1", message.mine ? "justify-items-end" : "justify-items-start")}
          >
            {index === firstNew ? (
              <p className="flex w-full items-center gap-2 text-xs font-semibold tracking-wide text-brass-700 uppercase">
                <span aria-hidden="true" className="h-px flex-1 bg-brass-300" />
                New
                <span aria-hidden="true" className="h-px flex-1 bg-brass-300" />
              </p>
            ) : null}
            <MessageBubble
              mine={message.mine}
              body={message.body}
              createdAt={message.createdAt}
              className="max-w-[min(36rem,92%)]"
              author={<span className="font-medium text-foreground">{message.mine ? "You" : message.authorName}</span>}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Composer({ assignmentId, otherName }: { assignmentId: number; otherName: string }) {
  const post = usePostManagerMessage(assignmentId);
  return (
    <MessageComposer
      label={`Message to ${otherName}`}
      hint={`Plain text, up to ${MAX_MESSAGE.toLocaleString("en-GB")} characters. ${otherName} is told by e-mail.`}
      submitLabel="Send message"
      maxLength={MAX_MESSAGE}
      schema={ZPostManagerMessage}
      send={(message) => post.mutateAsync(message)}
    />
  );
}
