import { describe, expect, it } from "vitest";
import { stayFactsOf } from "../../server/services/messaging/booking-notifier";
import { bookingConfirmedLetter } from "../../server/services/messaging/email-templates";

type Parties = Parameters<typeof stayFactsOf>[0];

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
  periodic: false,
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
      periodic: false,
    });
  });

  it("states a periodic tenancy by its first day and terms, never the check-out that only holds the calendar", () => {
    const tenancy = stayFactsOf({
      ...parties,
      stay_mode: "tenancy",
      check_out: "2027-04-05",
      total_price: "3000.00",
      periodic: true,
    });
    const { text } = bookingConfirmedLetter(
      { email: "guest@example.com", firstName: "Ada" },
      tenancy,
      "https://x.test",
    );
    expect(text).toContain(
      "Mayfair Mews House: a periodic tenancy from 5 March 2027 (rent monthly, no fixed term; the tenant can leave on two months' notice), 2 guests, first month's rent £3000.00. Reference SL-000042.",
    );
    expect(text).not.toContain("5 April 2027");
    expect(text).not.toMatch(/\d+ nights/);
  });
});
