import { describe, expect, it } from "vitest";
import {
  asksForTenancy,
  asksMoveInOnly,
  attemptFor,
  fingerprintOf,
  groupNights,
  guestInfoProblem,
  newIdempotencyKey,
  resumeStep,
  stayDetailsProblem,
  stayFromQuery,
  stayParty,
  tenancyChoiceOffered,
  tenancyTermsOf,
  toCreateBookingRequest,
  withParty,
} from "../../client/features/bookings/wizard/utils/wizard-rules";

const guest = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" };
const stay = { checkIn: "2027-03-05", checkOut: "2027-03-08", guestCount: 2 };

describe("booking wizard step 1 (spec 1 §5)", () => {
  it("asks for check-in, check-out and a guest count of at least 1", () => {
    const missing = {
      title: "Please complete all fields",
      description: "Check-in, check-out dates and guest count are required.",
    };
    expect(stayDetailsProblem({ ...stay, checkIn: "" })).toEqual(missing);
    expect(stayDetailsProblem({ ...stay, checkOut: "" })).toEqual(missing);
    expect(stayDetailsProblem({ ...stay, guestCount: null })).toEqual(missing);
    expect(stayDetailsProblem({ ...stay, guestCount: 0 })).toEqual(missing);
    expect(stayDetailsProblem(stay)).toBeNull();
  });

  it("refuses a check-out on or before check-in", () => {
    expect(stayDetailsProblem({ ...stay, checkOut: "2027-03-05" })?.description).toBe(
      "Check-out must be after check-in.",
    );
    expect(stayDetailsProblem({ ...stay, checkOut: "2027-03-01" })?.title).toBe("Check your dates");
  });

  it("reads a link's checkIn, checkOut and guests, keeping only real dates and 1..maxGuests", () => {
    const read = (query: string, max = 4) => stayFromQuery(new URLSearchParams(query), max);
    expect(read("checkIn=2027-03-05&checkOut=2027-03-08&guests=3")).toEqual({
      checkIn: "2027-03-05",
      checkOut: "2027-03-08",
      guestCount: 3,
      party: { adults: 3, children: 0, infants: 0, pets: 0 },
    });
    expect(read("checkIn=2027-02-30&checkOut=tomorrow")).toEqual({
      checkIn: "",
      checkOut: "",
      guestCount: 1,
      party: { adults: 1, children: 0, infants: 0, pets: 0 },
    });
    // A party from the price card: infants and pets come on top of the guest count.
    expect(read("adults=2&children=1&infants=1&pets=1")).toMatchObject({
      guestCount: 3,
      party: { adults: 2, children: 1, infants: 1, pets: 1 },
    });
    expect(read("guests=9").guestCount).toBe(4);
    expect(read("guests=0").guestCount).toBe(1);
    expect(read("guests=2.5").guestCount).toBe(1);
    expect(read("").guestCount).toBe(1);
  });

  it("reads an old draft's count as adults and keeps a party as chosen", () => {
    expect(stayParty({ guestCount: 3 })).toEqual({ adults: 3, children: 0, infants: 0, pets: 0 });
    expect(stayParty({ guestCount: null })).toEqual({ adults: 1, children: 0, infants: 0, pets: 0 });
    const party = { adults: 2, children: 1, infants: 1, pets: 1 };
    expect(stayParty({ guestCount: 3, party })).toBe(party);
  });

  it("counts adults and children against capacity when the party changes, and the booking carries all four", () => {
    const next = withParty(stay, { adults: 2, children: 1, infants: 1, pets: 1 });
    expect(next.guestCount).toBe(3);
    expect(toCreateBookingRequest(7, next, guest)).toMatchObject({
      guestCount: 3,
      adults: 2,
      children: 1,
      infants: 1,
      pets: 1,
    });
  });
});

