import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, londonToday } from "../../common/domain/calendar-dates";
import { availability, bookings, properties } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { setUpTestApp } from "../support/test-context";

// The change feed is live and SEARCH_CACHE is on (the default): what production runs.
const { t, server } = setUpTestApp();
let ownerId: number;

beforeAll(async () => {
  ownerId = (await createUser(t.db, { role: "landlord" })).id;
});

/**
 * A word of its own for each test, in its listings' descriptions, so the listings of one test never show in
 * another's results. Searched as text (q): a new town would reach the cached place list only when the change
 * feed's notification arrives, a moment later.
 */
function newTown(): string {
  return `testbury${randomBytes(4).toString("hex")}`;
}

const listing = (town: string, fields: Parameters<typeof createProperty>[1] = {}) =>
  createProperty(t.db, {
    ownerId,
    city: town,
    region: "Testshire",
    description: `A bright test flat in ${town}, with a long enough description for the listing.`,
    maxGuests: 4,
    ...fields,
  });

/**
 * How long a change written straight to the database may take to reach this instance's cached searches: the feed's
 * notice is delivered in milliseconds, but a loaded test machine can hold it back for a second or more.
 */
const ANNOUNCED = { timeout: 10_000 };

/** Some weeks ahead, so no stay is in the past. */
const inWeeks = (weeks: number) => addDays(londonToday(), weeks * 7);

type Found = { status: number; slugs: string[]; total: number; body: unknown };

