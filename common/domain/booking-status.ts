import type { BookingStatus } from "./property-options";

/**
 * The booking lifecycle as data: every status change is one of these transitions, fired by
 * one of the listed actors. Services ask `transition()` instead of writing statuses by hand, so a rule
 * lives in one place. The idea follows Sharetribe's transaction processes.
 */
export type BookingActor = "guest" | "landlord" | "admin" | "system";

export const BOOKING_TRANSITIONS = {
  /** The card payment succeeded (Stripe webhook). */
  confirm_payment: { from: "pending", to: "confirmed", by: ["system"] },
  /** Instant book without card payments: a qualifying guest's stay is confirmed as it is booked (decision 040). */
  instant_book: { from: "pending", to: "confirmed", by: ["system"] },
  /** No card payment configured: the landlord accepts the request. */
  accept_request: { from: "pending", to: "confirmed", by: ["landlord", "admin"] },
  decline_request: { from: "pending", to: "cancelled", by: ["landlord", "admin"] },
  /** The guest withdraws before anything is confirmed: nothing was paid, nothing to refund. */
  withdraw_request: { from: "pending", to: "cancelled", by: ["guest"] },
  /** An unpaid card hold after 30 minutes, an unanswered request after 48 hours. */
  expire_hold: { from: "pending", to: "cancelled", by: ["system"] },
  /** With the refund the property's cancellation policy gives. */
  cancel_booking: { from: "confirmed", to: "cancelled", by: ["guest", "landlord", "admin"] },
  /** After check-out, by the background job. */
  complete_stay: { from: "confirmed", to: "completed", by: ["system"] },
} as const satisfies Record<string, { from: BookingStatus; to: BookingStatus; by: readonly BookingActor[] }>;

export type BookingTransition = keyof typeof BOOKING_TRANSITIONS;

/** How long a pending booking holds its nights. */
export const HOLD_LIMITS = { cardPaymentMinutes: 30, requestHours: 48 } as const;

/** The status after `name`, or why it may not happen. */
export function transition(
  name: BookingTransition,
  current: BookingStatus,
  actor: BookingActor,
): { ok: true; to: BookingStatus } | { ok: false; reason: string } {
  const rule = BOOKING_TRANSITIONS[name];
  if (rule.from !== current) return { ok: false, reason: `A ${current} booking cannot be changed this way.` };
  if (!(rule.by as readonly BookingActor[]).includes(actor)) {
    return { ok: false, reason: "You are not allowed to make this change to the booking." };
  }
  return { ok: true, to: rule.to };
}

/** The transitions `actor` may fire on a booking in `current` (for the buttons a page shows). */
export function availableTransitions(current: BookingStatus, actor: BookingActor): BookingTransition[] {
  return (Object.keys(BOOKING_TRANSITIONS) as BookingTransition[]).filter(
    (name) => transition(name, current, actor).ok,
  );
}

/** Nights a booking holds: pending and confirmed stays; cancelled and completed ones hold nothing ahead. */
export const HOLDING_STATUSES = ["pending", "confirmed"] as const satisfies readonly BookingStatus[];
