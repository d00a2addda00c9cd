import { MESSAGE_BODY_MAX } from "@common/domain/messages";
import { type TThreadMessage, ZPostMessage } from "@common/schemas/messages";
import { type TManagerMessage, ZPostManagerMessage } from "@common/schemas/property-management";
import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft, Lock, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { MessageBubble, MessageComposer, NoMessagesYet, useLatestMessageInView } from "@/components/ui/conversation";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-client";
import { pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  useManagerThread,
  useManagerThreads,
  usePostManagerMessage,
  usePostMessage,
  useThread,
} from "../api/conversations-api";
import { otherPartyLabel, SIDE_LABELS, topicOf } from "../utils/thread-labels";

/** The two kinds of conversation: a guest's with a host (the inbox), and a property owner's with its manager. */
export type ConversationKind = "guest-host" | "owner-manager";

/** A message of either kind; a guest–host one also says which side wrote it and whether anything was hidden. */
type ConversationMessage = TManagerMessage & Partial<Pick<TThreadMessage, "authorSide" | "masked">>;

const MANAGER_MESSAGE_MAX = 2000;
const ROLE_LABEL = { owner: "Owner", manager: "Property manager" } as const;

/**
 * Where each kind sits: the inbox's conversation fills the pane beside the list, its messages scrolling between the
 * header and the reply box; the owner–manager one is the content of a card, its messages in a box of their own.
 */
const LOOK = {
  "guest-host": {
    pad: "p-6 sm:p-8",
    section: "flex min-h-0 min-w-0 flex-1 flex-col",
    header: "grid gap-2 border-b border-border px-5 py-5 sm:px-7",
    titleRow: "gap-x-4 gap-y-2",
    Heading: "h2",
    heading: "text-2xl leading-tight break-words",
    about: "mt-1",
    messages: "flex min-h-0 flex-1 flex-col",
    empty: "flex-1 justify-center py-12",
    list: "min-h-0 flex-1 content-start gap-4 bg-ivory/60 px-4 py-5 focus-visible:-outline-offset-2 sm:px-7",
    bubble: "max-w-[min(36rem,90%)]",
    composer: "border-t border-border bg-card px-5 py-4 sm:px-7",
  },
  "owner-manager": {
    pad: undefined,
    section: "grid min-w-0 gap-4",
    header: "grid",
    titleRow: "gap-2",
    Heading: "h3",
    heading: "text-xl",
    about: undefined,
    messages: "grid gap-2",
    empty: "rounded-2xl border border-dashed border-input py-8",
    list: "max-h-[28rem] gap-3 rounded-2xl bg-ivory p-3 focus-visible:outline-offset-2 sm:p-4",
    bubble: "max-w-[min(36rem,92%)]",
    composer: undefined,
  },
} as const;
type Look = (typeof LOOK)[ConversationKind];

/** What a conversation shows once read, whichever API it came from. */
type Shown = {
  /** Above the heading: the way back to the list on a phone. */
  back?: React.ReactNode;
  heading: string;
  /** Under the heading: who the other side is and what the conversation is about. */
  about: React.ReactNode;
  badge: React.ReactNode;
  notice?: React.ReactNode;
  messages: ConversationMessage[];
  /** How many of the other side's messages were new when it was opened (marked, and counted above the list). */
  newAtOpen: number;
  /** Under "No messages yet". */
  empty: string;
  /** The box to write in, or why the conversation can only be read. */
  reply: React.ComponentProps<typeof MessageComposer> | { closed: React.ReactNode };
};

/**
 * One conversation of either kind: who it is with and about, its messages oldest first, and the box to reply (or why
 * there is none). Opening it marks it read on the server.
 */
export function ThreadView(
  props:
    | { kind: "guest-host"; threadId: number }
    | { kind: "owner-manager"; assignmentId: number; onRead?: (() => void) | undefined },
) {
  // A fresh view per conversation: the text being written, and what was new, belong to one opening.
  return props.kind === "guest-host" ? (
    <GuestHostThread key={props.threadId} threadId={props.threadId} />
  ) : (
    <OwnerManagerThread key={props.assignmentId} assignmentId={props.assignmentId} onRead={props.onRead} />
  );
}

