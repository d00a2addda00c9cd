import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookingReference } from "../../common/schemas/bookings";
import { bookingEvents, bookings, outgoingMessages, properties } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Instant book in demo mode (no card payments): a guest who meets the landlord's requirements is confirmed as they
 * book, with the money and letters of any confirmed stay; anyone else sends a request as before, and a tenancy is
 * always a request.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
const guest = () => signedInUser(t.db, server.baseUrl);
const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const settings = { instantBook: true, instantBookMinStays: 0, instantBookMessageRequired: false };

async function instantListing(terms: Partial<typeof settings> = {}) {
  const owner = await landlord();
  const property = await createProperty(t.db, { ownerId: owner.user.id, pricePerNight: "250.05" });
  const saved = await owner.client.request("PUT", `/api/properties/${property.id}/instant-book`, {
    ...settings,
    ...terms,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { owner, property };
}

const stay = (propertyId: number, checkIn: string) => ({
  propertyId,
  checkIn,
  checkOut: addDays(checkIn, 2),
  guestCount: 1,
  guestInfo,
});

const storedTerms = async (propertyId: number) =>
  (
    await t.db
      .select({
        instantBook: properties.instantBook,
        instantBookMinStays: properties.instantBookMinStays,
        instantBookMessageRequired: properties.instantBookMessageRequired,
      })
      .from(properties)
      .where(eq(properties.id, propertyId))
  )[0];

const subjectsTo = async (email: string) =>
  (
    await t.db
      .select({ subject: outgoingMessages.subject })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, email))
  ).map((m) => m.subject);

describe("a guest booking a listing with instant book on", () => {
  it("is confirmed at once, with a confirmed stay's ledger and the landlord's letter in the outbox", async () => {
    const { owner, property } = await instantListing();
    const booker = await guest();

    const offer = await booker.client.get(`/api/properties/${property.id}/instant-book`);
    expect(offer.body).toEqual({ on: true, youQualify: true, unmet: [] });

    const booked = await booker.client.post("/api/bookings", stay(property.id, mondayIn(3)));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    const id = (booked.body as { id: number }).id;

    // The same two postings as a landlord's accept in demo mode, every one balanced.
    const o = owner.user.id;
    const g = booker.user.id;
    expect(await ledgerOfBooking(t.db, id)).toEqual([
      {
        key: `booking:${id}:charge`,
        kind: "booking_charge",
        demo: true,
        stripe: null,
        lines: { [`earnings_held:${o}`]: -50010, [`guest_receivable:${g}`]: 55010, platform_fees: -5000 },
      },
      {
        key: `booking:${id}:payment`,
        kind: "payment_collected",
        demo: true,
        stripe: null,
        lines: { [`guest_receivable:${g}`]: -55010, platform_cash: 55010 },
      },
    ]);
    expect(await ledgerTotal(t.db)).toBe(0);

    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.map((e) => [e.transition, e.actor, e.toStatus])).toEqual([["instant_book", "system", "confirmed"]]);
    const ref = bookingReference(id);
    expect(await subjectsTo(owner.user.email)).toEqual([expect.stringContaining("New confirmed booking")]);
    expect((await subjectsTo(owner.user.email))[0]).toContain(ref);
    expect(await subjectsTo(booker.user.email)).toContain(`Your stay is confirmed: ${ref}`);

    // Nothing is left for the landlord to accept.
    expect((await owner.client.post(`/api/bookings/${id}/accept`)).status).toBe(409);
  });

  it("sends a request, as before, from a guest with fewer completed stays than the landlord asks", async () => {
    const { owner, property } = await instantListing({ instantBookMinStays: 2 });
    const booker = await guest();
    // One stay completed elsewhere: one short of two.
    const elsewhere = await createProperty(t.db);
    await createBooking(t.db, {
      propertyId: elsewhere.id,
      guestId: booker.user.id,
      checkIn: addDays(londonToday(), -20),
      checkOut: addDays(londonToday(), -18),
      status: "completed",
    });

    const offer = await booker.client.get(`/api/properties/${property.id}/instant-book`);
    expect(offer.body).toEqual({
      on: true,
      youQualify: false,
      unmet: ["At least 2 completed stays on StayLondon (you have 1)"],
    });
    const booked = await booker.client.post("/api/bookings", stay(property.id, mondayIn(4)));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: "pending" });
    expect((booked.body as { holdExpiresAt: string | null }).holdExpiresAt).not.toBeNull();
    expect(await ledgerOfBooking(t.db, (booked.body as { id: number }).id)).toEqual([]);
    expect(await subjectsTo(owner.user.email)).toEqual([expect.stringContaining("New booking request")]);
  });

  it("asks for a message to the host first when the landlord requires one, and then confirms", async () => {
    const { property } = await instantListing({ instantBookMessageRequired: true });
    const booker = await guest();
    const before = await booker.client.get(`/api/properties/${property.id}/instant-book`);
    expect(before.body).toEqual({
      on: true,
      youQualify: false,
      unmet: ["A message to the host about this home before you book"],
    });
    const asked = await booker.client.post("/api/messages/enquiries", {
      propertyId: property.id,
      body: "Hello, is there a lift to the flat?",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    const after = await booker.client.get(`/api/properties/${property.id}/instant-book`);
    expect(after.body).toEqual({ on: true, youQualify: true, unmet: [] });
    const booked = await booker.client.post("/api/bookings", stay(property.id, mondayIn(5)));
    expect(booked.body).toMatchObject({ status: "confirmed" });
  });

  it("keeps a tenancy a request for the landlord to agree", async () => {
    const { owner, property } = await instantListing();
    await t.db.update(properties).set({ pricePerMonth: "2000.00" }).where(eq(properties.id, property.id));
    const tenant = await guest();
    const booked = await tenant.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn: mondayIn(6),
      guestCount: 1,
      guestInfo,
      asTenancy: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: "pending", stayMode: "tenancy" });
    expect(await subjectsTo(owner.user.email)).toEqual([expect.stringContaining("New booking request")]);
    const confirmed = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.propertyId, property.id), eq(bookings.status, "confirmed")));
    expect(confirmed).toEqual([]);
  });

  it("tells a visitor who is not signed in the landlord's requirements, and nothing about anyone", async () => {
    const { property } = await instantListing({ instantBookMinStays: 1, instantBookMessageRequired: true });
    const visitor = await fetch(`${server.baseUrl}/api/properties/${property.id}/instant-book`);
    expect(await visitor.json()).toEqual({
      on: true,
      unmet: ["At least 1 completed stay on StayLondon", "A message to the host about this home before you book"],
    });
    const off = await createProperty(t.db);
    const closed = await fetch(`${server.baseUrl}/api/properties/${off.id}/instant-book`);
    expect(await closed.json()).toEqual({ on: false, unmet: [] });
  });
});

