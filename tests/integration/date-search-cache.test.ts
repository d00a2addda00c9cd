import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonToday } from "../../common/domain/calendar-dates";
import { AVAILABILITY_CHANGED, LISTINGS_CHANGED } from "../../server/db/change-feed";
import { createDatabase, type Database } from "../../server/db/client";
import { availability, calendarFeeds, importedStays, pricingRules, properties } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { startTestServer, type TestServer } from "../support/app";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestDatabase } from "../support/test-context";

/**
 * Searches for dates are kept in memory like those without, but emptied by any night taken or freed as well as by
 * any listing change. Writes here go straight to the database (so only the database's triggers can announce them)
 * unless they are bookings made through an instance's API; a test awaits the instance's notice before it relies on
 * what its cache holds, and counts what was answered from memory with the service's lookups.
 */
const t = setUpTestDatabase();

let a: TestServer;
let b: TestServer;
let bDb: Database;
let ownerId: number;

beforeAll(async () => {
  a = await startTestServer(t.db, t.url);
  // Its own connection pool, as a second server would have.
  bDb = createDatabase(t.url, { max: 4 });
  b = await startTestServer(bDb, t.url);
  ownerId = (await createUser(t.db, { role: "landlord" })).id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await bDb?.$client.end();
});

const nextYear = Number(londonToday().slice(0, 4)) + 1;
const JUNE = `${nextYear}-06`;
const june = (day: number) => `${JUNE}-${String(day).padStart(2, "0")}`;

/** A word of its own per test, searched as text, so one test's listings never show in another's results. */
const newTown = () => `keptbury${randomBytes(4).toString("hex")}`;

async function listingIn(town: string, fields: Parameters<typeof createProperty>[1] = {}) {
  const heard = notice(b, LISTINGS_CHANGED);
  const listing = await createProperty(t.db, {
    ownerId,
    city: town,
    region: "Testshire",
    description: `A bright test flat in ${town}, with a long enough description for the listing.`,
    pricePerNight: "100.00",
    ...fields,
  });
  await heard;
  return listing;
}

type Card = { title: string; window?: { checkIn: string; total: number } };

