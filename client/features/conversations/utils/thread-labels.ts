import { londonToday } from "@common/domain/calendar-dates";
import type { TThreadSummary } from "@common/schemas/messages";
import { formatDayMonth, formatInstantDayMonth, formatTime } from "@common/utils/dates";

const STATUS_LABELS = { pending: "Pending", confirmed: "Confirmed", completed: "Completed", cancelled: "Cancelled" };

/** What a conversation is about: "Enquiry" before booking, or the stay's dates and status. */
export function topicOf(thread: Pick<TThreadSummary, "booking">): string {
  if (!thread.booking) return "Enquiry";
  const { checkIn, checkOut, status } = thread.booking;
  return `Stay ${formatDayMonth(checkIn)} – ${formatDayMonth(checkOut)} · ${STATUS_LABELS[status]}`;
}

/** The person on the other side, and what they are to the viewer. */
export function otherPartyLabel(thread: Pick<TThreadSummary, "otherParty">): string {
  return thread.otherParty.role === "host" ? "Host" : "Guest";
}

/** "14:05" today, "3 Mar" before: how the inbox dates its latest message, by London's day and clock. */
export function whenShort(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return londonToday(date) === londonToday(now) ? formatTime(date) : formatInstantDayMonth(date);
}

/** Labels for who wrote a message, beside their name. */
export const SIDE_LABELS = { guest: "Guest", host: "Host", manager: "Property manager" } as const;
