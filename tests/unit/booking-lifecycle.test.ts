import { describe, expect, it } from "vitest";
import { availableTransitions, BOOKING_TRANSITIONS, transition } from "../../common/domain/booking-status";
import { refundPence } from "../../common/domain/cancellation-policy";
import { BOOKING_STATUSES } from "../../common/domain/property-options";

describe("booking lifecycle", () => {
  it("confirms a pending booking by payment (system) or by the landlord accepting the request", () => {
    expect(transition("confirm_payment", "pending", "system")).toEqual({ ok: true, to: "confirmed" });
    expect(transition("accept_request", "pending", "landlord")).toEqual({ ok: true, to: "confirmed" });
  });

  it("refuses the wrong actor and the wrong starting status", () => {
    expect(transition("confirm_payment", "pending", "guest").ok).toBe(false);
    expect(transition("accept_request", "pending", "guest").ok).toBe(false);
    expect(transition("complete_stay", "confirmed", "landlord").ok).toBe(false);
    expect(transition("accept_request", "cancelled", "landlord").ok).toBe(false);
    expect(transition("cancel_booking", "completed", "guest").ok).toBe(false);
  });

  it("never leaves a cancelled or completed booking", () => {
    for (const actor of ["guest", "landlord", "admin", "system"] as const) {
      expect(availableTransitions("cancelled", actor)).toEqual([]);
      expect(availableTransitions("completed", actor)).toEqual([]);
    }
  });

  it("lists what each side may do with a pending and a confirmed booking", () => {
    expect(availableTransitions("pending", "guest")).toEqual(["withdraw_request"]);
    expect(availableTransitions("pending", "landlord")).toEqual(["accept_request", "decline_request"]);
    expect(availableTransitions("confirmed", "guest")).toEqual(["cancel_booking"]);
    expect(availableTransitions("confirmed", "system")).toEqual(["complete_stay"]);
  });

  it("moves only between known statuses", () => {
    for (const rule of Object.values(BOOKING_TRANSITIONS)) {
      expect(BOOKING_STATUSES).toContain(rule.from);
      expect(BOOKING_STATUSES).toContain(rule.to);
    }
  });
});

describe("cancellation refunds", () => {
  const paid = { subtotalPence: 60_000, serviceFeePence: 6_000, checkIn: "2027-03-20" };

  it.each([
    ["flexible", "2027-03-19", 66_000],
    ["flexible", "2027-03-20", 0],
    ["moderate", "2027-03-15", 66_000],
    ["moderate", "2027-03-16", 30_000],
    ["moderate", "2027-03-21", 0],
    ["strict", "2027-03-06", 66_000],
    ["strict", "2027-03-13", 30_000],
    ["strict", "2027-03-14", 0],
  ] as const)("%s, cancelled by the guest on %s, refunds %i pence", (policy, today, expected) => {
    expect(refundPence({ ...paid, policy, today, cancelledBy: "guest" })).toBe(expected);
  });

  it("refunds everything when the landlord or an admin cancels, whatever the policy", () => {
    for (const cancelledBy of ["landlord", "admin"] as const) {
      expect(refundPence({ ...paid, policy: "strict", today: "2027-03-19", cancelledBy })).toBe(66_000);
    }
  });
});
