import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookingEvents, bookings, outboxMessages, users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const guest = (fields = {}) => signedInUser(t.db, server.baseUrl, fields);
const landlord = (fields = {}) => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true, ...fields });

const guestInfo = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
async function book(client: HttpClient, propertyId: number, checkIn: string, nights: number) {
  const response = await client.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guestCount: 1,
    guestInfo,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; totalPrice: string };
}

const mailTo = (email: string) =>
  t.db.select({ subject: outboxMessages.subject }).from(outboxMessages).where(eq(outboxMessages.recipient, email));

async function eventsOf(bookingId: number) {
  return t.db
    .select({ transition: bookingEvents.transition, actor: bookingEvents.actor })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
}

describe("GET /api/bookings/my-bookings and /api/bookings/{id}", () => {
  it("lists only the guest's own bookings, newest first, with the property and what can be done next", async () => {
    const { client, user } = await guest();
    const other = await guest();
    const property = await createProperty(t.db, {
      pricePerNight: "200.00",
      photos: ["/media/a.webp", "/media/b.webp"],
    });
    const first = await book(client, property.id, mondayIn(10), 2);
    const second = await book(client, property.id, mondayIn(12), 3);
    await book(other.client, property.id, mondayIn(14), 1);

    const response = await client.get("/api/bookings/my-bookings");
    expect(response.status).toBe(200);
    const list = response.body as unknown as Array<Record<string, unknown>>;
    expect(list.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      guestId: user.id,
      reference: `SL-${String(second.id).padStart(6, "0")}`,
      nights: 3,
      // 3 × £200 + £60 fee.
      totalPrice: "660.00",
      status: "pending",
      property: { id: property.id, title: property.title, city: "Camden", images: ["/media/a.webp", "/media/b.webp"] },
      payment: null,
      canCancel: true,
      refundIfCancelledNow: "0.00",
      canPay: false,
      cancellation: null,
      review: null,
      canReview: false,
    });
  });

  it("shows one booking to its guest, its landlord and an admin, and is a 404 for everyone else", async () => {
    const owner = await landlord();
    const { client } = await guest();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { id } = await book(client, property.id, mondayIn(6), 2);

    expect((await client.get(`/api/bookings/${id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/bookings/${id}`)).status).toBe(200);
    expect((await (await guest({ role: "admin" })).client.get(`/api/bookings/${id}`)).status).toBe(200);

    const stranger = await guest();
    expect((await stranger.client.get(`/api/bookings/${id}`)).status).toBe(404);
    const otherLandlord = await landlord();
    expect((await otherLandlord.client.get(`/api/bookings/${id}`)).status).toBe(404);
    expect((await new HttpClient(server.baseUrl).get(`/api/bookings/${id}`)).status).toBe(401);
    expect((await new HttpClient(server.baseUrl).get("/api/bookings/my-bookings")).status).toBe(401);
    const bad = await client.get("/api/bookings/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/booking id must be a number/i);
  });
});