describe("the instant book settings", () => {
  it("are the owner's: another landlord and a guest get a 404 and change nothing", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const stranger = await landlord();
    const byStranger = await stranger.client.request("PUT", `/api/properties/${property.id}/instant-book`, settings);
    expect(byStranger.status).toBe(404);
    const booker = await guest();
    const byGuest = await booker.client.request("PUT", `/api/properties/${property.id}/instant-book`, settings);
    expect(byGuest.status).toBe(403);
    const signedOut = await fetch(`${server.baseUrl}/api/properties/${property.id}/instant-book`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(settings),
    });
    expect(signedOut.status).toBe(401);
    expect(await storedTerms(property.id)).toEqual({
      instantBook: false,
      instantBookMinStays: 0,
      instantBookMessageRequired: false,
    });
  });

  it.each([
    ["a negative number of stays", { instantBookMinStays: -1 }, "Completed stays must be a whole number from 0 to 10"],
    ["a fraction of a stay", { instantBookMinStays: 1.5 }, "Completed stays must be a whole number from 0 to 10"],
    ["too many stays", { instantBookMinStays: 11 }, "Completed stays must be a whole number from 0 to 10"],
    ["stays as text", { instantBookMinStays: "3" }, "Completed stays must be a whole number from 0 to 10"],
    ["the switch as text", { instantBook: "yes" }, "Instant book must be true or false"],
    [
      "a missing field",
      { instantBookMessageRequired: undefined },
      "Message to the host required must be true or false",
    ],
  ])("refuse %s with a 400 that says why, and store nothing", async (_what, change, message) => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const refused = await owner.client.request("PUT", `/api/properties/${property.id}/instant-book`, {
      ...settings,
      instantBookMinStays: 4,
      ...change,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    expect(await storedTerms(property.id)).toEqual({
      instantBook: false,
      instantBookMinStays: 0,
      instantBookMessageRequired: false,
    });
  });

  it("are stored and shown on the manage page", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const terms = { instantBook: true, instantBookMinStays: 3, instantBookMessageRequired: true };
    const saved = await owner.client.request("PUT", `/api/properties/${property.id}/instant-book`, terms);
    expect(saved.body).toEqual(terms);
    expect(await storedTerms(property.id)).toEqual(terms);
    const managed = await owner.client.get(`/api/properties/${property.id}/manage`);
    expect(managed.body).toMatchObject(terms);
  });
});
