import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings, type users } from "../../server/db/schema";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

/** A signed-in user (e-mail and phone verified unless `fields` say otherwise) and a client carrying the session. */
async function signedIn(fields: Partial<typeof users.$inferInsert> = {}) {
  const { client: c, user } = await signedInUser(t.db, server.baseUrl, fields);
  return { c, user };
}

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "07400 123456" };
const request = (propertyId: number, checkIn: string, nights: number, guestCount = 2) => ({
  propertyId,
  checkIn,
  checkOut: addDays(checkIn, nights),
  guestCount,
  guestInfo,
});
const countBookings = async (propertyId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.propertyId, propertyId)))[0]
    ?.n;

describe("POST /api/bookings", () => {
  it("creates a pending request at the server's price, held for 48 hours", async () => {
    const { c, user } = await signedIn();
    const property = await createProperty(t.db, { pricePerNight: "245.50", maxGuests: 4 });
    const start = mondayIn(5);
    const response = await c.post("/api/bookings", request(property.id, start, 3));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      propertyId: property.id,
      guestId: user.id,
      checkIn: start,
      checkOut: addDays(start, 3),
      nights: 3,
      guestCount: 2,
      // 3 × £245.50 = £736.50, plus a £74 fee (10% = £73.65, rounded to pounds).
      totalPrice: "810.50",
      serviceFee: "74.00",
      status: "pending",
      guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "07400 123456" },
    });
    const hold = Date.parse(String(response.body.holdExpiresAt)) - Date.now();
    expect(hold).toBeGreaterThan(47 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(48 * 3_600_000);
  });

  it("sells a night once: 50 simultaneous requests for overlapping stays give one 201 and 49 409s", async () => {
    const property = await createProperty(t.db, { maxGuests: 4 });
    const guests = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    const start = mondayIn(6);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // Three-night stays starting on one of three consecutive days: every one contains the third night.
        guests[i % 5]?.c.post("/api/bookings", request(property.id, addDays(start, i % 3), 3)),
      ),
    );
    const statuses = answers.map((a) => a?.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a?.status === 409)) {
      expect(refused?.body.message).toBe("These dates are no longer available");
    }
    expect(await countBookings(property.id)).toBe(1);
  });

  it("allows back-to-back stays", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    const start = mondayIn(7);
    expect((await c.post("/api/bookings", request(property.id, start, 2))).status).toBe(201);
    expect((await c.post("/api/bookings", request(property.id, addDays(start, 2), 2))).status).toBe(201);
    expect((await c.post("/api/bookings", request(property.id, addDays(start, 1), 2))).status).toBe(409);
  });

  it("answers a retry with the same Idempotency-Key with the same booking, and a different request with a 422", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    const start = mondayIn(8);
    const key = { "idempotency-key": `retry-${randomUUID()}` };
    const first = await c.post("/api/bookings", request(property.id, start, 2), key);
    const retry = await c.post("/api/bookings", request(property.id, start, 2), key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    const other = await c.post("/api/bookings", request(property.id, addDays(start, 5), 2), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/already used for a different booking request/);
    expect(await countBookings(property.id)).toBe(1);
  });

  it("makes one booking from ten simultaneous retries with one key", async () => {
    const { c } = await signedIn();
    const property = await createProperty(t.db);
    const body = request(property.id, mondayIn(9), 3);
    const key = { "idempotency-key": `burst-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post("/api/bookings", body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countBookings(property.id)).toBe(1);
  });

  it("refuses the signed-out visitor and tells an unverified guest which verification is missing", async () => {
    const property = await createProperty(t.db);
    const body = request(property.id, mondayIn(10), 2);
    expect((await new HttpClient(server.baseUrl).post("/api/bookings", body)).status).toBe(401);
    const noEmail = await signedIn({ emailVerified: false });
    expect(await noEmail.c.post("/api/bookings", body)).toMatchObject({
      status: 403,
      body: { requiresEmailVerification: true, verifyAt: "/verification-status" },
    });
    const noPhone = await signedIn({ phoneVerified: false });
    expect(await noPhone.c.post("/api/bookings", body)).toMatchObject({
      status: 403,
      body: { requiresPhoneVerification: true, verifyAt: "/phone-verification" },
    });
    expect(await countBookings(property.id)).toBe(0);
  });

  it.each([
    ["a total sent by the browser", { totalPrice: "1.00" }, 400, /Unknown body field: totalPrice/],
    ["a status sent by the browser", { status: "confirmed" }, 400, /Unknown body field: status/],
    ["dates in the wrong format", { checkIn: "05/03/2030" }, 400, /checkIn must be a date/],
    ["reversed dates", { checkOut: "2000-01-01" }, 400, /checkOut must be after checkIn/],
    ["no guests", { guestCount: 0 }, 400, /At least 1 guest/],
    ["more guests than the property sleeps", { guestCount: 9 }, 400, /sleeps at most 4 guests/],
    ["a missing guest name", { guestInfo: { ...guestInfo, firstName: " " } }, 400, /First name is required/],
    ["an unknown property", { propertyId: 99_999_999 }, 404, /Property not found/],
  ])("refuses %s and writes nothing", async (_label, change, status, message) => {
    const { c } = await signedIn();
    const property = await createProperty(t.db, { maxGuests: 4 });
    const response = await c.post("/api/bookings", { ...request(property.id, mondayIn(11), 2), ...change });
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
    expect(await countBookings(property.id)).toBe(0);
  });

  it("refuses a stay in the past, under maintenance, or in the host's own property", async () => {
    const { c, user } = await signedIn({ role: "landlord", isApproved: true });
    const past = await createProperty(t.db);
    const yesterday = addDays(londonToday(), -1);
    expect((await c.post("/api/bookings", request(past.id, yesterday, 2))).body.message).toMatch(/in the past/);
    const closed = await createProperty(t.db, { underMaintenance: true });
    expect((await c.post("/api/bookings", request(closed.id, mondayIn(12), 2))).body.message).toMatch(/maintenance/);
    const own = await createProperty(t.db, { ownerId: user.id });
    const response = await c.post("/api/bookings", request(own.id, mondayIn(12), 2));
    expect(response).toMatchObject({ status: 400, body: { message: "You cannot book your own property." } });
    for (const p of [past, closed, own]) expect(await countBookings(p.id)).toBe(0);
  });
});
