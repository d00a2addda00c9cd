import type { TOutboxMessage } from "@common/schemas/dev-outbox";
import { formatDateTime } from "@common/utils/dates";
import { Mail, MessageSquareText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LinkifiedText } from "./linkified-text";

/** One message the app would have sent: channel, recipient, subject, time, and the text as it would arrive. */
export function OutboxMessageCard({ message }: { message: TOutboxMessage }) {
  const email = message.channel === "email";
  return (
    <li className="rounded-2xl border border-border bg-card shadow-soft">
      <article aria-label={`${email ? "Email" : "SMS"} to ${message.to}`}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-5 py-4">
          <Badge variant={email ? "brass" : "secondary"}>
            {email ? <Mail aria-hidden="true" /> : <MessageSquareText aria-hidden="true" />}
            {email ? "Email" : "SMS"}
          </Badge>
          <span className="min-w-0 truncate text-sm">
            <span className="text-muted-foreground">To </span>
            <span className="font-medium">{message.to}</span>
          </span>
          <time dateTime={message.createdAt} className="ml-auto text-sm text-muted-foreground">
            {formatDateTime(message.createdAt)}
          </time>
        </header>
        <div className="px-5 py-4">
          <h2 className="font-display text-lg font-medium">{message.subject ?? "Text message"}</h2>
          <pre className="mt-3 overflow-x-auto rounded-xl bg-secondary/60 p-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap">
            <LinkifiedText text={message.body} />
          </pre>
        </div>
      </article>
    </li>
  );
}
