import type { TAdminBooking } from "@common/schemas/admin-bookings";
import type { TGuestBooking, TLandlordBooking } from "@common/schemas/bookings";
import type { TManagedBooking } from "@common/schemas/property-management";
import { describe, expect, it } from "vitest";
import {
  adminBookingView,
  GUEST_STATUS_LABELS,
  guestBookingAction,
  guestBookingView,
  guestCancellationText,
  landlordBookingView,
  managedBookingView,
} from "../../client/features/bookings/booking-view";
import { formatDateTime } from "../../common/utils/dates";

const HOLD = "2027-03-01T12:00:00.000Z";

function guestBooking(overrides: Partial<TGuestBooking> = {}): TGuestBooking {
  return {
    id: 42,
    propertyId: 7,
    guestId: 3,
    checkIn: "2027-03-10",
    checkOut: "2027-03-14",
    nights: 4,
    guestCount: 2,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    totalPrice: "990.00",
    serviceFee: "90.00",
    status: "confirmed",
    stayMode: "short_let",
    holdExpiresAt: null,
    guestInfo: { firstName: "Gus", lastName: "Guest", email: "gus@example.com", phone: null },
    createdAt: "2027-01-01T10:00:00.000Z",
    reference: "SL-000042",
    property: {
      id: 7,
      slug: "camden-modern-studio",
      title: "Camden Modern Studio",
      city: "Camden",
      images: ["/uploads/camden-1.webp", "/uploads/camden-2.webp"],
      cancellationPolicy: "moderate",
    },
    payment: null,
    canCancel: true,
    refundIfCancelledNow: "990.00",
    canPay: false,
    cancellation: null,
    review: null,
    canReview: false,
    depositProtection: null,
    periodicTenancy: null,
    ...overrides,
  };
}

function landlordBooking(overrides: Partial<TLandlordBooking> = {}): TLandlordBooking {
  return {
    id: 1241,
    reference: "SL-001241",
    propertyId: 7,
    propertyTitle: "Westminster Luxury Flat",
    propertyAddress: "28 Great Peter Street",
    propertyCity: "Westminster",
    guestId: 34,
    guestName: "Ava M.",
    checkInDate: "2027-02-25",
    checkOutDate: "2027-03-09",
    nights: 12,
    guests: 2,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    totalPrice: "5940.00",
    serviceFee: "540.00",
    status: "pending",
    holdExpiresAt: HOLD,
    createdAt: "2027-01-01T10:00:00.000Z",
    awaitingPayment: false,
    canAccept: true,
    canDecline: true,
    canCancel: false,
    canMessage: true,
    cancellation: null,
    stayMode: "mid_let",
    midLet: null,
    depositProtection: null,
    periodicTenancy: null,
    tenancyReminders: [],
    bookedRevenuePence: 540_000,
    ...overrides,
  };
}

function managedBooking(overrides: Partial<TManagedBooking> = {}): TManagedBooking {
  return {
    id: 927,
    reference: "SL-000927",
    propertyId: 7,
    propertyTitle: "Westminster Luxury Flat",
    guestName: "Harry S.",
    checkIn: "2026-11-23",
    checkOut: "2026-12-02",
    nights: 9,
    guests: 4,
    status: "confirmed",
    totalPrice: "4455.00",
    ...overrides,
  };
}

function adminBooking(overrides: Partial<TAdminBooking> = {}): TAdminBooking {
  return {
    id: 1245,
    reference: "SL-001245",
    propertyId: 12,
    propertySlug: "white-city-modern-studio",
    propertyTitle: "White City Modern Studio",
    propertyCity: "Hammersmith and Fulham",
    guestId: 51,
    guestName: "Freya Jenkins",
    guestEmail: "freya.jenkins@staylondon.example",
    checkIn: "2027-01-28",
    checkOut: "2027-02-01",
    nights: 4,
    guests: 2,
    totalPrice: "594.00",
    totalAmount: 594,
    status: "pending",
    awaitingPayment: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    canConfirm: true,
    canCancel: true,
    ...overrides,
  };
}

