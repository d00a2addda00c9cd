import type { BookingStatus } from "@common/domain/property-options";
import { describe, expect, it } from "vitest";
import {
  filterLandlordBookings,
  offeredLandlordFilters,
  summariseLandlordBookings,
} from "../../client/features/bookings/landlord/utils/landlord-bookings-rules";
import {
  LANDLORD_STATUS_CLASSES,
  LANDLORD_STATUS_LABELS,
  landlordStageOf,
} from "../../client/lib/landlord-booking-status";

const TODAY = "2027-03-10";

function booking(id: number, status: BookingStatus, awaitingPayment = false) {
  // £100.50 paid, of which the guest's £9.14 service fee is the platform's: the server counts £91.36 as the landlord's.
  return {
    id,
    status,
    awaitingPayment,
    bookedRevenuePence: 9_136,
    nights: 2,
    checkInDate: "2027-04-01",
  };
}

describe("how a landlord reads a booking's status (spec 2 §4)", () => {
  it("calls a request 'Needs Approval' and a card booking not yet paid 'Payment Pending'", () => {
    expect(LANDLORD_STATUS_LABELS[landlordStageOf(booking(1, "pending"))]).toBe("Needs Approval");
    expect(LANDLORD_STATUS_LABELS[landlordStageOf(booking(2, "pending", true))]).toBe("Payment Pending");
    expect(LANDLORD_STATUS_LABELS[landlordStageOf(booking(3, "confirmed"))]).toBe("Confirmed");
    expect(LANDLORD_STATUS_LABELS[landlordStageOf(booking(4, "completed"))]).toBe("Completed");
    expect(LANDLORD_STATUS_LABELS[landlordStageOf(booking(5, "cancelled"))]).toBe("Cancelled");
  });

  it("shows both kinds of pending in yellow", () => {
    expect(LANDLORD_STATUS_CLASSES.needs_approval).toContain("bg-warning-soft");
    expect(LANDLORD_STATUS_CLASSES.payment_pending).toBe(LANDLORD_STATUS_CLASSES.needs_approval);
  });
});

describe("summariseLandlordBookings (All Bookings' five stat cards)", () => {
  it("counts as needing approval only the requests awaiting the landlord, not bookings awaiting payment", () => {
    const stats = summariseLandlordBookings(
      [
        booking(1, "pending"),
        booking(2, "pending", true),
        booking(3, "pending", true),
        booking(4, "confirmed"),
        booking(5, "completed"),
        booking(6, "cancelled"),
      ],
      TODAY,
    );
    expect(stats).toEqual({ total: 6, needsApproval: 1, upcoming: 1, revenue: 182.72, nightsBooked: 4 });
  });

  it("adds each booking's revenue and nights as the server counts them, so a tenancy brings every month due", () => {
    // A periodic tenancy four months in at £2,000 then £2,150 a month, beside a short let.
    const tenancy = { ...booking(7, "confirmed"), bookedRevenuePence: 830_000, nights: 123 };
    const stats = summariseLandlordBookings([tenancy, booking(8, "completed")], TODAY);
    expect(stats).toMatchObject({ revenue: 8_391.36, nightsBooked: 125 });
  });
});

describe("the All Bookings filters", () => {
  const list = [booking(1, "pending"), booking(2, "pending", true), booking(3, "confirmed")];

  it("puts each pending booking under Needs Approval or Payment Pending, never both", () => {
    expect(filterLandlordBookings(list, "needs_approval").map((b) => b.id)).toEqual([1]);
    expect(filterLandlordBookings(list, "payment_pending").map((b) => b.id)).toEqual([2]);
    expect(filterLandlordBookings(list, "confirmed").map((b) => b.id)).toEqual([3]);
    expect(filterLandlordBookings(list, "all").map((b) => b.id)).toEqual([1, 2, 3]);
  });

  it("offers Payment Pending only while a booking awaits payment, or while it is chosen", () => {
    const requestsOnly = [booking(1, "pending"), booking(3, "confirmed")];
    expect(offeredLandlordFilters(requestsOnly, "all")).toEqual([
      "all",
      "needs_approval",
      "confirmed",
      "completed",
      "cancelled",
    ]);
    expect(offeredLandlordFilters(list, "all")).toContain("payment_pending");
    expect(offeredLandlordFilters(requestsOnly, "payment_pending")).toContain("payment_pending");
  });
});