describe("cancelling", () => {
  it("lets the guest withdraw a pending request, which frees its nights at once", async () => {
    const { client } = await guest();
    const property = await createProperty(t.db);
    const start = mondayIn(8);
    const { id } = await book(client, property.id, start, 3);

    const response = await client.post(`/api/bookings/${id}/cancel`, { reason: "Plans changed" });
    expect(response.status).toBe(200);
    expect(response.body.refund).toBe("0.00");
    expect(response.body.booking).toMatchObject({
      status: "cancelled",
      canCancel: false,
      cancellation: { cancelledBy: "guest", reason: "Plans changed", refundAmount: "0.00" },
    });
    expect(await eventsOf(id)).toEqual([{ transition: "withdraw_request", actor: "guest" }]);

    const again = await client.post(`/api/bookings/${id}/cancel`);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.message).toBe("This booking is already cancelled.");
    // The same nights can be booked again.
    await book((await guest()).client, property.id, start, 3);
  });

  it("refunds a confirmed stay by the moderate policy: in full 5 or more days ahead, half the nights closer in", async () => {
    const { client, user } = await guest();
    const property = await createProperty(t.db, { cancellationPolicy: "moderate" });
    const today = londonToday();
    const far = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, 10),
      checkOut: addDays(today, 12),
      totalPrice: "330.00",
      serviceFee: "30.00",
      status: "confirmed",
    });
    const near = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, 2),
      checkOut: addDays(today, 4),
      totalPrice: "330.00",
      serviceFee: "30.00",
      status: "confirmed",
    });

    const preview = (await client.get(`/api/bookings/${near.id}`)).body;
    expect(preview.refundIfCancelledNow).toBe("150.00");

    const farCancel = await client.post(`/api/bookings/${far.id}/cancel`);
    expect(farCancel.status).toBe(200);
    expect(farCancel.body.refund).toBe("330.00");
    const nearCancel = await client.post(`/api/bookings/${near.id}/cancel`);
    expect(nearCancel.body.refund).toBe("150.00");
    expect(nearCancel.body.booking).toMatchObject({ status: "cancelled", cancellation: { refundAmount: "150.00" } });
    expect(await eventsOf(near.id)).toEqual([{ transition: "cancel_booking", actor: "guest" }]);
  });

  it("refunds in full when the landlord cancels, and refuses a stay that has begun", async () => {
    const owner = await landlord();
    const { client, user } = await guest();
    const property = await createProperty(t.db, { ownerId: owner.user.id, cancellationPolicy: "strict" });
    const today = londonToday();
    const soon = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, 2),
      checkOut: addDays(today, 5),
      totalPrice: "495.00",
      serviceFee: "45.00",
      status: "confirmed",
    });
    const begun = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
      totalPrice: "495.00",
      status: "confirmed",
    });

    const byLandlord = await owner.client.post(`/api/bookings/${soon.id}/cancel`);
    expect(byLandlord.status).toBe(200);
    expect(byLandlord.body.refund).toBe("495.00");
    expect(byLandlord.body.booking).toMatchObject({ cancellation: { cancelledBy: "landlord" } });

    const tooLate = await client.post(`/api/bookings/${begun.id}/cancel`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toMatch(/once it has begun/);
    const row = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, begun.id));
    expect(row[0]?.status).toBe("confirmed");
  });

  it("is a 404 for someone else's booking and a 400 for a bad body, changing nothing", async () => {
    const { client } = await guest();
    const property = await createProperty(t.db);
    const { id } = await book(client, property.id, mondayIn(9), 1);
    const stranger = await guest();
    expect((await stranger.client.post(`/api/bookings/${id}/cancel`)).status).toBe(404);
    const bad = await client.post(`/api/bookings/${id}/cancel`, { reason: "x", status: "cancelled" });
    expect(bad.status).toBe(400);
    const long = await client.post(`/api/bookings/${id}/cancel`, { reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 500/);
    const row = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    expect(row[0]?.status).toBe("pending");
  });
});

