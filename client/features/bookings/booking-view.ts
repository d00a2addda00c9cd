import { partyDetail, partySummary } from "@common/domain/party";
import type { BookingStatus } from "@common/domain/property-options";
import type { StayMode } from "@common/domain/stay-modes";
import type { TAdminBooking } from "@common/schemas/admin-bookings";
import type { TGuestBooking, TLandlordBooking, TPeriodicTenancyTerm } from "@common/schemas/bookings";
import type { TManagedBooking } from "@common/schemas/property-management";
import { formatDateTime } from "@common/utils/dates";
import { formatPounds, toAmount } from "@/lib/format";
import { LANDLORD_STATUS_LABELS, type LandlordBookingStage, landlordStageOf } from "@/lib/landlord-booking-status";

/**
 * One booking as any of its four audiences sees it on a card: the guest (My Bookings), the landlord (All
 * Bookings), a property manager (the manager dashboard) and an administrator (Booking Oversight). Each list's API
 * answers in its own shape; these mappers bring them to one, so one card can show them all. What a person reads
 * stays each audience's own: the words of a status, a note or a cancellation differ by who is reading.
 */
export type BookingView = {
  id: number;
  reference: string;
  property: {
    id: number;
    title: string;
    /** Where it is, as this audience's list names it; null when the list leaves it out. */
    place: string | null;
    /** The listing's first photo; null when the list carries none. */
    photo: string | null;
  };
  stay: {
    /** Calendar dates, YYYY-MM-DD. */
    checkIn: string;
    checkOut: string;
    nights: number;
    guests: number;
    /** "2 adults, 1 child, 1 infant, 1 pet" where the list carries who comes; null where it does not. */
    whoComes: string | null;
    /** Short let, mid let or tenancy; null for stays booked before stay modes, or where the list does not say. */
    mode: StayMode | null;
    /** A periodic tenancy runs month by month with no fixed end: its rent, and its last day once notice is given. */
    periodic: TPeriodicTenancyTerm | null;
  };
  status: { value: BookingStatus; label: string; tone: BookingTone };
  /** What the stay costs, under the word this audience uses for it. */
  money: { label: "Total" | "Amount" | "First month"; amount: string | number };
  /** Who is on the other side of the booking from where this audience sits. */
  party: BookingParty;
  /** One line on where the booking stands and what happens next; null when the badge says it all. */
  note: BookingNote | null;
  /** What this audience may do next, as the server allows it. */
  actions: readonly BookingAction[];
};

/** The badge's colour: waiting on someone, going ahead, over (for the guest or the host side), or called off. */
export type BookingTone = "warning" | "success" | "neutral" | "info" | "danger";

/**
 * The other side: the host for a guest (whose list does not name them), the guest for everyone else (the landlord
 * sees the guest's account id, an administrator the guest's e-mail too).
 */
export type BookingParty =
  | { role: "host" }
  | { role: "guest"; name: string; accountId: number | null; email: string | null };

export type BookingNoteIcon = "card" | "clock" | "check" | "refund" | "star" | "calendar";
export type BookingNote = { icon: BookingNoteIcon; text: string };

export type BookingAction =
  | "pay" // guest: a pending booking that can still be paid by card
  | "manage" // guest: a confirmed stay, to read the policy and cancel
  | "withdraw" // guest: a pending request awaiting the landlord
  | "review" // guest: a completed stay not yet reviewed
  | "message-guest" // host side: the stay's conversation with its guest
  | "accept" // landlord: a request awaiting the answer
  | "decline" // landlord: the same request, turned down
  | "cancel" // landlord: a confirmed stay before check-in, refunded in full
  | "view-details" // admin: the booking's history and payments
  | "take-action"; // admin: confirm or cancel a pending booking

// ---------------------------------------------------------------- the guest

/** How guests see each status. */
export const GUEST_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Payment Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

const GUEST_STATUS_TONES: Record<BookingStatus, BookingTone> = {
  pending: "warning",
  confirmed: "success",
  completed: "neutral",
  cancelled: "danger",
};

/** What a guest's booking card offers besides View Property: at most one of these. */
export function guestBookingAction(
  booking: Pick<TGuestBooking, "status" | "canCancel" | "canPay" | "canReview">,
): Extract<BookingAction, "pay" | "manage" | "withdraw" | "review"> | null {
  switch (booking.status) {
    case "confirmed":
      return "manage";
    case "pending":
      if (booking.canPay) return "pay";
      return booking.canCancel ? "withdraw" : null;
    case "completed":
      return booking.canReview ? "review" : null;
    default:
      return null;
  }
}

type Canceller = "guest" | "landlord" | "admin" | "system";

