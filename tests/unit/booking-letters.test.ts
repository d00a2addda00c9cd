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
  tenancy_rent_pence: null,
  tenancy_ends_on: null,
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
    const tenancy = {
      ...parties,
      check_out: "2029-03-05",
      stay_mode: "tenancy" as const,
      total_price: "2000.00",
      tenancy_rent_pence: 200_000,
    };
    const open = bookingConfirmedLetter({ email: "guest@example.com", firstName: "Ada" }, stayFactsOf(tenancy), "/b");
    expect(open.text).toContain(
      "Mayfair Mews House: a periodic tenancy from 5 March 2027 until notice is given (rent monthly, no fixed term; the tenant can leave on two months' notice), 2 guests, £2000.00 a month. Reference SL-000042.",
    );
    expect(open.text).not.toContain("2029");
    expect(open.text).not.toMatch(/\d+ nights/);
    const ending = stayFactsOf({ ...tenancy, check_out: "2027-06-05", tenancy_ends_on: "2027-06-04" });
    expect(ending.periodic).toEqual({ monthlyRent: "2000.00", lastDay: "4 June 2027" });
    expect(bookingConfirmedLetter({ email: "guest@example.com", firstName: "Ada" }, ending, "/b").text).toContain(
      "a periodic tenancy from 5 March 2027 to 4 June 2027, as notice fixed it (rent monthly, no fixed term), 2 guests",
    );
  });
});