/** The owner–manager conversation as the manage page's Property manager section takes it. */
export function ManagerThreadView({ assignmentId, onRead }: { assignmentId: number; onRead?: () => void }) {
  return <ThreadView kind="owner-manager" assignmentId={assignmentId} onRead={onRead} />;
}

// ---------------------------------------------------------------- the two kinds, read into what is shown

function GuestHostThread({ threadId }: { threadId: number }) {
  const thread = useThread(threadId);
  const post = usePostMessage(threadId);
  return (
    <Conversation
      kind="guest-host"
      query={thread}
      notFound={{
        statuses: [404, 400],
        content: (
          <div className="grid gap-4 p-6 sm:p-8">
            <BackToInbox />
            <h2 className="font-display text-2xl font-medium">Conversation not found</h2>
            <p className="text-muted-foreground">
              It may have ended, or it is between other people. Your conversations are listed in Messages.
            </p>
          </div>
        ),
      }}
      show={(data) => ({
        back: <BackToInbox />,
        heading: data.otherParty.name,
        about: (
          <>
            {otherPartyLabel(data)} ·{" "}
            <Link
              to={`/property/${data.property.slug}`}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              {data.property.title}
            </Link>
            , {data.property.city}
          </>
        ),
        badge: <Badge variant={data.booking?.status === "confirmed" ? "success" : "secondary"}>{topicOf(data)}</Badge>,
        notice: data.detailsShared ? null : (
          <p className="mt-1 flex gap-2 rounded-xl bg-ivory px-3.5 py-2.5 text-xs leading-relaxed text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
            Phone numbers, e-mail addresses and links are hidden between guest and host until a booking is confirmed.
          </p>
        ),
        messages: data.messages,
        newAtOpen: 0,
        empty: "Write the first one below.",
        reply: {
          label: `Reply to ${data.otherParty.name}`,
          hint: (
            <>
              {data.otherParty.name} is told by e-mail.<span className="hidden sm:inline"> Ctrl+Enter sends.</span>
            </>
          ),
          maxLength: MESSAGE_BODY_MAX,
          schema: ZPostMessage,
          send: (message) => post.mutateAsync(message),
        },
      })}
    />
  );
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

/**
 * Opening the thread marks it read, so how many messages were new is taken from the list before the thread itself
 * is asked for.
 */
function OwnerManagerThread({ assignmentId, onRead }: { assignmentId: number; onRead?: (() => void) | undefined }) {
  const list = useManagerThreads();
  const [newAtOpen, setNewAtOpen] = useState<number | null>(null);
  useEffect(() => {
    if (newAtOpen !== null) return;
    if (list.data) setNewAtOpen(list.data.find((t) => t.assignmentId === assignmentId)?.unread ?? 0);
    else if (list.isError) setNewAtOpen(0);
  }, [list.data, list.isError, newAtOpen, assignmentId]);

  if (newAtOpen === null) return <ThreadSkeleton look={LOOK["owner-manager"]} />;
  return <OwnerManagerMessages assignmentId={assignmentId} newAtOpen={newAtOpen} onRead={onRead} />;
}

function OwnerManagerMessages({
  assignmentId,
  newAtOpen,
  onRead,
}: {
  assignmentId: number;
  newAtOpen: number;
  onRead?: (() => void) | undefined;
}) {
  const thread = useManagerThread(assignmentId, onRead);
  const post = usePostManagerMessage(assignmentId);
  return (
    <Conversation
      kind="owner-manager"
      query={thread}
      notFound={{
        // Someone who may see the property but is not on the thread (an admin): said plainly, not as a failure.
        statuses: [404, 403],
        content: (
          <p className="text-sm text-muted-foreground">
            Only the property's owner and its manager can read their conversation.
          </p>
        ),
      }}
      show={(data) => ({
        heading: `Conversation with ${data.otherParty.name}`,
        about: `${ROLE_LABEL[data.otherParty.role]} · ${data.propertyTitle}`,
        badge: data.isCurrent ? null : (
          <Badge variant="secondary">
            <Lock aria-hidden="true" />
            Ended: read only
          </Badge>
        ),
        messages: data.messages,
        newAtOpen,
        empty: data.isCurrent ? "Write the first one below." : "Nothing was written while the assignment lasted.",
        reply: data.isCurrent
          ? {
              label: `Message to ${data.otherParty.name}`,
              hint: `Plain text, up to ${MANAGER_MESSAGE_MAX.toLocaleString("en-GB")} characters. ${data.otherParty.name} is told by e-mail.`,
              submitLabel: "Send message",
              maxLength: MANAGER_MESSAGE_MAX,
              schema: ZPostManagerMessage,
              send: (message) => post.mutateAsync(message),
            }
          : {
              closed: (
                <p className="rounded-xl bg-secondary/70 px-4 py-3 text-sm text-muted-foreground">
                  This assignment has ended: the conversation can be read but no longer written to.
                </p>
              ),
            },
      })}
    />
  );
}

// ---------------------------------------------------------------- one conversation, drawn the same for both kinds

function Conversation<T>({
  kind,
  query,
  notFound,
  show,
}: {
  kind: ConversationKind;
  query: UseQueryResult<T>;
  /** Answers that mean the viewer is not on the conversation, and what is said instead of a failure. */
  notFound: { statuses: number[]; content: React.ReactNode };
  show: (data: T) => Shown;
}) {
  const look = LOOK[kind];
  const headingId = useId();
  if (query.isPending) return <ThreadSkeleton look={look} />;
  if (query.isError) {
    if (notFound.statuses.some((status) => isApiError(query.error, status))) return notFound.content;
    return (
      <div className={look.pad}>
        <LoadErrorAlert
          title="Failed to load the conversation"
          onRetry={() => void query.refetch()}
          retryLabel="Retry"
          retrying={query.isFetching}
          announce
        />
      </div>
    );
  }
  const shown = show(query.data);
  const Heading = look.Heading;
  return (
    <section aria-labelledby={headingId} className={look.section}>
      <header className={look.header}>
        {shown.back}
        <div className={cn("flex flex-wrap items-start justify-between", look.titleRow)}>
          <div className="min-w-0">
            <Heading id={headingId} className={cn("font-display font-medium", look.heading)}>
              {shown.heading}
            </Heading>
            <p className={cn("text-sm text-muted-foreground", look.about)}>{shown.about}</p>
          </div>
          {shown.badge}
        </div>
        {shown.notice}
      </header>
      <MessageList look={look} messages={shown.messages} newAtOpen={shown.newAtOpen} empty={shown.empty} />
      {"closed" in shown.reply ? shown.reply.closed : <MessageComposer className={look.composer} {...shown.reply} />}
    </section>
  );
}

function ThreadSkeleton({ look }: { look: Look }) {
  return (
    <LoadingBlock label="Loading the conversation…" className={cn("grid gap-4", look.pad)}>
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-72" />
      <Skeleton className="h-20 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-16 w-2/3 rounded-2xl" />
    </LoadingBlock>
  );
}

/** Where the messages new at opening begin: the first of the last `count` messages from the other side. */
function firstNewIndex(messages: ConversationMessage[], count: number): number {
  if (count <= 0) return -1;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (!messages[i]?.mine) seen++;
    if (seen === count) return i;
  }
  return -1;
}

