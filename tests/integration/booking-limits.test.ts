import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * What one booking may be (review of issue 5): a total Stripe can charge and the database can hold, and a check-in
 * at most two years ahead; the quote says the same as the booking.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const OVER_LIMIT = "This stay costs more than can be booked online (£999,999.99). Please choose fewer nights.";
const TOO_FAR = "Bookings open up to 2 years ahead.";
const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

function book(client: HttpClient, propertyId: number, checkIn: string, checkOut: string) {
  return client.post("/api/bookings", { propertyId, checkIn, checkOut, guestCount: 1, guestInfo });
}

function quote(client: HttpClient, propertyId: number, checkIn: string, checkOut: string) {
  return client.get(`/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`);
}

async function bookingsOf(propertyId: number) {
  return t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.propertyId, propertyId));
}

describe("the most a booking may cost", () => {
  it("refuses a stay over £999,999.99 in the quote and with a 400 on booking, however the landlord priced it", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    // The most a landlord may ask: £100,000 a night, raised by 500% by a pricing rule set through the API.
    const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerNight: "100000.00" });
    const rule = await owner.client.post(`/api/properties/${property.id}/pricing-rules`, {
      name: "Peak",
      priceModifier: 500,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const { client } = await signedInUser(t.db, server.baseUrl);
    const checkIn = mondayIn(3);

    // One night: £600,000 + £60,000 fee, under the limit.
    const oneNight = await quote(client, property.id, checkIn, addDays(checkIn, 1));
    expect(oneNight.status).toBe(200);
    expect(oneNight.body).toMatchObject({ available: true, total: 660_000, reasons: [] });

    // Two nights: £1,320,000, more than Stripe can charge in one payment.
    const twoNights = await quote(client, property.id, checkIn, addDays(checkIn, 2));
    expect(twoNights.status).toBe(200);
    expect(twoNights.body).toMatchObject({ available: false, total: 1_320_000, reasons: [OVER_LIMIT] });
    const refused = await book(client, property.id, checkIn, addDays(checkIn, 2));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OVER_LIMIT);

    // 170 nights: £112,200,000, past what bookings.total_price (numeric(10,2)) holds; a 400, not a 500.
    const longStay = await quote(client, property.id, checkIn, addDays(checkIn, 170));
    expect(longStay.status).toBe(200);
    expect(longStay.body).toMatchObject({ available: false, reasons: [OVER_LIMIT] });
    const overflow = await book(client, property.id, checkIn, addDays(checkIn, 170));
    expect(overflow.status).toBe(400);
    expect(overflow.body.message).toBe(OVER_LIMIT);

    expect(await bookingsOf(property.id)).toHaveLength(0);
    const allowed = await book(client, property.id, checkIn, addDays(checkIn, 1));
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    expect(allowed.body.totalPrice).toBe("660000.00");
  });

  it("reports the nights that are taken as well as the price, and answers a booking with the 409 for taken nights", async () => {
    const property = await createProperty(t.db, { pricePerNight: "100000.00" });
    const first = await signedInUser(t.db, server.baseUrl);
    const second = await signedInUser(t.db, server.baseUrl);
    const checkIn = mondayIn(5);
    expect((await book(first.client, property.id, checkIn, addDays(checkIn, 2))).status).toBe(201);

    const stay = await quote(second.client, property.id, addDays(checkIn, 1), addDays(checkIn, 12));
    expect(stay.body.available).toBe(false);
    expect(stay.body.reasons).toEqual(expect.arrayContaining([OVER_LIMIT, "These dates are no longer available"]));
    const taken = await book(second.client, property.id, addDays(checkIn, 1), addDays(checkIn, 12));
    expect(taken.status).toBe(409);
  });
});

describe("how far ahead a stay may start", () => {
  it("takes a check-in 730 days ahead and refuses one day later, in the quote and the booking", async () => {
    const property = await createProperty(t.db);
    const { client } = await signedInUser(t.db, server.baseUrl);
    const today = londonToday();
    const lastDay = addDays(today, 730);
    const tooFar = addDays(today, 731);

    const farQuote = await quote(client, property.id, tooFar, addDays(tooFar, 2));
    expect(farQuote.status).toBe(400);
    expect(farQuote.body.message).toBe(TOO_FAR);
    const farBooking = await book(client, property.id, tooFar, addDays(tooFar, 2));
    expect(farBooking.status).toBe(400);
    expect(farBooking.body.message).toBe(TOO_FAR);

    const lastQuote = await quote(client, property.id, lastDay, addDays(lastDay, 2));
    expect(lastQuote.status).toBe(200);
    expect(lastQuote.body.available).toBe(true);
    expect((await book(client, property.id, lastDay, addDays(lastDay, 2))).status).toBe(201);
  });

  it("refuses a check-in in the year 9999 and keeps the 24-month maximum", async () => {
    const property = await createProperty(t.db);
    const { client } = await signedInUser(t.db, server.baseUrl);

    const distant = await book(client, property.id, "9999-12-01", "9999-12-03");
    expect(distant.status).toBe(400);
    expect(distant.body.message).toBe(TOO_FAR);
    const distantQuote = await quote(client, property.id, "9999-12-01", "9999-12-03");
    expect(distantQuote.status).toBe(400);
    expect(distantQuote.body.message).toBe(TOO_FAR);

    const checkIn = mondayIn(2);
    const tooLong = await book(client, property.id, checkIn, addDays(addCalendarMonths(checkIn, 24), 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 24 months/);
    expect(await bookingsOf(property.id)).toHaveLength(0);
  });
});