/** Who ended a cancelled booking, in the words of the one reading it: the guest, the landlord or an admin. */
const CANCELLED_BY_TEXT: Record<"guest" | "landlord" | "admin", Record<Canceller, string>> = {
  guest: {
    guest: "Cancelled by you",
    landlord: "Cancelled by the landlord",
    admin: "Cancelled by StayLondon",
    system: "Expired before it was confirmed",
  },
  landlord: {
    guest: "Cancelled by the guest",
    landlord: "Cancelled by you",
    admin: "Cancelled by StayLondon",
    system: "Lapsed without an answer",
  },
  admin: {
    guest: "Cancelled by the guest",
    landlord: "Cancelled by the landlord",
    admin: "Cancelled by an administrator",
    system: "Lapsed before it was paid or accepted",
  },
};

/** Who ended a cancelled booking, as `reader` reads it. */
export function cancelledByText(reader: keyof typeof CANCELLED_BY_TEXT, cancelledBy: Canceller): string {
  return CANCELLED_BY_TEXT[reader][cancelledBy];
}

/** Who ended a cancelled booking, in the guest's words. */
export function guestCancellationText(cancelledBy: Canceller): string {
  return cancelledByText("guest", cancelledBy);
}

/** Where the guest's booking stands: the hold, the refund given, the review. */
function guestNote(booking: TGuestBooking): BookingNote | null {
  if (booking.status === "pending") {
    const until = booking.holdExpiresAt ? formatDateTime(booking.holdExpiresAt) : null;
    return booking.canPay
      ? { icon: "card", text: `Pay${until ? ` by ${until}` : ""} to keep these dates.` }
      : {
          icon: "clock",
          text: `Awaiting the landlord's answer${until ? `: the request is held until ${until}` : ""}.`,
        };
  }
  if (booking.status === "confirmed") return { icon: "check", text: "Your stay is confirmed." };
  if (booking.status === "cancelled" && booking.cancellation) {
    const refund = Number.parseFloat(booking.cancellation.refundAmount);
    return {
      icon: "refund",
      text: `${guestCancellationText(booking.cancellation.cancelledBy)} on ${formatDateTime(booking.cancellation.cancelledAt)}. ${
        refund > 0 ? `Refund: ${formatPounds(refund)}.` : "Refund: £0 (nothing to refund)."
      }`,
    };
  }
  if (booking.status === "completed") {
    if (booking.review) return { icon: "star", text: `You rated this stay ${booking.review.rating} out of 5.` };
    return {
      icon: "calendar",
      text: booking.canReview ? "How was your stay? Your review helps other guests." : "Stay completed.",
    };
  }
  return null;
}

/** A booking on My Bookings. */
export function guestBookingView(booking: TGuestBooking): BookingView {
  const action = guestBookingAction(booking);
  return {
    id: booking.id,
    reference: booking.reference,
    property: {
      id: booking.propertyId,
      title: booking.property.title,
      place: booking.property.city || "London",
      photo: booking.property.images[0] ?? null,
    },
    stay: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      guests: booking.guestCount,
      // The guest counts heads ("2 guests, 1 infant"); the landlord reads each kind.
      whoComes: partySummary(booking),
      mode: booking.stayMode,
      periodic: booking.periodicTenancy,
    },
    status: {
      value: booking.status,
      label: GUEST_STATUS_LABELS[booking.status],
      tone: GUEST_STATUS_TONES[booking.status],
    },
    money: { label: moneyLabelOf(booking.periodicTenancy), amount: booking.totalPrice },
    party: { role: "host" },
    note: guestNote(booking),
    actions: action ? [action] : [],
  };
}

// ---------------------------------------------------------------- the host side: landlord and manager

/** The host side's colours: a pending booking waits on someone, a completed one is blue. */
const STAGE_TONES: Record<LandlordBookingStage, BookingTone> = {
  needs_approval: "warning",
  payment_pending: "warning",
  confirmed: "success",
  completed: "info",
  cancelled: "danger",
};

/** Where the landlord's booking stands: when a request lapses, what a cancellation refunded. */
function landlordNote(booking: TLandlordBooking): BookingNote | null {
  if (booking.status === "pending") {
    const until = booking.holdExpiresAt ? formatDateTime(booking.holdExpiresAt) : null;
    let text: string;
    if (booking.awaitingPayment) {
      text = until
        ? `The guest has not paid yet: the hold on these nights lapses on ${until}.`
        : "The guest has not paid yet.";
    } else if (!booking.canAccept) {
      // A request the server will not let the landlord accept: its check-in day has passed.
      text = "The check-in date has passed: this request can only be declined.";
    } else {
      text = until ? `Awaiting your answer: the request lapses on ${until}.` : "Awaiting your answer.";
    }
    return { icon: "clock", text };
  }
  if (booking.status === "confirmed") return { icon: "check", text: "Confirmed stay." };
  if (booking.status === "cancelled" && booking.cancellation) {
    const refund = toAmount(booking.cancellation.refundAmount);
    return {
      icon: "refund",
      text: `${cancelledByText("landlord", booking.cancellation.cancelledBy)}. ${
        refund > 0 ? `Refunded to the guest: ${formatPounds(refund)}.` : "No refund was due."
      }`,
    };
  }
  return null;
}