describe("a guest's booking on My Bookings", () => {
  it("shows the place, its first photo, the stay and the total, with the host on the other side", () => {
    const view = guestBookingView(guestBooking());
    expect(view).toMatchObject({
      id: 42,
      reference: "SL-000042",
      property: { id: 7, title: "Camden Modern Studio", place: "Camden", photo: "/uploads/camden-1.webp" },
      stay: { checkIn: "2027-03-10", checkOut: "2027-03-14", nights: 4, guests: 2, mode: "short_let" },
      status: { value: "confirmed", label: "Confirmed", tone: "success" },
      money: { label: "Total", amount: "990.00" },
      party: { role: "host" },
      note: { icon: "check", text: "Your stay is confirmed." },
      actions: ["manage"],
    });
  });

  it("falls back to London and to no photo when the listing has neither", () => {
    const view = guestBookingView(guestBooking({ property: { ...guestBooking().property, city: "", images: [] } }));
    expect(view.property).toMatchObject({ place: "London", photo: null });
  });

  it("asks a payable hold to be paid by its deadline, and says a request waits on the landlord", () => {
    const payable = guestBookingView(guestBooking({ status: "pending", canPay: true, holdExpiresAt: HOLD }));
    expect(payable.status).toEqual({ value: "pending", label: "Payment Pending", tone: "warning" });
    expect(payable.note).toEqual({ icon: "card", text: `Pay by ${formatDateTime(HOLD)} to keep these dates.` });
    expect(payable.actions).toEqual(["pay"]);

    const request = guestBookingView(guestBooking({ status: "pending", holdExpiresAt: HOLD }));
    expect(request.note).toEqual({
      icon: "clock",
      text: `Awaiting the landlord's answer: the request is held until ${formatDateTime(HOLD)}.`,
    });
    expect(request.actions).toEqual(["withdraw"]);
  });

  it("says who cancelled and what came back, and greys out a completed stay awaiting its review", () => {
    const cancelledAt = "2026-11-29T05:18:00.000Z";
    const cancelled = guestBookingView(
      guestBooking({
        status: "cancelled",
        canCancel: false,
        cancellation: { cancelledAt, cancelledBy: "guest", reason: null, refundAmount: "748.00" },
      }),
    );
    expect(cancelled.status.tone).toBe("danger");
    expect(cancelled.note?.text).toBe(`Cancelled by you on ${formatDateTime(cancelledAt)}. Refund: £748.`);
    expect(cancelled.actions).toEqual([]);

    const completed = guestBookingView(guestBooking({ status: "completed", canCancel: false, canReview: true }));
    expect(completed.status).toEqual({ value: "completed", label: "Completed", tone: "neutral" });
    expect(completed.note).toEqual({ icon: "calendar", text: "How was your stay? Your review helps other guests." });
    expect(completed.actions).toEqual(["review"]);

    const reviewed = guestBookingView(guestBooking({ status: "completed", review: { id: 1, rating: 4 } }));
    expect(reviewed.note).toEqual({ icon: "star", text: "You rated this stay 4 out of 5." });
  });

  it("offers at most one next step, and a review only for a completed stay not yet reviewed", () => {
    const base = { canCancel: false, canPay: false, canReview: false };
    expect(guestBookingAction({ ...base, status: "confirmed", canCancel: true })).toBe("manage");
    expect(guestBookingAction({ ...base, status: "pending", canPay: true, canCancel: true })).toBe("pay");
    expect(guestBookingAction({ ...base, status: "pending", canCancel: true })).toBe("withdraw");
    expect(guestBookingAction({ ...base, status: "pending" })).toBeNull();
    expect(guestBookingAction({ ...base, status: "completed", canReview: true })).toBe("review");
    expect(guestBookingAction({ ...base, status: "completed" })).toBeNull();
    expect(guestBookingAction({ ...base, status: "cancelled", canReview: true })).toBeNull();
  });

  it("keeps the guest's own words for the status and for who cancelled", () => {
    expect(GUEST_STATUS_LABELS.pending).toBe("Payment Pending");
    expect(guestCancellationText("guest")).toBe("Cancelled by you");
    expect(guestCancellationText("system")).toMatch(/Expired/);
  });
});

describe("a periodic tenancy's booking", () => {
  const periodicTenancy = { startsOn: "2026-12-20", monthlyRent: "2400.00", endsOn: null };

  it("calls what was booked the first month, not a total, and carries the tenancy's terms to the card", () => {
    for (const view of [
      guestBookingView(guestBooking({ stayMode: "tenancy", periodicTenancy })),
      landlordBookingView(landlordBooking({ stayMode: "tenancy", periodicTenancy })),
    ]) {
      expect(view.money.label).toBe("First month");
      expect(view.stay.periodic).toEqual(periodicTenancy);
    }
    expect(guestBookingView(guestBooking()).money.label).toBe("Total");
  });
});

