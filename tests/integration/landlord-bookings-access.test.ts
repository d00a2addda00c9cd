import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookingEvents, bookings, users } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * The landlord's side of a booking (review of issue 5): the landlord gate on reading and cancelling a booking,
 * accepting only before check-in, and which pending bookings await the landlord. Card payments are off here;
 * booking-refunds.test.ts has them on.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const landlord = (fields = {}) => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true, ...fields });
const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "+447700900123" };

/** A property of `ownerId` with a guest's pending request and a confirmed stay, both booked through the API. */
async function propertyWithBookings(ownerId: number) {
  const property = await createProperty(t.db, { ownerId });
  const guest = await signedInUser(t.db, server.baseUrl);
  const ids: number[] = [];
  for (const weeks of [10, 12]) {
    const checkIn = mondayIn(weeks);
    const made = await guest.client.post("/api/bookings", {
      propertyId: property.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guestCount: 1,
      guestInfo,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids.push(made.body.id as number);
  }
  const [pending, confirmed] = ids as [number, number];
  await t.db
    .update(bookings)
    .set({ status: "confirmed", holdExpiresAt: null, confirmedAt: new Date() })
    .where(eq(bookings.id, confirmed));
  return { property, guest, pending, confirmed };
}

async function snapshot(bookingIds: number[]) {
  const rows = [];
  for (const id of bookingIds) {
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    rows.push({ row, events });
  }
  return rows;
}

describe("the landlord gate on GET /api/bookings/{id} and POST /api/bookings/{id}/cancel", () => {
  it.each([
    ["a landlord whose approval was taken back", { isApproved: false }, "Account Approval Pending"],
    ["a landlord without a verified phone", { phoneVerified: false }, "Phone Verification Required"],
    [
      "a landlord demoted to guest",
      { role: "guest" },
      "You don't have the required role to access this area. Required: Landlord/Owner. Your role: Guest/Tenant",
    ],
  ] as const)(
    "refuses %s the bookings of their own property, as /decline does, changing nothing",
    async (_label, change, message) => {
      const owner = await landlord();
      const { pending, confirmed } = await propertyWithBookings(owner.user.id);
      // Taken away after signing in (an unapproved landlord cannot sign in at all).
      await t.db.update(users).set(change).where(eq(users.id, owner.user.id));
      const before = await snapshot([pending, confirmed]);

      const decline = await owner.client.post(`/api/bookings/${pending}/decline`);
      expect(decline.status).toBe(403);
      expect(decline.body.message).toBe(message);
      for (const id of [pending, confirmed]) {
        const read = await owner.client.get(`/api/bookings/${id}`);
        expect(read.status, `GET ${id}`).toBe(403);
        expect(read.body).toEqual(decline.body);
        // The guest's contact details stay out of the answer.
        expect(JSON.stringify(read.body)).not.toContain(guestInfo.email);
        expect(JSON.stringify(read.body)).not.toContain(guestInfo.phone);
        const cancel = await owner.client.post(`/api/bookings/${id}/cancel`, { reason: "Closing" });
        expect(cancel.status, `cancel ${id}`).toBe(403);
        expect(cancel.body).toEqual(decline.body);
      }
      expect(await snapshot([pending, confirmed])).toEqual(before);
    },
  );

  it("asks nothing more of the booking's guest, and lets an approved landlord and an admin in", async () => {
    const owner = await landlord();
    const { guest, pending, confirmed } = await propertyWithBookings(owner.user.id);

    const read = await guest.client.get(`/api/bookings/${pending}`);
    expect(read.status).toBe(200);
    expect(read.body.guestInfo).toMatchObject({ email: guestInfo.email, phone: guestInfo.phone });
    const asOwner = await owner.client.get(`/api/bookings/${confirmed}`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.guestInfo).toMatchObject({ email: guestInfo.email });
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin", phoneVerified: false });
    expect((await admin.client.get(`/api/bookings/${confirmed}`)).status).toBe(200);

    const withdrawn = await guest.client.post(`/api/bookings/${pending}/cancel`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.booking).toMatchObject({ status: "cancelled", cancellation: { cancelledBy: "guest" } });
    const cancelled = await owner.client.post(`/api/bookings/${confirmed}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: "cancelled", cancellation: { cancelledBy: "landlord" } });
  });

  it("still answers someone with no part in the booking with a 404, and a bad id with a 400", async () => {
    const owner = await landlord();
    const { pending } = await propertyWithBookings(owner.user.id);
    const unapprovedStranger = await landlord();
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, unapprovedStranger.user.id));
    expect((await unapprovedStranger.client.get(`/api/bookings/${pending}`)).status).toBe(404);
    expect((await unapprovedStranger.client.post(`/api/bookings/${pending}/cancel`)).status).toBe(404);
    const bad = await owner.client.post("/api/bookings/abc/cancel");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/booking id must be a number/i);
  });

  it("lets nobody refused release a lapsed request: only its parties or the sweep do", async () => {
    const owner = await landlord();
    const { pending } = await propertyWithBookings(owner.user.id);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, pending));
    const before = await snapshot([pending]);
    const otherLandlord = await landlord();
    const stranger = await signedInUser(t.db, server.baseUrl);
    expect((await otherLandlord.client.post(`/api/bookings/${pending}/accept`)).status).toBe(404);
    expect((await otherLandlord.client.post(`/api/bookings/${pending}/decline`)).status).toBe(404);
    for (const someone of [otherLandlord, owner, stranger]) {
      expect((await someone.client.post("/api/create-payment-intent", { bookingId: pending })).status).toBe(404);
    }
    expect(await snapshot([pending])).toEqual(before);
    // Its landlord's answer comes too late: the hold is released, and that is what they are told.
    const accept = await owner.client.post(`/api/bookings/${pending}/accept`);
    expect(accept.status).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, pending));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "system" });
  });
});

describe("accepting a request", () => {
  it("is refused once its check-in date has passed, which leaves declining; a check-in today can be accepted", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const today = londonToday();
    const heldUntil = new Date(Date.now() + 3_600_000);
    // Requested the day before check-in; the landlord has not answered and the hold still runs.
    const lapsed = await createBooking(t.db, {
      propertyId: property.id,
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
      status: "pending",
      holdExpiresAt: heldUntil,
    });
    const other = await createProperty(t.db, { ownerId: owner.user.id });
    const sameDay = await createBooking(t.db, {
      propertyId: other.id,
      checkIn: today,
      checkOut: addDays(today, 1),
      status: "pending",
      holdExpiresAt: heldUntil,
    });

    const list = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(list.find((b) => b.id === lapsed.id)).toMatchObject({ canAccept: false, canDecline: true });
    expect(list.find((b) => b.id === sameDay.id)).toMatchObject({ canAccept: true, canDecline: true });

    const refused = await owner.client.post(`/api/bookings/${lapsed.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This request's check-in date has passed; it can only be declined.");
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, lapsed.id));
    expect(still).toMatchObject({ status: "pending", confirmedAt: null });
    expect(await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, lapsed.id))).toHaveLength(0);

    expect((await owner.client.post(`/api/bookings/${lapsed.id}/decline`)).status).toBe(200);
    const accepted = await owner.client.post(`/api/bookings/${sameDay.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("confirmed");
  });
});

describe("GET /api/bookings/landlord-bookings without card payments", () => {
  it("marks no booking as awaiting payment: a pending booking is a request for the landlord", async () => {
    const owner = await landlord();
    const { pending, confirmed } = await propertyWithBookings(owner.user.id);
    const list = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(list.find((b) => b.id === pending)).toMatchObject({
      status: "pending",
      awaitingPayment: false,
      canAccept: true,
    });
    expect(list.find((b) => b.id === confirmed)).toMatchObject({ status: "confirmed", awaitingPayment: false });
  });
});
