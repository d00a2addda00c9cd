import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { DEMO_HOLD_LABEL, planHold } from "../../common/domain/security-deposits";
import { properties, securityDepositHolds } from "../../server/db/schema";
import { createBooking, createProperty, propertyForm } from "../factories";
import { raiseClaim } from "../support/damage-claims";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/** The app's clock, moved around the stay; midday, so London's date is plain. */
let clock = new Date();
const { t, server } = setUpTestApp({ withoutChangeFeed: true, now: () => clock });
const holds = () => server.app.services.securityDepositHolds;
const at = (date: string) => new Date(`${date}T12:00:00Z`);
const landlord = () => signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });

const listingsOf = async (ownerId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.ownerId, ownerId)))[0]?.n;

describe("a short let's security deposit on the listing", () => {
  it("is stored to the penny, shown on the listing, and quoted for a short let as a hold outside the total", async () => {
    clock = new Date();
    const owner = await landlord();
    const made = await owner.client.post("/api/properties", propertyForm({ securityDepositAmount: 250.5 }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = Number(made.body.id);
    await t.db.update(properties).set({ isActive: true }).where(eq(properties.id, id));
    const listing = await owner.client.get(`/api/properties/${id}`);
    expect(listing.body.securityDepositAmount).toBe("250.50");

    const checkIn = addDays(londonToday(), 20);
    const short = await owner.client.get(
      `/api/properties/${id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=1`,
    );
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    expect(short.body.securityDeposit).toBe(250.5);
    // Not a fee: the total is the nights, the service fee and any levy, nothing else.
    expect(short.body.total).toBeCloseTo(Number(short.body.subtotal) + Number(short.body.serviceFee), 2);
    const mid = await owner.client.get(
      `/api/properties/${id}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 30)}&guests=1`,
    );
    expect(mid.body.securityDeposit).toBeNull();
  });

  it.each([
    ["with fractions of pence", 100.005, "Use at most 2 decimal places"],
    ["below zero", -5, "Security deposit must be 0 or more"],
    ["above £2,500", 2500.01, "Security deposit must be at most £2,500"],
    ["as text", "300", "Security deposit must be a number of pounds"],
  ])("refuses a deposit %s with a 400 and stores nothing", async (_label, value, message) => {
    const owner = await landlord();
    const response = await owner.client.post("/api/properties", propertyForm({ securityDepositAmount: value }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await listingsOf(owner.user.id)).toBe(0);
  });

  it("refuses the same on an edit, leaving the listing's deposit as it was", async () => {
    const owner = await landlord();
    const property = await createProperty(t.db, { ownerId: owner.user.id, securityDepositAmount: "100.00" });
    const response = await owner.client.request(
      "PUT",
      `/api/properties/${property.id}`,
      propertyForm({ securityDepositAmount: 99999 }),
    );
    expect(response.status).toBe(400);
    const [row] = await t.db
      .select({ d: properties.securityDepositAmount })
      .from(properties)
      .where(eq(properties.id, property.id));
    expect(row?.d).toBe("100.00");
  });
});

describe("the hold's timing", () => {
  it("covers a short stay to check-out and two days after, and falls back to a claim for a stay longer than a hold lasts", () => {
    expect(planHold({ checkIn: "2027-03-10", checkOut: "2027-03-13" })).toEqual({
      kind: "card",
      authoriseOn: "2027-03-09",
      releaseOn: "2027-03-15",
    });
    // Six usable days from the 9th: a check-out on the 15th is still covered, up to the hold's last usable day.
    expect(planHold({ checkIn: "2027-03-10", checkOut: "2027-03-15" })).toMatchObject({ releaseOn: "2027-03-15" });
    expect(planHold({ checkIn: "2027-03-10", checkOut: "2027-03-16" })).toMatchObject({ kind: "claim_only" });
  });
});

describe("a security deposit without Stripe keys", () => {
  it("is a labelled demo hold; an accepted claim is taken from it as demo money, posted balanced", async () => {
    clock = new Date();
    const host = await landlord();
    const guest = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { ownerId: host.user.id, securityDepositAmount: "400.00" });
    const checkIn = addDays(londonToday(), 10);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      status: "confirmed",
      securityDepositPence: 40000,
    });
    const before = await guest.client.get(`/api/bookings/${booking.id}/security-deposit`);
    expect(before.body).toMatchObject({ amountPence: 40000, status: null, authoriseOn: addDays(checkIn, -1) });

    clock = at(addDays(checkIn, -1));
    expect(await holds().placeDue()).toContain(booking.id);
    const seen = await guest.client.get(`/api/bookings/${booking.id}/security-deposit`);
    expect(seen.body).toMatchObject({ status: "authorised", demo: true, amountPence: 40000 });
    expect(DEMO_HOLD_LABEL).toMatch(/^Demo hold/);

    clock = at(addDays(checkIn, 4));
    await server.app.services.bookingLifecycle.runJobs();
    const raised = await raiseClaim(host.client, booking.id, {
      description: "Scorched worktop by the hob.",
      amount: "120.00",
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const accepted = await guest.client.post(`/api/damage-claims/${raised.body.id}/accept`);
    expect(accepted.body).toMatchObject({ status: "paid", demo: true, agreedPence: 12000 });
    const [hold] = await t.db.select().from(securityDepositHolds).where(eq(securityDepositHolds.bookingId, booking.id));
    expect(hold).toMatchObject({ status: "captured", capturedPence: 12000, demo: true });
    const damage = (await ledgerOfBooking(t.db, booking.id)).filter((tx) => tx.key.startsWith("damage-claim:"));
    expect(damage.map((tx) => [tx.kind, tx.demo])).toEqual([
      ["damage_charge", true],
      ["payment_collected", true],
    ]);
    expect(await ledgerTotal(t.db)).toBe(0);

    const mine = await guest.client.get("/api/damage-claims/mine");
    expect((mine.body as unknown as { bookingId: number }[]).map((c) => c.bookingId)).toEqual([booking.id]);
    const stranger = await signedInUser(t.db, server.baseUrl);
    expect((await stranger.client.get(`/api/bookings/${booking.id}/security-deposit`)).status).toBe(404);
    expect((await stranger.client.get("/api/damage-claims/mine")).body).toEqual([]);
  });
});