describe("a landlord's booking on All Bookings", () => {
  it("names the guest by name and account, places the property by street and city, and offers the answers", () => {
    const view = landlordBookingView(landlordBooking());
    expect(view).toMatchObject({
      id: 1241,
      reference: "SL-001241",
      property: { id: 7, title: "Westminster Luxury Flat", place: "28 Great Peter Street, Westminster", photo: null },
      stay: {
        checkIn: "2027-02-25",
        checkOut: "2027-03-09",
        nights: 12,
        guests: 2,
        whoComes: "2 adults",
        mode: "mid_let",
      },
      status: { value: "pending", label: "Needs Approval", tone: "warning" },
      money: { label: "Total", amount: "5940.00" },
      party: { role: "guest", name: "Ava M.", accountId: 34, email: null },
      note: { icon: "clock", text: `Awaiting your answer: the request lapses on ${formatDateTime(HOLD)}.` },
    });
    expect([...view.actions].sort()).toEqual(["accept", "decline", "message-guest"]);
  });

  it("tells a card booking awaiting payment apart, and a request past its check-in", () => {
    const unpaid = landlordBookingView(landlordBooking({ awaitingPayment: true, canAccept: false }));
    expect(unpaid.status.label).toBe("Payment Pending");
    expect(unpaid.note?.text).toBe(
      `The guest has not paid yet: the hold on these nights lapses on ${formatDateTime(HOLD)}.`,
    );
    expect(unpaid.actions).not.toContain("accept");

    const late = landlordBookingView(landlordBooking({ canAccept: false }));
    expect(late.note?.text).toBe("The check-in date has passed: this request can only be declined.");
    expect(late.actions).toContain("decline");
  });

  it("answers only pending requests, lets a confirmed stay be cancelled, and says what a cancellation refunded", () => {
    const confirmed = landlordBookingView(
      landlordBooking({ status: "confirmed", holdExpiresAt: null, canAccept: true, canDecline: true, canCancel: true }),
    );
    expect(confirmed.status).toEqual({ value: "confirmed", label: "Confirmed", tone: "success" });
    expect(confirmed.note).toEqual({ icon: "check", text: "Confirmed stay." });
    expect([...confirmed.actions].sort()).toEqual(["cancel", "message-guest"]);

    const cancelled = landlordBookingView(
      landlordBooking({
        status: "cancelled",
        canAccept: false,
        canDecline: false,
        canMessage: false,
        cancellation: { cancelledBy: "landlord", refundAmount: "5940.00" },
      }),
    );
    expect(cancelled.status.tone).toBe("danger");
    expect(cancelled.note?.text).toBe("Cancelled by you. Refunded to the guest: £5,940.");
    expect(cancelled.actions).toEqual([]);

    const completed = landlordBookingView(
      landlordBooking({ status: "completed", canAccept: false, canDecline: false }),
    );
    expect(completed.status).toEqual({ value: "completed", label: "Completed", tone: "info" });
    expect(completed.note).toBeNull();
  });

  it("falls back to London when the listing has no address or city", () => {
    const view = landlordBookingView(landlordBooking({ propertyAddress: "", propertyCity: "" }));
    expect(view.property.place).toBe("London");
  });
});

describe("a managed stay on the manager dashboard", () => {
  it("names the guest, gives the plain status in the host side's colours, and always offers the conversation", () => {
    const view = managedBookingView(managedBooking());
    expect(view).toEqual({
      id: 927,
      reference: "SL-000927",
      property: { id: 7, title: "Westminster Luxury Flat", place: null, photo: null },
      stay: {
        checkIn: "2026-11-23",
        checkOut: "2026-12-02",
        nights: 9,
        guests: 4,
        whoComes: null,
        mode: null,
        periodic: null,
      },
      status: { value: "confirmed", label: "Confirmed", tone: "success" },
      money: { label: "Total", amount: "4455.00" },
      party: { role: "guest", name: "Harry S.", accountId: null, email: null },
      note: null,
      actions: ["message-guest"],
    });
    expect(managedBookingView(managedBooking({ status: "pending" })).status).toEqual({
      value: "pending",
      label: "Pending",
      tone: "warning",
    });
    expect(managedBookingView(managedBooking({ status: "completed" })).status.tone).toBe("info");
  });
});

describe("a booking on Booking Oversight", () => {
  it("names the guest with their e-mail, calls the money the Amount, and offers details and a decision", () => {
    const view = adminBookingView(adminBooking());
    expect(view).toEqual({
      id: 1245,
      reference: "SL-001245",
      property: { id: 12, title: "White City Modern Studio", place: "Hammersmith and Fulham", photo: null },
      stay: {
        checkIn: "2027-01-28",
        checkOut: "2027-02-01",
        nights: 4,
        guests: 2,
        whoComes: null,
        mode: null,
        periodic: null,
      },
      status: { value: "pending", label: "Needs Approval", tone: "warning" },
      money: { label: "Amount", amount: 594 },
      party: { role: "guest", name: "Freya Jenkins", accountId: 51, email: "freya.jenkins@staylondon.example" },
      note: { icon: "clock", text: "A request waiting for the landlord's answer." },
      actions: ["view-details", "take-action"],
    });
  });

  it("says what a pending booking waits for, and offers no decision once it is settled", () => {
    const unpaid = adminBookingView(adminBooking({ awaitingPayment: true, canConfirm: false }));
    expect(unpaid.status.label).toBe("Payment Pending");
    expect(unpaid.note).toEqual({ icon: "card", text: "Waiting for the guest's card payment." });

    const late = adminBookingView(adminBooking({ canConfirm: false }));
    expect(late.note?.text).toBe("The check-in date has passed: this request can only be cancelled.");
    expect(late.actions).toContain("take-action");

    const confirmed = adminBookingView(adminBooking({ status: "confirmed", canConfirm: false, canCancel: true }));
    expect(confirmed.note).toBeNull();
    expect(confirmed.actions).toEqual(["view-details"]);
  });
});
