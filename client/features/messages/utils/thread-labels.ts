import type { TThreadSummary } from "@common/schemas/messages";

const STATUS_LABELS = { pending: "Pending", confirmed: "Confirmed", completed: "Completed", cancelled: "Cancelled" };
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });

/** What a conversation is about: "Enquiry" before booking, or the stay's dates and status. */
export function topicOf(thread: Pick<TThreadSummary, "booking">): string {
  if (!thread.booking) return "Enquiry";
  const { checkIn, checkOut, status } = thread.booking;
  const from = day.format(new Date(`${checkIn}T00:00:00Z`));
  const to = day.format(new Date(`${checkOut}T00:00:00Z`));
  return `Stay ${from} – ${to} · ${STATUS_LABELS[status]}`;
}

/** The person on the other side, and what they are to the viewer. */
export function otherPartyLabel(thread: Pick<TThreadSummary, "otherParty">): string {
  return thread.otherParty.role === "host" ? "Host" : "Guest";
}

/** "14:05" today, "3 Mar" before: how the inbox dates its latest message. */
export function whenShort(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toDateString() === now.toDateString() ? time.format(date) : shortDate.format(date);
}

/** Labels for who wrote a message, beside their name. */
export const SIDE_LABELS = { guest: "Guest", host: "Host", manager: "Property manager" } as const;
