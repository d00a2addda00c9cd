import { describe, expect, it } from "vitest";
import { summariseBookings } from "../../client/features/bookings/guest/utils/my-bookings-rules";

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
