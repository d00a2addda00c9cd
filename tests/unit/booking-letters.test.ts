import { describe, expect, it } from "vitest";
import { type BookingParties, stayFactsOf } from "../../server/services/messaging/booking-notifier";
import {
  bookingCancelledLetter,
  bookingConfirmedLetter,
  bookingRequestedLetter,
} from "../../server/services/messaging/email-templates";

type Parties = BookingParties;

const parties: Parties = {
  id: 42,
  check_in: "2027-03-05",
  check_out: "2027-03-08",
  guest_count: 2,
  total_price: "450.00",
  refund_amount: null,
  hold_expires_at: null,
  cancelled_by: null,
  stay_mode: "short_let",
  deposit_amount: null,
  confirmed_at: null,
  title: "Mayfair Mews House",
  guest_email: "guest@example.com",
  guest_first_name: "Ada",
  owner_email: "owner@example.com",
  owner_first_name: "Grace",
  tenancy_rent_pence: null,
  tenancy_ends_on: null,
  tenancy_demo: null,
};

const guest = { email: "guest@example.com", firstName: "Ada" };

/** A periodic tenancy from 5 March 2027 at £2,000 a month: its booking took the first month and holds a far calendar. */
const tenancy: Parties = {
  ...parties,
  check_out: "2029-03-05",
  stay_mode: "tenancy",
  total_price: "2000.00",
  tenancy_rent_pence: 200_000,
  tenancy_demo: false,
};

describe("the stay as booking letters state it", () => {
  it("gives the reference, the property, the dates in words, the nights, the party and the price", () => {
    expect(stayFactsOf(parties)).toEqual({
      reference: "SL-000042",
      propertyTitle: "Mayfair Mews House",
      checkIn: "5 March 2027",
      checkOut: "8 March 2027",
      nights: 3,
      guests: 2,
      total: "450.00",
    });
  });

  it("gives a periodic tenancy's terms, rent by the month and last day once notice is given, never its calendar hold", () => {
    const open = bookingConfirmedLetter({ email: "guest@example.com", firstName: "Ada" }, stayFactsOf(tenancy), "/b");
    expect(open.text).toContain(
      "Mayfair Mews House: a periodic tenancy from 5 March 2027 until notice is given (rent monthly, no fixed term; the tenant can leave on two months' notice), 2 guests, £2000.00 a month. Reference SL-000042.",
    );
    expect(open.text).not.toContain("2029");
    expect(open.text).not.toMatch(/\d+ nights/);
    const ending = stayFactsOf({ ...tenancy, check_out: "2027-06-05", tenancy_ends_on: "2027-06-04" });
    expect(ending.periodic).toEqual({ monthlyRent: "2000.00", lastDay: "4 June 2027", demo: false });
    expect(bookingConfirmedLetter({ email: "guest@example.com", firstName: "Ada" }, ending, "/b").text).toContain(
      "a periodic tenancy from 5 March 2027 to 4 June 2027, as notice fixed it (rent monthly, no fixed term), 2 guests",
    );
  });
});

describe("what a booking letter says about ending it", () => {
  it("tells a short let's guest they can cancel under the property's policy", () => {
    const confirmed = bookingConfirmedLetter(guest, stayFactsOf(parties), "/b");
    expect(confirmed.text).toContain("Your booking is confirmed. Mayfair Mews House: 5 March 2027 to 8 March 2027");
    expect(confirmed.text).toContain(
      "You can cancel from My Bookings; the property's cancellation policy sets the refund.",
    );
    expect(confirmed.text).not.toContain("notice");
    const declined = bookingCancelledLetter(guest, stayFactsOf(parties), "The landlord declined.", "0.00", "/b");
    expect(declined.text).toContain("No payment was taken for this booking.");
  });

  it("tells a tenant their first month's rent was taken and that they end the tenancy by notice, never a refund policy", () => {
    const confirmed = bookingConfirmedLetter(guest, stayFactsOf(tenancy), "/b");
    expect(confirmed.subject).toBe("Your stay is confirmed: SL-000042");
    expect(confirmed.text).toContain(
      "Your tenancy is agreed. Mayfair Mews House: a periodic tenancy from 5 March 2027",
    );
    expect(confirmed.text).toContain(
      "Your first month's rent, £2000.00, was taken from the card you saved when your landlord agreed the tenancy. Each later month's rent is taken from that card as its rent period begins.",
    );
    expect(confirmed.text).toContain(
      "Periodic tenancy: rent monthly, no fixed term. The tenant can leave on two months' notice. To end your tenancy, give notice from My Bookings; an agreed tenancy is not cancelled for a refund.",
    );
    expect(confirmed.text).not.toContain("cancellation policy");
    expect(confirmed.html).toContain("give notice from My Bookings");
    expect(confirmed.html).not.toContain("cancellation policy");
  });

  it("labels a demo tenancy's rent as demo money", () => {
    const confirmed = bookingConfirmedLetter(guest, stayFactsOf({ ...tenancy, tenancy_demo: true }), "/b");
    expect(confirmed.text).toContain(
      "Your first month's rent, £2000.00, was taken when your landlord agreed the tenancy (demo money: no card was charged).",
    );
    expect(confirmed.text).not.toContain("card you saved");
  });

  it("tells a tenant whose request was declined that no rent was taken, and asks no refund policy of the landlord", () => {
    const declined = bookingCancelledLetter(guest, stayFactsOf(tenancy), "The landlord declined.", "0.00", "/b");
    expect(declined.text).toContain(
      "No rent was taken: a tenancy's first month is taken only when the landlord agrees it.",
    );
    const requested = bookingRequestedLetter(
      { email: "owner@example.com", firstName: "Grace" },
      stayFactsOf(tenancy),
      "5 March",
      "/d",
    );
    expect(requested.text).not.toMatch(/cancellation policy|refund/);
  });
});
