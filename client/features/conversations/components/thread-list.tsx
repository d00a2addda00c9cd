import type { TThreadSummary } from "@common/schemas/messages";
import type { TManagerThreadSummary } from "@common/schemas/property-management";
import { formatDateTime } from "@common/utils/dates";
import type * as React from "react";
import { Link } from "react-router";
import { pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { otherPartyLabel, topicOf, whenShort } from "../utils/thread-labels";
import type { ConversationKind } from "./thread-view";

const ROLE_LABEL = { owner: "Owner", manager: "Manager" } as const;

/** One conversation in a list, whichever API it came from. */
type Row = {
  id: number;
  /** The inbox links to each conversation's own address; the owner–manager panel opens one beside the list. */
  open: { to: string } | { onOpen: () => void };
  selected: boolean;
  /** The other side's initial, dark for a host. */
  avatar?: { letter: string; dark: boolean };
  title: React.ReactNode;
  /** Beside the title: when the latest message came, or how many are unread. */
  corner: React.ReactNode;
  details: { text: string; className: string }[];
  last: TThreadSummary["lastMessage"];
  unread: number;
};

/**
 * How each kind's list looks: the inbox's rows fill the pane, divided by rules, with the unread count at the end of
 * the preview; the owner–manager panel's are cards, the unread count at the top.
 */
const LOOK = {
  "guest-host": {
    list: "divide-y divide-border",
    row: "flex gap-3 px-4 py-4 transition-colors hover:bg-secondary/70 focus-visible:bg-secondary/70 sm:px-5",
    selected: "bg-secondary",
    unselected: "",
    body: "grid-cols-[minmax(0,1fr)] gap-0.5",
    titleRow: "min-w-0 items-baseline",
    title: "truncate",
    preview: "truncate",
    empty: "truncate",
  },
  "owner-manager": {
    list: "grid gap-2",
    row: "flex w-full cursor-pointer gap-3 rounded-xl border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    selected: "border-primary bg-secondary/70 ring-1 ring-primary",
    unselected: "border-border bg-card hover:border-foreground/40",
    body: "gap-1",
    titleRow: "items-start",
    title: "",
    preview: "line-clamp-2",
    empty: "italic",
  },
} as const;

/** The guest–host inbox: one row per conversation, the latest first, unread ones in bold with their count. */
function inboxRow(thread: TThreadSummary, selectedId: number | null): Row {
  return {
    id: thread.id,
    open: { to: `/messages/${thread.id}` },
    selected: thread.id === selectedId,
    avatar: {
      letter: thread.otherParty.name.charAt(0).toLocaleUpperCase("en-GB"),
      dark: thread.otherParty.role === "host",
    },
    title: (
      <>
        {thread.otherParty.name}
        <span className="font-normal text-muted-foreground"> · {otherPartyLabel(thread)}</span>
      </>
    ),
    corner: thread.lastMessage ? (
      <time dateTime={thread.lastMessage.createdAt} className="shrink-0 text-xs text-muted-foreground">
        {whenShort(thread.lastMessage.createdAt)}
      </time>
    ) : null,
    details: [
      { text: thread.property.title, className: "truncate text-sm text-foreground/80" },
      { text: topicOf(thread), className: "truncate text-xs text-muted-foreground" },
    ],
    last: thread.lastMessage,
    unread: thread.unread,
  };
}

/** An owner's or a manager's threads: which property, who is on the other side, and whether it has ended. */
function managerRow(thread: TManagerThreadSummary, selectedId: number, onOpen: (assignmentId: number) => void): Row {
  return {
    id: thread.assignmentId,
    open: { onOpen: () => onOpen(thread.assignmentId) },
    selected: thread.assignmentId === selectedId,
    title: thread.propertyTitle,
    corner:
      thread.unread > 0 ? (
        <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
          {pluralize(thread.unread, "unread", "unread")}
        </span>
      ) : null,
    details: [
      {
        text: `${ROLE_LABEL[thread.otherParty.role]}: ${thread.otherParty.name}${thread.isCurrent ? "" : " · ended"}`,
        className: "text-sm text-muted-foreground",
      },
    ],
    last: thread.lastMessage,
    unread: thread.unread,
  };
}

/** The conversations of either kind, the open one marked. */
export function ThreadList(
  props:
    | { kind: "guest-host"; threads: TThreadSummary[]; selectedId: number | null }
    | {
        kind: "owner-manager";
        threads: TManagerThreadSummary[];
        selectedId: number;
        onOpen: (assignmentId: number) => void;
      },
) {
  const look = LOOK[props.kind];
  const rows =
    props.kind === "guest-host"
      ? props.threads.map((thread) => inboxRow(thread, props.selectedId))
      : props.threads.map((thread) => managerRow(thread, props.selectedId, props.onOpen));
  // The inbox's own list is named; the panel's sits in a navigation landmark of that name.
  const list = (
    <ul aria-label={props.kind === "guest-host" ? "Conversations" : undefined} className={look.list}>
      {rows.map((row) => (
        <li key={row.id}>
          <RowTarget
            row={row}
            className={cn(look.row, row.selected ? look.selected : look.unselected)}
            current={props.kind === "guest-host" ? "page" : "true"}
          >
            <RowContent row={row} kind={props.kind} />
          </RowTarget>
        </li>
      ))}
    </ul>
  );
  return props.kind === "guest-host" ? list : <nav aria-label="Conversations">{list}</nav>;
}

function RowTarget({
  row,
  className,
  current,
  children,
}: {
  row: Row;
  className: string;
  current: "page" | "true";
  children: React.ReactNode;
}) {
  const ariaCurrent = row.selected ? current : undefined;
  return "to" in row.open ? (
    <Link to={row.open.to} aria-current={ariaCurrent} className={className}>
      {children}
    </Link>
  ) : (
    <button type="button" onClick={row.open.onOpen} aria-current={ariaCurrent} className={className}>
      {children}
    </button>
  );
}

function RowContent({ row, kind }: { row: Row; kind: ConversationKind }) {
  const look = LOOK[kind];
  const unread = row.unread > 0;
  // The inbox's rows speak of unread messages in bold and a count at the end; the panel's count sits at the top.
  const inbox = kind === "guest-host";
  return (
    <>
      {row.avatar ? (
        <span
          aria-hidden="true"
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full font-display text-lg",
            row.avatar.dark ? "bg-ink-800 text-white" : "bg-brass-100 text-ink-800",
          )}
        >
          {row.avatar.letter}
        </span>
      ) : null}
      <span className={cn("grid min-w-0 flex-1", look.body)}>
        <span className={cn("flex justify-between gap-2", look.titleRow)}>
          <span className={cn("min-w-0", look.title, inbox && unread ? "font-semibold" : "font-medium")}>
            {row.title}
          </span>
          {row.corner}
        </span>
        {row.details.map((detail) => (
          <span key={detail.className} className={detail.className}>
            {detail.text}
          </span>
        ))}
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span
            className={cn(
              "min-w-0 text-sm",
              row.last ? look.preview : look.empty,
              inbox && unread ? "text-foreground" : "text-muted-foreground",
            )}
          >
            {row.last ? (
              <>
                {row.last.mine ? "You: " : ""}
                {row.last.body}
                {inbox ? null : <span className="sr-only">, {formatDateTime(row.last.createdAt)}</span>}
              </>
            ) : (
              "No messages yet"
            )}
          </span>
          {inbox && unread ? (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brass-500 px-1.5 text-[0.6875rem] font-semibold text-ink-950 tabular-nums">
              {row.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </>
  );
}
