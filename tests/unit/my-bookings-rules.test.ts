import { describe, expect, it } from "vitest";
import {
  bookingAction,
  cancellationText,
  STATUS_LABELS,
  summariseBookings,
} from "../../client/features/my-bookings/utils/my-bookings-rules";

describe("My Bookings summary cards (spec 1 §2)", () => {
  it("counts every booking, the confirmed or pending ones as active, and spends only what was not cancelled", () => {
    const stats = summariseBookings([
      { status: "confirmed", totalPrice: "990.00" },
      { status: "pending", totalPrice: "245.50" },
      { status: "completed", totalPrice: "0.10" },
      { status: "completed", totalPrice: "0.20" },
      { status: "cancelled", totalPrice: "5000.00" },
    ]);
    expect(stats).toEqual({ total: 5, active: 2, spent: 1235.8 });
  });

  it("is all zeros without bookings", () => {
    expect(summariseBookings([])).toEqual({ total: 0, active: 0, spent: 0 });
  });
});

describe("what a booking card offers", () => {
  const base = { canCancel: false, canPay: false, canReview: false };
  it("lets a confirmed stay be managed and a payable pending one be paid", () => {
    expect(bookingAction({ ...base, status: "confirmed", canCancel: true })).toBe("manage");
    expect(bookingAction({ ...base, status: "pending", canPay: true, canCancel: true })).toBe("complete-payment");
  });

  it("lets a request awaiting the landlord be withdrawn", () => {
    expect(bookingAction({ ...base, status: "pending", canCancel: true })).toBe("withdraw");
    expect(bookingAction({ ...base, status: "pending" })).toBe("none");
  });

  it("asks for a review only for a completed stay not yet reviewed", () => {
    expect(bookingAction({ ...base, status: "completed", canReview: true })).toBe("review");
    expect(bookingAction({ ...base, status: "completed" })).toBe("none");
    expect(bookingAction({ ...base, status: "cancelled", canReview: true })).toBe("none");
  });

  it("names the statuses as spec 1 §4 does", () => {
    expect(STATUS_LABELS.pending).toBe("Payment Pending");
    expect(cancellationText("guest")).toBe("Cancelled by you");
    expect(cancellationText("system")).toMatch(/Expired/);
  });
});