describe("the landlord's answer to a request", () => {
  it("confirms on accept and releases the nights on decline; only the owner may answer", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { client, user: guestAccount } = await guest();
    const a = await book(client, property.id, mondayIn(20), 2);
    const b = await book(client, property.id, mondayIn(22), 2);

    const otherLandlord = await landlord();
    expect((await otherLandlord.client.post(`/api/bookings/${a.id}/accept`)).status).toBe(404);
    const asGuest = await client.post(`/api/bookings/${a.id}/accept`);
    expect(asGuest.status).toBe(403);
    // Approval taken back after signing in (an unapproved landlord cannot sign in at all).
    const unapproved = await landlord();
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, unapproved.user.id));
    expect((await unapproved.client.post(`/api/bookings/${a.id}/accept`)).status).toBe(403);
    const noPhone = await landlord({ phoneVerified: false });
    const refusal = await noPhone.client.post(`/api/bookings/${a.id}/accept`);
    expect(refusal.status).toBe(403);
    expect(refusal.body.message).toBe("Phone Verification Required");

    const accepted = await owner.client.post(`/api/bookings/${a.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    expect((await owner.client.post(`/api/bookings/${a.id}/accept`)).status).toBe(409);

    const declined = await owner.client.post(`/api/bookings/${b.id}/decline`, { reason: "Closed for repairs" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: "cancelled",
      cancellation: { cancelledBy: "landlord", reason: "Closed for repairs", refundAmount: "0.00" },
    });
    expect(await eventsOf(a.id)).toEqual([{ transition: "accept_request", actor: "landlord" }]);
    expect(await eventsOf(b.id)).toEqual([{ transition: "decline_request", actor: "landlord" }]);
    // The guest now sees a confirmed stay they can cancel under the policy.
    const mine = (await client.get(`/api/bookings/${a.id}`)).body;
    expect(mine).toMatchObject({ status: "confirmed", canCancel: true });

    // Each side was told (sent after commit, so wait for the outbox rows).
    const reference = `SL-${String(a.id).padStart(6, "0")}`;
    await expect
      .poll(async () => (await mailTo(owner.user.email)).map((m) => m.subject))
      .toContain(`New booking request ${reference}`);
    await expect
      .poll(async () => (await mailTo(guestAccount.email)).map((m) => m.subject))
      .toEqual(
        expect.arrayContaining([
          `Your stay is confirmed: ${reference}`,
          `Booking SL-${String(b.id).padStart(6, "0")} is cancelled`,
        ]),
      );
  });
});

describe("GET /api/bookings/landlord-bookings", () => {
  it("lists the bookings of the landlord's own properties only, with what they may do next", async () => {
    const owner = await landlord();
    const other = await landlord();
    const mine = await createProperty(t.db, { ownerId: owner.user.id, title: "Owner's Flat" });
    const theirs = await createProperty(t.db, { ownerId: other.user.id });
    const { client } = await guest({ firstName: "Grace", lastName: "Hopper" });
    const request = await book(client, mine.id, mondayIn(40), 3);
    await book(client, theirs.id, mondayIn(40), 3);
    const confirmed = await createBooking(t.db, {
      propertyId: mine.id,
      checkIn: addDays(londonToday(), 3),
      checkOut: addDays(londonToday(), 5),
      status: "confirmed",
    });

    const response = await owner.client.get("/api/bookings/landlord-bookings");
    expect(response.status).toBe(200);
    const list = response.body as unknown as Array<Record<string, unknown>>;
    expect(list.map((b) => b.id).sort()).toEqual([request.id, confirmed.id].sort());
    expect(list.find((b) => b.id === request.id)).toMatchObject({
      reference: `SL-${String(request.id).padStart(6, "0")}`,
      propertyTitle: "Owner's Flat",
      guestName: "Grace H.",
      nights: 3,
      guests: 1,
      status: "pending",
      canAccept: true,
      canDecline: true,
      canCancel: false,
      canMessage: true,
    });
    expect(list.find((b) => b.id === confirmed.id)).toMatchObject({
      status: "confirmed",
      canAccept: false,
      canCancel: true,
    });
    // No e-mail address of the guest in the list.
    expect(JSON.stringify(list)).not.toContain("@");

    const admin = await guest({ role: "admin" });
    const all = (await admin.client.get("/api/bookings/landlord-bookings")).body as unknown as Array<{
      id: number;
      canMessage: boolean;
    }>;
    expect(all.map((b) => b.id)).toEqual(expect.arrayContaining([request.id, confirmed.id]));
    // Another landlord's guests are not the admin's to message: the conversation would refuse them.
    expect(all.find((b) => b.id === request.id)?.canMessage).toBe(false);
  });

  it("is closed to guests, to landlords without approval or a verified phone, and to the signed-out", async () => {
    const asGuest = await (await guest()).client.get("/api/bookings/landlord-bookings");
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.message).toMatch(/Required: Landlord\/Owner/);
    const noPhone = await landlord({ phoneVerified: false });
    const refused = await noPhone.client.get("/api/bookings/landlord-bookings");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Phone Verification Required");
    const revoked = await landlord();
    await t.db.update(users).set({ isApproved: false }).where(eq(users.id, revoked.user.id));
    const pending = await revoked.client.get("/api/bookings/landlord-bookings");
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe("Account Approval Pending");
    expect((await new HttpClient(server.baseUrl).get("/api/bookings/landlord-bookings")).status).toBe(401);
  });
});

describe("the booking jobs", () => {
  it("expire lapsed holds once even when two instances run at the same time, freeing the nights", async () => {
    const property = await createProperty(t.db);
    const { client } = await guest();
    const start = mondayIn(30);
    const held = await Promise.all([
      book(client, property.id, start, 2),
      book(client, property.id, addDays(start, 2), 2),
      book(client, property.id, addDays(start, 4), 2),
    ]);
    const live = await book(client, property.id, addDays(start, 10), 2);
    const ids = held.map((b) => b.id);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${bookings.id} in ${ids}`);

    const lifecycle = server.app.services.bookingLifecycle;
    const [one, two] = await Promise.all([lifecycle.runJobs(), lifecycle.runJobs()]);
    expect([...one.expired, ...two.expired].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await eventsOf(id)).toEqual([{ transition: "expire_hold", actor: "system" }]);
    const liveRow = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, live.id));
    expect(liveRow[0]?.status).toBe("pending");

    const mine = (await client.get(`/api/bookings/${ids[0]}`)).body;
    expect(mine).toMatchObject({ status: "cancelled", cancellation: { cancelledBy: "system", refundAmount: "0.00" } });
    await book((await guest()).client, property.id, start, 6);
  });

  it("free a lapsed hold's nights for the next guest even before the job runs", async () => {
    const property = await createProperty(t.db);
    const start = mondayIn(34);
    const first = await book((await guest()).client, property.id, start, 3);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, first.id));
    await book((await guest()).client, property.id, start, 3);
  });

  it("complete confirmed stays whose check-out day has come, and only those", async () => {
    const { client, user } = await guest();
    const property = await createProperty(t.db);
    const today = londonToday();
    const finished = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, -3),
      checkOut: today,
      status: "confirmed",
    });
    const ongoing = await createBooking(t.db, {
      propertyId: property.id,
      guestId: user.id,
      checkIn: addDays(today, 1),
      checkOut: addDays(today, 3),
      status: "confirmed",
    });
    const { completed } = await server.app.services.bookingLifecycle.runJobs();
    expect(completed).toContain(finished.id);
    expect(completed).not.toContain(ongoing.id);
    const view = (await client.get(`/api/bookings/${finished.id}`)).body;
    expect(view).toMatchObject({ status: "completed", canCancel: false, canReview: true });
    const rows = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, ongoing.id), eq(bookings.status, "confirmed")));
    expect(rows).toHaveLength(1);
  });
});

