import type { TThreadSummary } from "@common/schemas/messages";
import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { otherPartyLabel, topicOf, whenShort } from "../utils/thread-labels";

/** The inbox: one row per conversation, the latest first, unread ones in bold with their count. */
export function ThreadList({ threads, selectedId }: { threads: TThreadSummary[]; selectedId: number | null }) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-border">
      {threads.map((thread) => {
        const selected = thread.id === selectedId;
        const unread = thread.unread > 0;
        return (
          <li key={thread.id}>
            <Link
              to={`/messages/${thread.id}`}
              aria-current={selected ? "page" : undefined}
              className={cn(
                "flex gap-3 px-4 py-4 transition-colors hover:bg-secondary/70 focus-visible:bg-secondary/70 sm:px-5",
                selected && "bg-secondary",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-full font-display text-lg",
                  thread.otherParty.role === "host" ? "bg-ink-800 text-white" : "bg-brass-100 text-ink-800",
                )}
              >
                {thread.otherParty.name.charAt(0).toLocaleUpperCase("en-GB")}
              </span>
              <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
                <span className="flex min-w-0 items-baseline justify-between gap-2">
                  <span className={cn("min-w-0 truncate", unread ? "font-semibold" : "font-medium")}>
                    {thread.otherParty.name}
                    <span className="font-normal text-muted-foreground"> · {otherPartyLabel(thread)}</span>
                  </span>
                  {thread.lastMessage ? (
                    <time dateTime={thread.lastMessage.createdAt} className="shrink-0 text-xs text-muted-foreground">
                      {whenShort(thread.lastMessage.createdAt)}
                    </time>
                  ) : null}
                </span>
                <span className="truncate text-sm text-foreground/80">{thread.property.title}</span>
                <span className="truncate text-xs text-muted-foreground">{topicOf(thread)}</span>
                <span className="flex min-w-0 items-center justify-between gap-2">
                  <span
                    className={cn("min-w-0 truncate text-sm", unread ? "text-foreground" : "text-muted-foreground")}
                  >
                    {thread.lastMessage
                      ? `${thread.lastMessage.mine ? "You: " : ""}${thread.lastMessage.body}`
                      : "No messages yet"}
                  </span>
                  {unread ? (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brass-500 px-1.5 text-[0.6875rem] font-semibold text-ink-950 tabular-nums">
                      {thread.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
