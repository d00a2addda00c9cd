import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { savedProperties, type users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
/** Every listing this file creates is counted here, so totalProperties can be checked exactly. */
let activeListings = 0;

/** A signed-in user (e-mail and phone verified unless `fields` say otherwise) and a client carrying the session. */
async function signedIn(fields: Partial<typeof users.$inferInsert> = {}) {
  const { client: c, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { c, user };
}

async function listing(fields: Parameters<typeof createProperty>[1] = {}) {
  const property = await createProperty(t.db, fields);
  if (property.isActive) activeListings += 1;
  return property;
}

async function save(userId: number, propertyId: number, createdAt?: Date) {
  const [row] = await t.db.insert(savedProperties).values({ userId, propertyId, createdAt }).returning();
  if (!row) throw new Error("saved row not created");
  return row;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const stay = (weeksAhead: number) => {
  const checkIn = addDays(londonToday(), 7 * weeksAhead);
  return { checkIn, checkOut: addDays(checkIn, 3) };
};

describe("signed out", () => {
  it("gets a 401 from both dashboard reads", async () => {
    const c = new HttpClient(server.baseUrl);
    for (const path of ["/api/dashboard/stats", "/api/dashboard/recent-activity"]) {
      const response = await c.get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.message).toBe("You need to be logged in to access this area.");
    }
  });

  it("gets a 401 with a session that has ended", async () => {
    const { c } = await signedIn();
    expect((await c.post("/api/auth/logout")).status).toBe(200);
    expect((await c.get("/api/dashboard/stats")).status).toBe(401);
  });
});

describe("GET /api/dashboard/stats", () => {
  it("counts listed properties, the user's bookings in any status and their saved listed properties", async () => {
    const { c, user } = await signedIn();
    const other = await createUser(t.db);
    const [a, b, c3] = [await listing(), await listing(), await listing()];
    const unlisted = await listing({ isActive: false });

    await createBooking(t.db, { propertyId: a.id, guestId: user.id, status: "pending", ...stay(3) });
    await createBooking(t.db, { propertyId: b.id, guestId: user.id, status: "confirmed", ...stay(3) });
    await createBooking(t.db, { propertyId: c3.id, guestId: user.id, status: "cancelled", ...stay(3) });
    await createBooking(t.db, { propertyId: unlisted.id, guestId: user.id, status: "completed", ...stay(-3) });
    await save(user.id, a.id);
    await save(user.id, b.id);
    // A saved listing that was taken off the market is not shown on Saved Properties, so not counted.
    await save(user.id, unlisted.id);
    // Someone else's bookings and saves are never counted.
    await createBooking(t.db, { propertyId: a.id, guestId: other.id, status: "confirmed", ...stay(5) });
    await save(other.id, c3.id);

    const response = await c.get("/api/dashboard/stats");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalProperties: activeListings, userBookingsCount: 4, savedPropertiesCount: 2 });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers zeros for a new user, and follows new data", async () => {
    const { c, user } = await signedIn();
    expect((await c.get("/api/dashboard/stats")).body).toEqual({
      totalProperties: activeListings,
      userBookingsCount: 0,
      savedPropertiesCount: 0,
    });

    const fresh = await listing();
    await listing({ isActive: false });
    await createBooking(t.db, { propertyId: fresh.id, guestId: user.id, ...stay(8) });
    await save(user.id, fresh.id);
    expect((await c.get("/api/dashboard/stats")).body).toEqual({
      totalProperties: activeListings,
      userBookingsCount: 1,
      savedPropertiesCount: 1,
    });
  });
});

describe("GET /api/dashboard/recent-activity", () => {
  /** A guest's booking of a property in the given state, made some minutes ago for a stay some weeks ahead. */
  const bookedBy = (
    guestId: number,
    propertyId: number,
    status: "pending" | "confirmed" | "cancelled" | "completed",
    when: { madeMinutesAgo: number; weeksAhead: number },
  ) =>
    createBooking(t.db, {
      propertyId,
      guestId,
      status,
      createdAt: minutesAgo(when.madeMinutesAgo),
      ...stay(when.weeksAhead),
    });

  it("merges the user's bookings and saves, newest first, at most 5", async () => {
    const { c, user } = await signedIn();
    const other = await createUser(t.db);
    const loft = await listing({ title: "Canal Loft" });
    const studio = await listing({ title: "Garden Studio" });
    const house = await listing({ title: "Townhouse" });
    const unlisted = await listing({ title: "Withdrawn Flat", isActive: false });

    const oldest = await bookedBy(user.id, loft.id, "completed", { madeMinutesAgo: 90, weeksAhead: -2 });
    const confirmed = await bookedBy(user.id, studio.id, "confirmed", { madeMinutesAgo: 50, weeksAhead: 4 });
    const savedStudio = await save(user.id, studio.id, minutesAgo(40));
    const cancelled = await bookedBy(user.id, house.id, "cancelled", { madeMinutesAgo: 30, weeksAhead: 6 });
    const savedLoft = await save(user.id, loft.id, minutesAgo(20));
    const pending = await bookedBy(user.id, loft.id, "pending", { madeMinutesAgo: 10, weeksAhead: 9 });
    // Newer than everything above, but not the user's, or not listed any more: never shown.
    await createBooking(t.db, { propertyId: house.id, guestId: other.id, createdAt: minutesAgo(1), ...stay(12) });
    await save(other.id, house.id, minutesAgo(1));
    await save(user.id, unlisted.id, minutesAgo(2));

    const response = await c.get("/api/dashboard/recent-activity");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const items = response.body as unknown as Record<string, unknown>[];
    expect(items.map((i) => i.id)).toEqual([
      `booking-${pending.id}`,
      `saved-${savedLoft.id}`,
      `booking-${cancelled.id}`,
      `saved-${savedStudio.id}`,
      `booking-${confirmed.id}`,
    ]);
    expect(items.map((i) => i.id)).not.toContain(`booking-${oldest.id}`);
    expect(items[0]).toEqual({
      id: `booking-${pending.id}`,
      type: "booking",
      status: "pending",
      checkIn: pending.checkIn,
      checkOut: pending.checkOut,
      propertyTitle: "Canal Loft",
      propertyId: loft.id,
      createdAt: pending.createdAt.toISOString(),
    });
    expect(items[1]).toEqual({
      id: `saved-${savedLoft.id}`,
      type: "saved",
      status: "saved",
      checkIn: null,
      checkOut: null,
      propertyTitle: "Canal Loft",
      propertyId: loft.id,
      createdAt: savedLoft.createdAt.toISOString(),
    });
    expect(items.map((i) => i.status)).toEqual(["pending", "saved", "cancelled", "saved", "confirmed"]);
  });

  it("is empty for a user with no bookings or saves, though others have some", async () => {
    const { c } = await signedIn();
    const someone = await createUser(t.db);
    const property = await listing();
    await createBooking(t.db, { propertyId: property.id, guestId: someone.id, ...stay(15) });
    await save(someone.id, property.id);
    const response = await c.get("/api/dashboard/recent-activity");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});
