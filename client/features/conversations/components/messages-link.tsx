import { MessageSquare } from "lucide-react";
import { SiteLink } from "@/components/ui/site-link";
import { isCurrentPage } from "@/lib/client-navigation";
import { cn } from "@/lib/utils";
import { useUnreadCount } from "../api/public-conversations-api";

/** "Messages, 2 unread": the header's way to the inbox, with the unread count as a badge. */
export function MessagesLink({ pathname }: { pathname: string }) {
  const isActive = isCurrentPage(pathname, "/messages");
  const count = useUnreadCount(true).data?.unread ?? 0;
  // The badge's text is part of the link's name, as what is seen must be what is announced.
  const shown = count > 99 ? "99+" : String(count);
  return (
    <SiteLink
      href="/messages"
      aria-label={count > 0 ? `Messages, ${shown} unread` : "Messages"}
      aria-current={isActive ? "page" : undefined}
      className={cn(
        "relative inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground",
        isActive && "bg-secondary text-foreground",
      )}
    >
      <MessageSquare aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brass-500 px-1 text-[0.6875rem] font-semibold text-ink-950 tabular-nums ring-2 ring-background"
        >
          {shown}
        </span>
      ) : null}
    </SiteLink>
  );
}
