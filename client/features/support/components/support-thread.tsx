import type { TSupportTicketDetail } from "@common/schemas/support";
import { MessageBubble, useLatestMessageInView } from "@/components/ui/conversation";

/**
 * A request's messages, oldest first. `reader` decides which side is "mine": the person sees the team as one
 * voice; the team sees each admin's name and the person's.
 */
export function SupportThread({
  ticket,
  reader,
  requesterName,
}: {
  ticket: Pick<TSupportTicketDetail, "messages">;
  reader: "person" | "team";
  requesterName?: string;
}) {
  const last = useLatestMessageInView(ticket.messages.length);
  return (
    <ol aria-label="Messages" className="grid gap-5">
      {ticket.messages.map((message, index) => {
        const mine = reader === "team" ? message.fromTeam : !message.fromTeam;
        const author =
          mine && reader === "person" ? "You" : message.fromTeam ? message.authorName : (requesterName ?? "You");
        return (
          <li
            key={message.id}
            ref={index === ticket.messages.length - 1 ? last : undefined}
            className={
              mine ? "grid justify-items-end gap-1.5 pl-8 sm:pl-20" : "grid justify-items-start gap-1.5 pr-8 sm:pr-20"
            }
          >
            <MessageBubble mine={mine} body={message.body} author={author} createdAt={message.createdAt} />
          </li>
        );
      })}
    </ol>
  );
}