describe("booking wizard step 2 (spec 1 §5)", () => {
  it("needs first name, last name and e-mail; the phone is optional", () => {
    const problem = {
      title: "Please complete all fields",
      description: "First name, last name, and email are required.",
    };
    expect(guestInfoProblem({ ...guest, firstName: "  " })).toEqual(problem);
    expect(guestInfoProblem({ ...guest, lastName: "" })).toEqual(problem);
    expect(guestInfoProblem({ ...guest, email: "" })).toEqual(problem);
    expect(guestInfoProblem(guest)).toBeNull();
  });

  it("sends trimmed names and leaves an empty phone out", () => {
    const request = toCreateBookingRequest(7, stay, { ...guest, firstName: " Ada ", phone: "  " });
    expect(request).toEqual({
      propertyId: 7,
      checkIn: "2027-03-05",
      checkOut: "2027-03-08",
      guestCount: 2,
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    expect(toCreateBookingRequest(7, stay, { ...guest, phone: " 07400 123456 " }).guestInfo.phone).toBe("07400 123456");
  });
});

describe("one Idempotency-Key per booking attempt", () => {
  it("keeps the key while the details stay the same, so a retry cannot make a second booking", () => {
    let made = 0;
    const newKey = () => `key-${++made}`;
    const first = attemptFor(null, toCreateBookingRequest(7, stay, guest), newKey);
    const retry = attemptFor(first, toCreateBookingRequest(7, stay, guest), newKey);
    expect(retry).toBe(first);
    expect(made).toBe(1);
  });

  it("takes a new key once any detail changes", () => {
    let made = 0;
    const newKey = () => `key-${++made}`;
    const first = attemptFor(null, toCreateBookingRequest(7, stay, guest), newKey);
    const otherNights = attemptFor(
      first,
      toCreateBookingRequest(7, { ...stay, checkOut: "2027-03-09" }, guest),
      newKey,
    );
    const otherPhone = attemptFor(otherNights, toCreateBookingRequest(7, stay, { ...guest, phone: "07400 1" }), newKey);
    expect(new Set([first.idempotencyKey, otherNights.idempotencyKey, otherPhone.idempotencyKey]).size).toBe(3);
  });

  it("makes random keys the server accepts (1 to 100 characters)", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(a.length).toBeLessThanOrEqual(100);
  });
});

describe("resuming a booking (?booking=N)", () => {
  it("opens the payment step only for a pending booking that can still be paid", () => {
    expect(resumeStep({ status: "pending", canPay: true }, null)).toBe(3);
    expect(resumeStep({ status: "pending", canPay: false }, null)).toBe(4);
    expect(resumeStep({ status: "confirmed", canPay: false }, null)).toBe(4);
    expect(resumeStep({ status: "cancelled", canPay: true }, null)).toBe(4);
  });

  it("shows the confirmation after the card issuer's redirect succeeded", () => {
    expect(resumeStep({ status: "pending", canPay: true }, "succeeded")).toBe(4);
    expect(resumeStep({ status: "pending", canPay: true }, "failed")).toBe(3);
  });
});

describe("the nightly breakdown", () => {
  it("groups consecutive nights at one price", () => {
    expect(
      groupNights([
        { date: "2027-03-05", price: 245 },
        { date: "2027-03-06", price: 245 },
        { date: "2027-03-07", price: 300 },
        { date: "2027-03-08", price: 245 },
      ]),
    ).toEqual([
      { price: 245, nights: 2 },
      { price: 300, nights: 1 },
      { price: 245, nights: 1 },
    ]);
    expect(groupNights([])).toEqual([]);
  });
});

describe("a periodic tenancy in the wizard: a move-in day, no check-out", () => {
  const english = { tenancyOffered: true, nation: "England" };
  const periodic = tenancyTermsOf(english, "2026-11-30");
  const fixed = tenancyTermsOf(english, "2026-04-30");
  const moveIn = { checkIn: "2027-03-05", checkOut: "", guestCount: 2, asTenancy: true };

  it("is periodic for an English listing from 1 May 2026 only, and for Scotland never", () => {
    expect(periodic).toEqual({ offered: true, periodic: true });
    expect(fixed).toEqual({ offered: true, periodic: false });
    expect(tenancyTermsOf({ tenancyOffered: true, nation: "Scotland" }, "2026-11-30").periodic).toBe(false);
  });

  it("asks only the move-in day and guests, where tenancies are periodic and offered", () => {
    expect(asksMoveInOnly(moveIn, periodic)).toBe(true);
    expect(asksMoveInOnly(moveIn, fixed)).toBe(false);
    expect(asksMoveInOnly(moveIn, { offered: false, periodic: true })).toBe(false);
    expect(stayDetailsProblem(moveIn, true)).toBeNull();
    expect(stayDetailsProblem({ ...moveIn, checkIn: "" }, true)?.description).toBe(
      "The move-in date and guest count are required.",
    );
    // Without the move-in ask, the same draft lacks its check-out.
    expect(stayDetailsProblem(moveIn)?.title).toBe("Please complete all fields");
  });

  it("sends no check-out, and the tick box for a tenancy is not offered where the choice is a stay or a tenancy", () => {
    const request = toCreateBookingRequest(7, { ...moveIn, checkOut: "2027-06-05" }, guest, {
      asTenancy: true,
      moveInOnly: true,
    });
    expect(request).not.toHaveProperty("checkOut");
    expect(request.asTenancy).toBe(true);
    expect(fingerprintOf(request)).not.toBe(fingerprintOf({ ...request, checkOut: "2027-06-05" }));
    const twoMonths = { checkIn: "2027-03-05", checkOut: "2027-05-05", guestCount: 1, asTenancy: true };
    expect(tenancyChoiceOffered(twoMonths, periodic)).toBe(false);
    expect(tenancyChoiceOffered(twoMonths, fixed)).toBe(true);
    expect(asksForTenancy(twoMonths, periodic)).toBe(true);
    expect(asksForTenancy({ ...twoMonths, asTenancy: false }, periodic)).toBe(false);
  });
});
