import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, londonToday } from "../../common/domain/calendar-dates";
import { availability, pricingRules } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const client = () => new HttpClient(server.baseUrl);

/** The first Thursday at least `weeks` weeks from today, so quotes never fall in the past. */
function thursdayIn(weeks: number): string {
  let date = addDays(londonToday(), weeks * 7);
  while (dayOfWeek(date) !== 4) date = addDays(date, 1);
  return date;
}

const quote = (ref: string | number, checkIn: string, checkOut: string, extra = "") =>
  client().get(`/api/properties/${ref}/quote?checkIn=${checkIn}&checkOut=${checkOut}${extra}`);

describe("GET /api/properties/{id}/quote", () => {
  it("prices each night from the rules, adds the 10% fee rounded to pounds, and says it is available", async () => {
    const property = await createProperty(t.db, { pricePerNight: "200.00", maxGuests: 4 });
    await t.db.insert(pricingRules).values({
      propertyId: property.id,
      name: "Weekend",
      daysOfWeek: [5, 6],
      priceModifier: "25.00",
      priority: 1,
    });
    const thursday = thursdayIn(6);
    const response = await quote(property.id, thursday, addDays(thursday, 4), "&guests=2");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      available: true,
      mode: "short_let",
      nights: 4,
      nightly: [
        { date: thursday, price: 200 },
        { date: addDays(thursday, 1), price: 250 },
        { date: addDays(thursday, 2), price: 250 },
        { date: addDays(thursday, 3), price: 200 },
      ],
      subtotal: 900,
      serviceFee: 90,
      visitorLevy: null,
      securityDeposit: null,
      total: 990,
      // Nights differ in price: the first line is the total, with no single nightly figure.
      allInNightly: null,
      reasons: [],
      rent: null,
      deposits: null,
      guidance: [],
    });
  });

  it("finds a property by slug as well as by id", async () => {
    const property = await createProperty(t.db);
    const start = thursdayIn(7);
    expect((await quote(property.slug, start, addDays(start, 2))).status).toBe(200);
  });

  it("says the dates are taken when a pending or confirmed stay shares a night, but not for back-to-back or cancelled stays", async () => {
    const property = await createProperty(t.db);
    const start = thursdayIn(8);
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: start,
      checkOut: addDays(start, 3),
      status: "pending",
    });
    await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(start, 10),
      checkOut: addDays(start, 12),
      status: "cancelled",
    });

    const overlapping = await quote(property.id, addDays(start, 2), addDays(start, 5));
    expect(overlapping.body).toMatchObject({ available: false, reasons: ["These dates are no longer available"] });
    // The quote still prices the stay, so the page can show what it would have cost.
    expect(overlapping.body.total).toBeGreaterThan(0);

    const backToBack = await quote(property.id, addDays(start, 3), addDays(start, 5));
    expect(backToBack.body).toMatchObject({ available: true });
    const overCancelled = await quote(property.id, addDays(start, 10), addDays(start, 12));
    expect(overCancelled.body).toMatchObject({ available: true });
  });

  it("says the dates are taken when the landlord blocked one of the nights", async () => {
    const property = await createProperty(t.db);
    const start = thursdayIn(9);
    await t.db.insert(availability).values({ propertyId: property.id, date: addDays(start, 1), status: "blocked" });
    expect((await quote(property.id, start, addDays(start, 3))).body).toMatchObject({ available: false });
    // The blocked night is the check-out day of this stay: not one of its nights.
    expect((await quote(property.id, addDays(start, -2), addDays(start, 1))).body).toMatchObject({ available: true });
  });

  it("explains a party that is too large, a property under maintenance and one not yet available", async () => {
    const start = thursdayIn(10);
    const small = await createProperty(t.db, { maxGuests: 2 });
    expect((await quote(small.id, start, addDays(start, 2), "&guests=3")).body).toMatchObject({
      available: false,
      reasons: ["This property sleeps at most 2 guests."],
    });
    const closed = await createProperty(t.db, { underMaintenance: true });
    expect((await quote(closed.id, start, addDays(start, 2))).body.reasons).toEqual([
      "This property is under maintenance and cannot be booked right now.",
    ]);
    const later = await createProperty(t.db, { availableFrom: addDays(start, 30) });
    expect((await quote(later.id, start, addDays(start, 2))).body.reasons).toEqual([
      expect.stringMatching(/^This property can be booked from \d{1,2} \w+ \d{4}\.$/),
    ]);
  });

  it("answers 404 for an inactive, unknown or impossible property", async () => {
    const start = thursdayIn(11);
    const hidden = await createProperty(t.db, { isActive: false });
    for (const ref of [hidden.id, 999_999, 99_999_999_999, "no-such-listing"]) {
      const response = await quote(ref, start, addDays(start, 1));
      expect(response.status, String(ref)).toBe(404);
    }
  });

  it.each([
    ["a wrong date format", "checkIn=01/02/2030&checkOut=2030-02-03", /checkIn must be a date written YYYY-MM-DD/],
    ["a date that does not exist", "checkIn=2030-02-30&checkOut=2030-03-02", /checkIn must be a date/],
    ["check-out before check-in", "checkIn=2030-03-05&checkOut=2030-03-01", /checkOut must be after checkIn/],
    ["check-out on check-in", "checkIn=2030-03-05&checkOut=2030-03-05", /checkOut must be after checkIn/],
    ["a stay in the past", "checkIn=2020-03-05&checkOut=2020-03-07", /checkIn cannot be in the past/],
    ["a stay longer than two years", "checkIn=2030-01-01&checkOut=2032-01-02", /at most 24 months/],
    ["no guests", "checkIn=2030-03-05&checkOut=2030-03-07&guests=0", /At least 1 guest/],
    ["guests that are not a number", "checkIn=2030-03-05&checkOut=2030-03-07&guests=two", /guests must be a number/],
    ["a missing check-out", "checkIn=2030-03-05", /checkOut is required/],
    ["a price sent by the browser", "checkIn=2030-03-05&checkOut=2030-03-07&total=1", /Unknown query parameter: total/],
  ])("refuses %s with a 400 that says what to fix", async (_label, query, message) => {
    const property = await createProperty(t.db);
    const response = await client().get(`/api/properties/${property.id}/quote?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});

describe("one all-in figure from search to quote", () => {
  it("shows a listing's search result, its page and its quote's first line at the same all-in nightly price, and charges the contract's total", async () => {
    // £123.45 a night: 10% is £12.345, to the penny £12.35, so £135.80 all-in on every surface.
    const property = await createProperty(t.db, { title: "Odd Pence Mews House", pricePerNight: "123.45" });
    const found = (await client().get("/api/properties?q=odd%20pence%20mews")).body as unknown as [
      { allInPricePerNight: string },
    ];
    const listing = (await client().get(`/api/properties/${property.slug}`)).body as { allInPricePerNight: string };
    const start = thursdayIn(12);
    const priced = (await quote(property.id, start, addDays(start, 3))).body;

    expect(found.map((p) => p.allInPricePerNight)).toEqual(["135.80"]);
    expect(listing.allInPricePerNight).toBe("135.80");
    expect(priced.allInNightly).toBe(135.8);
    // The total is the nights plus 10% of them rounded to whole pounds (£37.035 is £37): £407.35, not 3 × £135.80.
    expect(priced).toMatchObject({ nights: 3, subtotal: 370.35, serviceFee: 37, total: 407.35 });
  });
});