async function search(params: Record<string, string | number>): Promise<Found> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${server.baseUrl}/api/properties?${query}`);
  const body = (await response.json()) as unknown;
  const slugs = Array.isArray(body) ? (body as { slug: string }[]).map((p) => p.slug).sort() : [];
  return { status: response.status, slugs, total: Number(response.headers.get("x-total-count")), body };
}

const stay = (town: string, checkIn: string, checkOut: string, extra: Record<string, string | number> = {}) =>
  search({ q: town, checkIn, checkOut, ...extra });

describe("GET /api/properties with checkIn and checkOut", () => {
  it("hides a property whose pending or confirmed stay shares a night, and shows it again for back-to-back nights", async () => {
    const town = newTown();
    const booked = await listing(town);
    const free = await listing(town);
    const start = inWeeks(5);
    await createBooking(t.db, {
      propertyId: booked.id,
      checkIn: start,
      checkOut: addDays(start, 3),
      status: "pending",
    });
    await createBooking(t.db, {
      propertyId: booked.id,
      checkIn: addDays(start, 10),
      checkOut: addDays(start, 12),
      status: "confirmed",
    });

    const everything = [booked.slug, free.slug].sort();
    // Overlapping the pending stay at its end, its start, and from inside.
    for (const [from, to] of [
      [addDays(start, 2), addDays(start, 5)],
      [addDays(start, -1), addDays(start, 1)],
      [addDays(start, 1), addDays(start, 2)],
      [addDays(start, -5), addDays(start, 20)],
    ] as const) {
      const found = await stay(town, from, to);
      expect(found.status).toBe(200);
      expect(found.slugs, `${from} to ${from}`).toEqual([free.slug]);
      expect(found.total).toBe(1);
    }
    // The confirmed stay too.
    expect((await stay(town, addDays(start, 11), addDays(start, 13))).slugs).toEqual([free.slug]);
    // Arriving on the day the earlier guest leaves, or leaving on the day the next one arrives.
    expect((await stay(town, addDays(start, 3), addDays(start, 5))).slugs).toEqual(everything);
    expect((await stay(town, addDays(start, -2), start)).slugs).toEqual(everything);
    expect((await stay(town, addDays(start, 3), addDays(start, 10))).slugs).toEqual(everything);
    // Without dates nothing is hidden.
    expect((await search({ q: town })).slugs).toEqual(everything);
  });

  it("shows a property again once the booking that held the nights is cancelled", async () => {
    const town = newTown();
    const property = await listing(town);
    const start = inWeeks(6);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: start,
      checkOut: addDays(start, 4),
      status: "confirmed",
    });
    expect((await stay(town, start, addDays(start, 2))).slugs).toEqual([]);
    // Written straight to the database, as another instance would: the cached answer goes once the feed's notice arrives.
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    await expect
      .poll(async () => (await stay(town, start, addDays(start, 2))).slugs, ANNOUNCED)
      .toEqual([property.slug]);
  });

  it("hides a property with a blocked night in the stay, but not when the blocked day is the check-out day", async () => {
    const town = newTown();
    const property = await listing(town);
    const start = inWeeks(7);
    await t.db.insert(availability).values({ propertyId: property.id, date: addDays(start, 2), status: "blocked" });
    // A night marked available is no obstacle.
    await t.db.insert(availability).values({ propertyId: property.id, date: addDays(start, 5), status: "available" });

    expect((await stay(town, start, addDays(start, 4))).slugs).toEqual([]);
    expect((await stay(town, addDays(start, 2), addDays(start, 3))).slugs).toEqual([]);
    expect((await stay(town, start, addDays(start, 2))).slugs).toEqual([property.slug]);
    expect((await stay(town, addDays(start, 3), addDays(start, 7))).slugs).toEqual([property.slug]);
  });

  it("hides properties that sleep fewer than the guests, with or without dates", async () => {
    const town = newTown();
    const pair = await listing(town, { maxGuests: 2 });
    const family = await listing(town, { maxGuests: 6 });
    const start = inWeeks(8);
    expect((await stay(town, start, addDays(start, 2), { guests: 2 })).slugs).toEqual([pair.slug, family.slug].sort());
    expect((await stay(town, start, addDays(start, 2), { guests: 3 })).slugs).toEqual([family.slug]);
    expect((await stay(town, start, addDays(start, 2), { guests: 7 })).slugs).toEqual([]);
    expect((await search({ q: town, guests: 6 })).slugs).toEqual([family.slug]);
  });

  it("hides a property under maintenance, and one not open until after check-in", async () => {
    const town = newTown();
    const start = inWeeks(9);
    const closed = await listing(town, { underMaintenance: true });
    const later = await listing(town, { availableFrom: addDays(start, 10) });
    const open = await listing(town, { availableFrom: start });

    expect((await stay(town, start, addDays(start, 3))).slugs).toEqual([open.slug]);
    // From its first day it can be found.
    expect((await stay(town, addDays(start, 10), addDays(start, 12))).slugs).toEqual([later.slug, open.slug].sort());
    // Browsing without dates still lists it, marked as under maintenance.
    expect((await search({ q: town })).slugs).toContain(closed.slug);
  });

  it("finds exactly the properties whose quote for the same stay says available", async () => {
    const town = newTown();
    const start = inWeeks(10);
    const checkOut = addDays(start, 3);
    const overlapped = await listing(town);
    const backToBack = await listing(town);
    const blocked = await listing(town);
    const made = [
      await listing(town),
      await listing(town, { maxGuests: 1 }),
      await listing(town, { underMaintenance: true }),
      await listing(town, { availableFrom: addDays(start, 1) }),
      await listing(town, { availableFrom: start }),
      overlapped,
      backToBack,
      blocked,
    ];
    await createBooking(t.db, { propertyId: overlapped.id, checkIn: addDays(start, 2), checkOut: addDays(start, 6) });
    await createBooking(t.db, { propertyId: backToBack.id, checkIn: addDays(start, -4), checkOut: start });
    await t.db.insert(availability).values({ propertyId: blocked.id, date: start, status: "blocked" });

    const quoted = new HttpClient(server.baseUrl);
    const bookable: string[] = [];
    for (const property of made) {
      const quote = await quoted.get(
        `/api/properties/${property.id}/quote?checkIn=${start}&checkOut=${checkOut}&guests=2`,
      );
      expect(quote.status).toBe(200);
      if (quote.body.available) bookable.push(property.slug);
    }
    expect(bookable.length).toBeGreaterThan(1);
    expect(bookable.length).toBeLessThan(made.length);
    expect((await stay(town, start, checkOut, { guests: 2 })).slugs).toEqual(bookable.sort());
  });

  it("keeps the other filters, the count and paging working alongside the dates", async () => {
    const town = newTown();
    const start = inWeeks(11);
    const booked = await listing(town, { pricePerNight: "90.00" });
    const cheap = [await listing(town, { pricePerNight: "90.00" }), await listing(town, { pricePerNight: "90.00" })];
    const expensive = await listing(town, { pricePerNight: "400.00" });
    await createBooking(t.db, { propertyId: booked.id, checkIn: start, checkOut: addDays(start, 2) });

    const affordable = await stay(town, start, addDays(start, 2), { maxPrice: 100 });
    expect(affordable.slugs).toEqual(cheap.map((p) => p.slug).sort());
    expect(affordable.total).toBe(2);

    const firstPage = await stay(town, start, addDays(start, 2), { pageSize: 2, sort: "price_desc" });
    const secondPage = await stay(town, start, addDays(start, 2), { pageSize: 2, sort: "price_desc", page: 2 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.slugs).toHaveLength(2);
    expect(secondPage.slugs).toHaveLength(1);
    expect([...firstPage.slugs, ...secondPage.slugs].sort()).toEqual([...cheap, expensive].map((p) => p.slug).sort());

    // The location filter too, once the new town has reached the cached place list.
    await expect
      .poll(async () => (await search({ city: town, checkIn: start, checkOut: addDays(start, 2) })).slugs, {
        timeout: 2000,
      })
      .toEqual([...cheap, expensive].map((p) => p.slug).sort());
  });

  it("accepts a stay that starts today in London", async () => {
    const town = newTown();
    const property = await listing(town);
    const today = londonToday();
    expect((await stay(town, today, addDays(today, 1))).slugs).toEqual([property.slug]);
  });

  it("drops dates a booking took from the next search on its instance at once, and others once announced", async () => {
    const town = newTown();
    const property = await listing(town, { pricePerNight: "120.00" });
    const start = inWeeks(12);
    const checkOut = addDays(start, 3);
    // Asked twice, so a cache would now hold the answer.
    expect((await stay(town, start, checkOut)).slugs).toEqual([property.slug]);
    expect((await stay(town, start, checkOut)).slugs).toEqual([property.slug]);

    // A verified guest books through the API.
    const password = "a long and unguessable test password";
    const guest = await createUser(t.db, {
      passwordHash: await hash(password),
      emailVerified: true,
      phoneVerified: true,
    });
    const browser = new HttpClient(server.baseUrl);
    expect((await browser.post("/api/auth/login", { email: guest.email, password })).status).toBe(200);
    const booked = await browser.post("/api/bookings", {
      propertyId: property.id,
      checkIn: start,
      checkOut,
      guestCount: 2,
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    expect(booked.status).toBe(201);

    // The very next search on the instance that took the booking, with no wait: the nights are gone.
    expect((await stay(town, start, checkOut)).slugs).toEqual([]);
    expect((await stay(town, addDays(start, 1), addDays(start, 2))).slugs).toEqual([]);

    // Written straight to the database (not through this instance): back or gone once the feed's notice arrives.
    await t.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(eq(bookings.id, booked.body.id as number));
    await expect.poll(async () => (await stay(town, start, checkOut)).slugs, ANNOUNCED).toEqual([property.slug]);

    await t.db.insert(availability).values({ propertyId: property.id, date: addDays(start, 1), status: "blocked" });
    await expect.poll(async () => (await stay(town, start, checkOut)).slugs, ANNOUNCED).toEqual([]);

    // Maintenance is a listing change, which the feed announces; the guests filter is cached per count.
    expect((await search({ q: town, guests: 4 })).slugs).toEqual([property.slug]);
    await t.db.update(properties).set({ maxGuests: 3 }).where(eq(properties.id, property.id));
    await expect.poll(async () => (await search({ q: town, guests: 4 })).slugs, ANNOUNCED).toEqual([]);
  });

  it.each([
    ["only a check-in", "checkIn=2030-03-05", /checkOut is required with checkIn/],
    ["only a check-out", "checkOut=2030-03-05", /checkIn is required with checkOut/],
    ["a wrong date format", "checkIn=05/03/2030&checkOut=2030-03-07", /checkIn must be a date written YYYY-MM-DD/],
    ["a date that does not exist", "checkIn=2030-02-30&checkOut=2030-03-02", /checkIn must be a date written/],
    ["check-out before check-in", "checkIn=2030-03-05&checkOut=2030-03-01", /checkOut must be after checkIn/],
    ["check-out on check-in", "checkIn=2030-03-05&checkOut=2030-03-05", /checkOut must be after checkIn/],
    ["a stay in the past", "checkIn=2020-03-05&checkOut=2020-03-07", /checkIn cannot be in the past/],
    ["a stay longer than two years", "checkIn=2030-01-01&checkOut=2032-01-02", /at most 24 months/],
    ["no guests", "guests=0", /At least 1 guest is required/],
    ["too many guests", "guests=101", /guests must be at most 100/],
    ["guests that are not a number", "guests=two", /guests must be a number/],
    ["guests that are not whole", "guests=2.5", /guests must be a whole number/],
  ])("refuses %s with a 400 that says what to fix", async (_label, query, message) => {
    const response = await fetch(`${server.baseUrl}/api/properties?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it("accepts a stay of exactly 365 nights, and one of exactly 24 months (tenancies run that long)", async () => {
    const start = inWeeks(1);
    expect((await search({ checkIn: start, checkOut: addDays(start, 365) })).status).toBe(200);
    expect((await search({ checkIn: start, checkOut: addCalendarMonths(start, 24) })).status).toBe(200);
  });
});
