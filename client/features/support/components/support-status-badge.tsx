import { SUPPORT_STATUS_LABELS, SUPPORT_TOPIC_LABELS, type SupportStatus } from "@common/domain/support";
import type { TSupportTicket } from "@common/schemas/support";
import { formatDateTime } from "@common/utils/dates";
import { Badge } from "@/components/ui/badge";

const STATUS_VARIANTS = { open: "warning", answered: "success", closed: "secondary" } as const;

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{SUPPORT_STATUS_LABELS[status]}</Badge>;
}

/** The line under a request's title: its topic and when it last moved. */
export function SupportTicketFacts({ ticket }: { ticket: TSupportTicket }) {
  return (
    <p className="text-sm text-muted-foreground">
      {SUPPORT_TOPIC_LABELS[ticket.topic]} · last message{" "}
      <time dateTime={ticket.lastMessageAt}>{formatDateTime(ticket.lastMessageAt)}</time>
    </p>
  );
}