function MessageList({
  look,
  messages,
  newAtOpen,
  empty,
}: {
  look: Look;
  messages: ConversationMessage[];
  newAtOpen: number;
  empty: string;
}) {
  const count = messages.length;
  const end = useLatestMessageInView(count);
  if (count === 0) {
    return (
      <div className={look.messages}>
        <NoMessagesYet className={look.empty}>{empty}</NoMessagesYet>
      </div>
    );
  }
  const firstNew = firstNewIndex(messages, newAtOpen);
  return (
    <div className={look.messages}>
      {newAtOpen > 0 ? (
        <p className="text-sm font-medium text-brass-700">{pluralize(newAtOpen, "new message")} since you last read</p>
      ) : null}
      {/* Scrolls on its own; focusable so a keyboard can scroll it too. */}
      <ol
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className={cn("grid overflow-y-auto focus-visible:outline-2 focus-visible:outline-ring", look.list)}
      >
        {messages.map((message, index) => (
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
              className={look.bubble}
              author={
                <>
                  <span className="font-medium text-foreground">{message.mine ? "You" : message.authorName}</span>
                  {message.mine || !message.authorSide ? null : <> ({SIDE_LABELS[message.authorSide]})</>}
                </>
              }
            >
              {message.masked ? <span className="sr-only"> · contact details hidden</span> : null}
            </MessageBubble>
          </li>
        ))}
      </ol>
    </div>
  );
}