describe("POST /api/create-payment-intent without card payments", () => {
  it("keeps Stripe out of the CSP", async () => {
    const csp = (await fetch(`${server.baseUrl}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("stripe");
    expect(csp).toContain("frame-src 'none'");
  });

  it("answers the booking's own total whatever amount is sent, and leaves it a request", async () => {
    const { client } = await guest();
    const property = await createProperty(t.db, { pricePerNight: "180.00" });
    const { id, totalPrice } = await book(client, property.id, mondayIn(15), 2);
    const response = await client.post("/api/create-payment-intent", { bookingId: id, amount: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      bookingId: id,
      paymentsEnabled: false,
      clientSecret: null,
      publishableKey: null,
      amount: Number(totalPrice),
      currency: "gbp",
    });
    expect(Number(totalPrice)).toBe(396);
  });

  it("refuses someone else's booking, a cancelled one, a missing id and an unverified phone", async () => {
    const { client } = await guest();
    const property = await createProperty(t.db);
    const { id } = await book(client, property.id, mondayIn(16), 2);
    const stranger = await guest();
    expect((await stranger.client.post("/api/create-payment-intent", { bookingId: id })).status).toBe(404);
    const missing = await client.post("/api/create-payment-intent", { amount: 500 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/bookingId is required/);
    const unverified = await guest({ phoneVerified: false });
    const refused = await unverified.client.post("/api/create-payment-intent", { bookingId: id });
    expect(refused.status).toBe(403);
    expect(refused.body.requiresPhoneVerification).toBe(true);
    await client.post(`/api/bookings/${id}/cancel`);
    const cancelled = await client.post("/api/create-payment-intent", { bookingId: id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(409);
  });
});

it("keeps a guest's bookings private from the signed-out", async () => {
  const someone = await createUser(t.db);
  expect(someone.id).toBeGreaterThan(0);
  const response = await new HttpClient(server.baseUrl).post("/api/create-payment-intent", { bookingId: 1 });
  expect(response.status).toBe(401);
});