/** A booking of the landlord's properties on All Bookings. */
export function landlordBookingView(booking: TLandlordBooking): BookingView {
  const stage = landlordStageOf(booking);
  const pending = booking.status === "pending";
  const actions: BookingAction[] = [];
  if (booking.canMessage) actions.push("message-guest");
  // Only a request still pending can be answered, whatever else the flags say.
  if (pending && booking.canDecline) actions.push("decline");
  if (pending && booking.canAccept) actions.push("accept");
  if (booking.canCancel) actions.push("cancel");
  return {
    id: booking.id,
    reference: booking.reference,
    property: {
      id: booking.propertyId,
      title: booking.propertyTitle,
      place: [booking.propertyAddress, booking.propertyCity].filter(Boolean).join(", ") || "London",
      photo: null,
    },
    stay: {
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      nights: booking.nights,
      guests: booking.guests,
      whoComes: partyDetail(booking),
      mode: booking.stayMode,
      periodic: booking.periodicTenancy,
    },
    status: { value: booking.status, label: LANDLORD_STATUS_LABELS[stage], tone: STAGE_TONES[stage] },
    money: { label: moneyLabelOf(booking.periodicTenancy), amount: booking.totalPrice },
    party: { role: "guest", name: booking.guestName, accountId: booking.guestId, email: null },
    note: landlordNote(booking),
    actions,
  };
}

/**
 * The manager's words for a booking's status: the plain status, since the manager's list does not say whether a
 * pending booking waits for an answer or for a payment.
 */
export const MANAGER_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A stay at a property the manager manages. */
export function managedBookingView(booking: TManagedBooking): BookingView {
  return {
    id: booking.id,
    reference: booking.reference,
    property: { id: booking.propertyId, title: booking.propertyTitle, place: null, photo: null },
    stay: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      guests: booking.guests,
      whoComes: null,
      mode: null,
      periodic: null,
    },
    status: {
      value: booking.status,
      label: MANAGER_STATUS_LABELS[booking.status],
      tone: STAGE_TONES[booking.status === "pending" ? "needs_approval" : booking.status],
    },
    money: { label: "Total", amount: booking.totalPrice },
    party: { role: "guest", name: booking.guestName, accountId: null, email: null },
    note: null,
    // The manager answers for the host while assigned: every stay's conversation is theirs to open.
    actions: ["message-guest"],
  };
}

// ---------------------------------------------------------------- the administrator

/** Where a pending booking waits; nothing for the others (the badge says it). */
function adminNote(booking: TAdminBooking): BookingNote | null {
  if (booking.status !== "pending") return null;
  if (booking.awaitingPayment) return { icon: "card", text: "Waiting for the guest's card payment." };
  return {
    icon: "clock",
    text: booking.canConfirm
      ? "A request waiting for the landlord's answer."
      : "The check-in date has passed: this request can only be cancelled.",
  };
}

/** A booking on Booking Oversight. */
export function adminBookingView(booking: TAdminBooking): BookingView {
  const stage = landlordStageOf(booking);
  const actions: BookingAction[] = ["view-details"];
  if (booking.status === "pending" && (booking.canConfirm || booking.canCancel)) actions.push("take-action");
  return {
    id: booking.id,
    reference: booking.reference,
    property: { id: booking.propertyId, title: booking.propertyTitle, place: booking.propertyCity, photo: null },
    stay: {
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      guests: booking.guests,
      whoComes: null,
      mode: null,
      periodic: null,
    },
    status: { value: booking.status, label: LANDLORD_STATUS_LABELS[stage], tone: STAGE_TONES[stage] },
    money: { label: "Amount", amount: booking.totalAmount },
    party: { role: "guest", name: booking.guestName, accountId: booking.guestId, email: booking.guestEmail },
    note: adminNote(booking),
    actions,
  };
}

/** A periodic tenancy has no total: what was booked is its first month's rent, so the card says so. */
function moneyLabelOf(periodic: TPeriodicTenancyTerm | null): "Total" | "First month" {
  return periodic ? "First month" : "Total";
}
