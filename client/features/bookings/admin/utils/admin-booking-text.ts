import type { BookingTransition } from "@common/domain/booking-status";
import type { TAdminBookingStatusFilter, TBookingHistoryEntry } from "@common/schemas/admin-bookings";

/** The status filter's choices, in the spec's order. */
export const STATUS_FILTER_OPTIONS: readonly { value: TAdminBookingStatusFilter; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
];

/** What each change did, as a line of the booking's history. */
const TRANSITION_TITLES: Record<BookingTransition, string> = {
  confirm_payment: "Paid by card and confirmed",
  instant_book: "Confirmed by instant book",
  accept_request: "Request confirmed",
  decline_request: "Request declined",
  withdraw_request: "Request withdrawn",
  expire_hold: "Hold lapsed",
  cancel_booking: "Stay cancelled",
  complete_stay: "Stay completed",
};

export function historyTitle(entry: Pick<TBookingHistoryEntry, "transition">): string {
  return TRANSITION_TITLES[entry.transition];
}

/** Who made a change: "by Ada Lovelace (admin)", "by the guest, Gus Guest", "automatically". */
export function historyActor(entry: Pick<TBookingHistoryEntry, "actor" | "actorName" | "transition">): string {
  if (entry.actor === "system") {
    return entry.transition === "confirm_payment" ? "by the guest's card payment" : "automatically";
  }
  const part = { guest: "the guest", landlord: "the landlord", admin: "an administrator" }[entry.actor];
  if (!entry.actorName) return `by ${part}`;
  return entry.actor === "admin" ? `by ${entry.actorName} (administrator)` : `by ${part}, ${entry.actorName}`;
}
