import { MESSAGE_BODY_MAX } from "@common/domain/messages";
import { type TThread, ZPostMessage } from "@common/schemas/messages";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { MessageBubble, MessageComposer, NoMessagesYet, useLatestMessageInView } from "@/components/ui/conversation";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { usePostMessage, useThread } from "../api/conversations-api";
import { otherPartyLabel, SIDE_LABELS, topicOf } from "../utils/thread-labels";

/** One conversation: who it is with and about, its messages oldest first, and the reply form. */
export function ThreadView({ threadId }: { threadId: number }) {
  const thread = useThread(threadId);
  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError) {
    return isApiError(thread.error, 404) || isApiError(thread.error, 400) ? (
      <div className="grid gap-4 p-6 sm:p-8">
        <BackToInbox />
        <h2 className="font-display text-2xl font-medium">Conversation not found</h2>
        <p className="text-muted-foreground">
          It may have ended, or it is between other people. Your conversations are listed in Messages.
        </p>
      </div>
    ) : (
      <div className="p-6 sm:p-8">
        <LoadErrorAlert
          title="Failed to load the conversation"
          onRetry={() => void thread.refetch()}
          retryLabel="Retry"
          retrying={thread.isFetching}
          announce
        />
      </div>
    );
  }
  return <LoadedThread key={threadId} thread={thread.data} />;
}

function BackToInbox() {
  return (
    <Link
      to="/messages"
      className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground lg:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All messages
    </Link>
  );
}

function ThreadSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 p-6 sm:p-8">
      <p role="status" className="sr-only">
        Loading the conversation…
      </p>
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-72" />
      <Skeleton className="h-20 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-16 w-2/3 rounded-2xl" />
    </div>
  );
}

function LoadedThread({ thread }: { thread: TThread }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="grid gap-2 border-b border-border px-5 py-5 sm:px-7">
        <BackToInbox />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={headingId} className="font-display text-2xl leading-tight font-medium break-words">
              {thread.otherParty.name}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {otherPartyLabel(thread)} ·{" "}
              <Link
                to={`/property/${thread.property.slug}`}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                {thread.property.title}
              </Link>
              , {thread.property.city}
            </p>
          </div>
          <Badge variant={thread.booking?.status === "confirmed" ? "success" : "secondary"}>{topicOf(thread)}</Badge>
        </div>
        {thread.detailsShared ? null : (
          <p className="mt-1 flex gap-2 rounded-xl bg-ivory px-3.5 py-2.5 text-xs leading-relaxed text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
            Phone numbers, e-mail addresses and links are hidden between guest and host until a booking is confirmed.
          </p>
        )}
      </header>
      <MessageList thread={thread} />
      <Composer threadId={thread.id} otherName={thread.otherParty.name} />
    </section>
  );
}

function MessageList({ thread }: { thread: TThread }) {
  const count = thread.messages.length;
  const end = useLatestMessageInView(count);

  if (count === 0) {
    return <NoMessagesYet className="flex-1 justify-center py-12">Write the first one below.</NoMessagesYet>;
  }
  return (
    <ol
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto bg-ivory/60 px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-7"
    >
      {thread.messages.map((message, index) => (
        <li
          key={message.id}
          ref={index === count - 1 ? end : undefined}
          className={cn("grid gap-1", message.mine ? "justify-items-end" : "justify-items-start")}
        >
          <MessageBubble
            mine={message.mine}
            body={message.body}
            createdAt={message.createdAt}
            className="max-w-[min(36rem,90%)]"
            author={
              <>
                <span className="font-medium text-foreground">{message.mine ? "You" : message.authorName}</span>
                {message.mine ? null : <> ({SIDE_LABELS[message.authorSide]})</>}
              </>
            }
          >
            {message.masked ? <span className="sr-only"> · contact details hidden</span> : null}
          </MessageBubble>
        </li>
      ))}
    </ol>
  );
}

function Composer({ threadId, otherName }: { threadId: number; otherName: string }) {
  const post = usePostMessage(threadId);
  return (
    <MessageComposer
      label={`Reply to ${otherName}`}
      hint={
        <>
          {otherName} is told by e-mail.<span className="hidden sm:inline"> Ctrl+Enter sends.</span>
        </>
      }
      maxLength={MESSAGE_BODY_MAX}
      schema={ZPostMessage}
      send={(message) => post.mutateAsync(message)}
      className="border-t border-border bg-card px-5 py-4 sm:px-7"
    />
  );
}