async function cards(server: TestServer, params: Record<string, string>): Promise<Card[]> {
  const response = await fetch(`${server.baseUrl}/api/properties?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Card[];
}

/** The check-in of each card's window for "a week in June" in `town`. */
const weekInJune = async (server: TestServer, town: string) =>
  (await cards(server, { q: town, flex: "week", months: JUNE })).map((card) => card.window?.checkIn);

/** Resolves once the instance's change feed has passed on the database's next notice on `channel`. */
function notice(server: TestServer, channel: string): Promise<unknown> {
  if (!server.changeFeed) throw new Error("this test server has no change feed");
  return once(server.changeFeed, channel);
}

/** Books June's first week through the API, as a guest would take the window a search found. */
const bookFirstWeek = (guest: HttpClient, propertyId: number) =>
  guest.post("/api/bookings", {
    propertyId,
    checkIn: june(1),
    checkOut: june(8),
    guestCount: 1,
    guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });

const dated = (server: TestServer) => server.app.services.properties.datedLookups;

describe("searches for dates kept in memory", () => {
  it("answers a repeated flexible search from memory, and the next window once a booking takes the found one", async () => {
    const town = newTown();
    const listing = await listingIn(town);
    expect(await weekInJune(b, town)).toEqual([june(1)]);
    const before = dated(b);
    expect(await weekInJune(b, town)).toEqual([june(1)]);
    expect(dated(b)).toEqual({ hits: before.hits + 1, misses: before.misses });

    const heard = notice(b, AVAILABILITY_CHANGED);
    await createBooking(t.db, { propertyId: listing.id, checkIn: june(1), checkOut: june(8), status: "confirmed" });
    await heard;
    expect(await weekInJune(b, town)).toEqual([june(8)]);
    expect(dated(b).misses).toBe(before.misses + 1);
  });

  it("keeps an exact-date search until a night of it is blocked", async () => {
    const town = newTown();
    const listing = await listingIn(town);
    const stay = { q: town, checkIn: june(10), checkOut: june(12) };
    expect((await cards(b, stay)).length).toBe(1);
    const before = dated(b);
    expect((await cards(b, stay)).length).toBe(1);
    expect(dated(b).hits).toBe(before.hits + 1);

    const heard = notice(b, AVAILABILITY_CHANGED);
    await t.db.insert(availability).values({ propertyId: listing.id, date: june(11), status: "blocked" });
    await heard;
    expect(await cards(b, stay)).toEqual([]);
  });

  it("moves the window past a blocked night, a stay imported from another site and a listing change", async () => {
    const town = newTown();
    const listing = await listingIn(town, { title: "Kept Week Flat" });
    expect(await weekInJune(b, town)).toEqual([june(1)]);

    let heard = notice(b, AVAILABILITY_CHANGED);
    await t.db.insert(availability).values({ propertyId: listing.id, date: june(3), status: "blocked" });
    await heard;
    expect(await weekInJune(b, town)).toEqual([june(4)]);

    heard = notice(b, AVAILABILITY_CHANGED);
    await t.db.transaction(async (tx) => {
      const [feed] = await tx
        .insert(calendarFeeds)
        .values({ propertyId: listing.id, name: "Airbnb", url: "https://calendar.example/airbnb.ics" })
        .returning();
      if (!feed) throw new Error("feed not created");
      await tx
        .insert(importedStays)
        .values({ feedId: feed.id, propertyId: listing.id, uid: "stay@airbnb", startsOn: june(5), endsOn: june(7) });
    });
    await heard;
    expect(await weekInJune(b, town)).toEqual([june(7)]);

    heard = notice(b, LISTINGS_CHANGED);
    await t.db.update(properties).set({ title: "Kept Week Flat, renamed" }).where(eq(properties.id, listing.id));
    await heard;
    expect((await cards(b, { q: town, flex: "week", months: JUNE })).map((card) => card.title)).toEqual([
      "Kept Week Flat, renamed",
    ]);
  });

  it("prices the window again when the listing's pricing rules change", async () => {
    const town = newTown();
    const listing = await listingIn(town);
    const total = async () => (await cards(b, { q: town, flex: "week", months: JUNE }))[0]?.window?.total;
    const plain = await total();
    const heard = notice(b, AVAILABILITY_CHANGED);
    await t.db.insert(pricingRules).values({ propertyId: listing.id, name: "June", fixedPrice: "200.00" });
    await heard;
    expect(await total()).toBeGreaterThan(plain ?? 0);
  });

  it("leaves searches without dates kept when only a night is taken", async () => {
    const town = newTown();
    const listing = await listingIn(town, { title: "Undated Flat" });
    expect((await cards(b, { q: town })).map((card) => card.title)).toEqual(["Undated Flat"]);
    // A rename no instance hears of: a kept page still shows the old title.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(properties).set({ title: "Undated Flat, renamed" }).where(eq(properties.id, listing.id));
    });
    const heard = notice(b, AVAILABILITY_CHANGED);
    await createBooking(t.db, { propertyId: listing.id, checkIn: june(1), checkOut: june(8), status: "confirmed" });
    await heard;
    expect((await cards(b, { q: town })).map((card) => card.title)).toEqual(["Undated Flat"]);
  });

  it("shows a guest who booked through one instance the next window on that instance at once, and on the other once announced", async () => {
    const town = newTown();
    const listing = await listingIn(town);
    for (const server of [a, b]) {
      expect(await weekInJune(server, town)).toEqual([june(1)]);
      expect(await weekInJune(server, town)).toEqual([june(1)]);
    }
    const { client: guest } = await signedInUser(t.db, a.baseUrl);
    const heardOnB = notice(b, AVAILABILITY_CHANGED);
    const booked = await bookFirstWeek(guest, listing.id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // No wait on the instance that took the booking.
    expect(await weekInJune(a, town)).toEqual([june(8)]);
    await heardOnB;
    expect(await weekInJune(b, town)).toEqual([june(8)]);
  });

  it("empties the booking instance's own kept dates on the booking's reply, before any notice", async () => {
    const town = newTown();
    const listing = await listingIn(town);
    for (const server of [a, b]) {
      expect(await weekInJune(server, town)).toEqual([june(1)]);
    }
    const { client: guest } = await signedInUser(t.db, a.baseUrl);
    // The database announces nothing for this booking, so only the instance's own hook can empty its answers.
    await t.db.execute(sql`alter table bookings disable trigger bookings_availability_inserted`);
    await t.db.execute(sql`alter table bookings disable trigger bookings_availability_updated`);
    try {
      const booked = await bookFirstWeek(guest, listing.id);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(await weekInJune(a, town)).toEqual([june(8)]);
      // B was told nothing: it still answers from memory.
      expect(await weekInJune(b, town)).toEqual([june(1)]);
    } finally {
      await t.db.execute(sql`alter table bookings enable trigger bookings_availability_inserted`);
      await t.db.execute(sql`alter table bookings enable trigger bookings_availability_updated`);
    }
  });
});
