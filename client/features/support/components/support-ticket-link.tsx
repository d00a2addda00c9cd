import type { TSupportTicket } from "@common/schemas/support";
import type * as React from "react";
import { Link } from "react-router";
import { SupportStatusBadge, SupportTicketFacts } from "./support-status-badge";

/** A request in a list, the person's or the team's: its heading and status, its first words, its topic and date. */
export function SupportTicketLink({
  ticket,
  to,
  heading,
}: {
  ticket: TSupportTicket;
  to: string;
  heading: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      className="grid gap-2 rounded-2xl border border-border bg-card p-5 shadow-soft transition-colors hover:border-foreground/40 focus-visible:ring-3 focus-visible:ring-brass-500/35 focus-visible:outline-none sm:p-6"
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium wrap-anywhere">{heading}</span>
        <SupportStatusBadge status={ticket.status} />
      </span>
      <span className="line-clamp-2 text-sm wrap-anywhere">{ticket.preview}</span>
      <SupportTicketFacts ticket={ticket} />
    </Link>
  );
}
