import { describe, expect, it } from "vitest";
import { addDays, addMonths, dayOfWeek, londonToday, nightsOf } from "../../common/domain/calendar-dates";
import { BOOKING_WINDOW_DAYS } from "../../common/schemas/bookings";
import { availability, calendarFeeds, importedStays, pricingRules } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const client = () => new HttpClient(server.baseUrl);
const read = (ref: string | number, query: string, headers: Record<string, string> = {}) =>
  client().request("GET", `/api/properties/${ref}/availability?${query}`, undefined, headers);

type Day = { date: string; free: boolean; reason: string | null; price: number | null; allInPrice: number | null };

/** A listing two months ahead with a stay booked here, a night blocked by the host and a stay booked elsewhere. */
async function listingWithHeldNights() {
  const property = await createProperty(t.db, { pricePerNight: "100.00", shortLetMinNights: 3, shortLetMaxNights: 14 });
  const month = addMonths(londonToday(), 2);
  const guest = await createUser(t.db, { firstName: "Zebedee", lastName: "Quuxworth" });
  await createBooking(t.db, {
    propertyId: property.id,
    guestId: guest.id,
    checkIn: addDays(month, 3),
    checkOut: addDays(month, 5),
    status: "confirmed",
    guestFirstName: "Zebedee",
    guestLastName: "Quuxworth",
    guestEmail: "zebedee.quuxworth@example.test",
  });
  // A cancelled stay holds nothing.
  await createBooking(t.db, {
    propertyId: property.id,
    checkIn: addDays(month, 20),
    checkOut: addDays(month, 22),
    status: "cancelled",
  });
  await t.db.insert(availability).values({ propertyId: property.id, date: addDays(month, 9), status: "blocked" });
  const [feed] = await t.db
    .insert(calendarFeeds)
    .values({ propertyId: property.id, name: "Other site", url: `https://calendars.example/${property.id}.ics` })
    .returning();
  if (!feed) throw new Error("feed not written");
  await t.db.insert(importedStays).values({
    feedId: feed.id,
    propertyId: property.id,
    uid: "elsewhere",
    startsOn: addDays(month, 13),
    endsOn: addDays(month, 14),
    summary: "Reserved by Zebedee",
  });
  return { property, month, guest };
}

describe("GET /api/properties/{id}/availability", () => {
  it("marks exactly the booked, blocked and imported nights unavailable with their reasons, and never who booked", async () => {
    const { property, month, guest } = await listingWithHeldNights();
    const response = await read(property.id, `from=${month}&months=1`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const days = response.body.days as Day[];
    expect(days.map((d) => d.date)).toEqual(nightsOf(month, addMonths(month, 1)));
    expect(response.body.until).toBe(addMonths(month, 1));
    expect(days.filter((d) => !d.free).map((d) => [d.date, d.reason])).toEqual([
      [addDays(month, 3), "taken"],
      [addDays(month, 4), "taken"],
      [addDays(month, 9), "blocked"],
      [addDays(month, 13), "imported"],
    ]);
    // The check-out day of the stay is free: the next guest may arrive on it.
    expect(days.find((d) => d.date === addDays(month, 5))?.free).toBe(true);
    for (const day of days) expect(Object.keys(day).sort()).toEqual(["allInPrice", "date", "free", "price", "reason"]);
    const text = JSON.stringify(response.body);
    for (const secret of ["Zebedee", "Quuxworth", "zebedee.quuxworth", "Other site", `"${guest.id}"`]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/\b(bookingId|guestId|guest|booking)\b/);
    expect((response.body as { stayLengths: { shortLet: unknown } }).stayLengths.shortLet).toEqual({
      offered: true,
      minNights: 3,
      maxNights: 14,
    });
  });

  it("prices each free night with the pricing rules for the shortest stay, all-in with the service fee", async () => {
    const property = await createProperty(t.db, { pricePerNight: "100.00", shortLetMinNights: 2 });
    await t.db.insert(pricingRules).values([
      { propertyId: property.id, name: "Weekend", daysOfWeek: [5, 6], priceModifier: "50.00", priority: 1 },
      // Only for stays of a week or more: the shortest stay here (2 nights) never gets it.
      { propertyId: property.id, name: "Week", minStayLength: 7, priceModifier: "-20.00", priority: 2 },
    ]);
    const month = addMonths(londonToday(), 3);
    const response = await read(property.id, `from=${month}&months=2`);
    expect(response.status).toBe(200);
    const days = response.body.days as Day[];
    expect(days).toHaveLength(nightsOf(month, addMonths(month, 2)).length);
    for (const day of days) {
      const weekend = [5, 6].includes(dayOfWeek(day.date));
      expect(day).toEqual({
        date: day.date,
        free: true,
        reason: null,
        price: weekend ? 150 : 100,
        allInPrice: weekend ? 165 : 110,
      });
    }
  });

  it("answers the listing by slug too, days before today as past, and revalidates with its ETag", async () => {
    const property = await createProperty(t.db);
    const today = londonToday();
    const thisMonth = `${today.slice(0, 7)}-01`;
    const first = await read(property.slug, `from=${thisMonth}`);
    expect(first.status).toBe(200);
    const days = first.body.days as Day[];
    expect(days.filter((d) => d.reason === "past").map((d) => d.date)).toEqual(nightsOf(thisMonth, today));
    expect(days.find((d) => d.date === today)?.free).toBe(true);
    expect(first.headers.get("cache-control")).toBe("no-cache");

    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\//);
    expect((await read(property.slug, `from=${thisMonth}`, { "If-None-Match": etag })).status).toBe(304);
    // Tonight blocked since changes the answer at once: nothing stale is kept.
    await t.db.insert(availability).values({ propertyId: property.id, date: today, status: "blocked" });
    const after = await read(property.slug, `from=${thisMonth}`, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("marks nights before the listing opens as closed", async () => {
    const month = addMonths(londonToday(), 2);
    const property = await createProperty(t.db, { availableFrom: addDays(month, 10) });
    const days = (await read(property.id, `from=${month}`)).body.days as Day[];
    expect(days.filter((d) => !d.free).map((d) => [d.date, d.reason])).toEqual(
      nightsOf(month, addDays(month, 10)).map((date) => [date, "closed"]),
    );
  });

  it("refuses bad input with a 400 that says what is wrong, and an unknown listing with a 404", async () => {
    const property = await createProperty(t.db);
    const today = londonToday();
    const month = addMonths(today, 1);
    const cases: Array<[string, RegExp]> = [
      ["months=1", /from is required/],
      ["from=next-week&months=1", /from must be a date/],
      ["from=2027-02-30&months=1", /from must be a date/],
      [`from=${addMonths(today, -1)}&months=1`, /from cannot be before the first day of this month/],
      [`from=${addDays(today, BOOKING_WINDOW_DAYS + 1)}&months=1`, /2 years ahead/],
      [`from=${month}&months=0`, /months must be from 1 to 3/],
      [`from=${month}&months=4`, /months must be from 1 to 3/],
      [`from=${month}&months=1.5`, /months must be a whole number/],
      [`from=${month}&months=two`, /months must be a number/],
      [`from=${month}&months=1&guests=2`, /guests/],
    ];
    for (const [query, message] of cases) {
      const response = await read(property.id, query);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(message);
    }
    expect((await read(999_999_999, `from=${month}`)).status).toBe(404);
    const inactive = await createProperty(t.db, { isActive: false });
    expect((await read(inactive.id, `from=${month}`)).status).toBe(404);
  });
});
