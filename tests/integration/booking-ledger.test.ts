import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { createProperty, createUser } from "../factories";
import { requestStay } from "../support/book-stay";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * Without card payments (demo mode) a stay's money runs through the same ledger as a real one: accepting a request
 * records what the guest owes and a demo payment, cancelling records the policy's refund, and every posting is marked
 * demo. Card payments are in booking-refunds.test.ts.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

const book = requestStay;

async function stay(policy: "moderate" | "strict", checkIn: string) {
  const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const guest = await signedInUser(t.db, server.baseUrl);
  // £250.05 a night: two nights are £500.10 and the fee (10%, to the pound) £50, so half the nights has odd pence.
  const property = await createProperty(t.db, {
    ownerId: owner.user.id,
    pricePerNight: "250.05",
    cancellationPolicy: policy,
  });
  const booking = await book(guest.client, property.id, checkIn, 2);
  return { owner, guest, booking };
}

describe("a stay's money in demo mode", () => {
  it("records the charge and a demo payment on accepting, and the policy's refund from the nights on cancelling", async () => {
    const { owner, guest, booking } = await stay("moderate", addDays(londonToday(), 2));
    expect(booking.totalPrice).toBe("550.10");
    expect(await ledgerOfBooking(t.db, booking.id)).toEqual([]);

    expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
    const o = owner.user.id;
    const g = guest.user.id;
    expect(await ledgerOfBooking(t.db, booking.id)).toEqual([
      {
        key: `booking:${booking.id}:charge`,
        kind: "booking_charge",
        demo: true,
        stripe: null,
        lines: { [`earnings_held:${o}`]: -50010, [`guest_receivable:${g}`]: 55010, platform_fees: -5000 },
      },
      {
        key: `booking:${booking.id}:payment`,
        kind: "payment_collected",
        demo: true,
        stripe: null,
        lines: { [`guest_receivable:${g}`]: -55010, platform_cash: 55010 },
      },
    ]);

    // Two days ahead under the moderate policy: half the nights back (£250.05), the fee kept.
    const cancelled = await guest.client.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.body.refund).toBe("250.05");
    const refund = (await ledgerOfBooking(t.db, booking.id))[2];
    expect(refund).toEqual({
      key: `booking:${booking.id}:refund`,
      kind: "refund",
      demo: true,
      stripe: null,
      lines: { [`earnings_held:${o}`]: 25005, platform_cash: -25005 },
    });
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("records nothing for a request withdrawn or declined, nor for a confirmed stay whose policy refunds nothing", async () => {
    const withdrawn = await stay("moderate", mondayIn(8));
    expect((await withdrawn.guest.client.post(`/api/bookings/${withdrawn.booking.id}/cancel`)).status).toBe(200);
    expect(await ledgerOfBooking(t.db, withdrawn.booking.id)).toEqual([]);

    const declined = await stay("moderate", mondayIn(9));
    expect((await declined.owner.client.post(`/api/bookings/${declined.booking.id}/decline`)).status).toBe(200);
    expect(await ledgerOfBooking(t.db, declined.booking.id)).toEqual([]);

    // Strict, two days ahead: the guest gets nothing back, so the stay's charge and payment stand alone.
    const strict = await stay("strict", addDays(londonToday(), 2));
    expect((await strict.owner.client.post(`/api/bookings/${strict.booking.id}/accept`)).status).toBe(200);
    const cancelled = await strict.guest.client.post(`/api/bookings/${strict.booking.id}/cancel`);
    expect(cancelled.body.refund).toBe("0.00");
    expect((await ledgerOfBooking(t.db, strict.booking.id)).map((p) => p.kind)).toEqual([
      "booking_charge",
      "payment_collected",
    ]);
  });

  it("refunds everything, fee included, when the landlord cancels", async () => {
    const { owner, booking } = await stay("strict", mondayIn(10));
    await owner.client.post(`/api/bookings/${booking.id}/accept`);
    expect((await owner.client.post(`/api/bookings/${booking.id}/cancel`)).body.refund).toBe("550.10");
    expect((await ledgerOfBooking(t.db, booking.id))[2]?.lines).toEqual({
      [`earnings_held:${owner.user.id}`]: 50010,
      platform_fees: 5000,
      platform_cash: -55010,
    });
  });
});

describe("a managed property's stays", () => {
  it("pays the manager their agreed share of the nights, and takes a refund back from both in proportion", async () => {
    const { owner, guest, booking } = await stay("moderate", addDays(londonToday(), 3));
    const manager = await createUser(t.db, { role: "property_manager", email: `fee-${booking.id}@ledger.test` });
    const property = (await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0];
    const assigned = await owner.client.request("PUT", `/api/properties/${property?.propertyId}/manager`, {
      email: manager.email,
      feePercent: 12.5,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.current).toMatchObject({ feePercent: 12.5 });

    expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
    // Nights £500.10: 12.5% is £62.5125, so £62.51 to the manager and £437.59 to the owner; the £50 fee is the platform's.
    expect((await ledgerOfBooking(t.db, booking.id))[0]?.lines).toEqual({
      [`earnings_held:${owner.user.id}`]: -43_759,
      [`earnings_held:${manager.id}`]: -6_251,
      [`guest_receivable:${guest.user.id}`]: 55_010,
      platform_fees: -5_000,
    });

    // Three days ahead under the moderate policy: half the nights (£250.05) back, split as the nights were
    // (£218.796… and £31.254…: the odd penny goes to the larger remainder).
    expect((await guest.client.post(`/api/bookings/${booking.id}/cancel`)).body.refund).toBe("250.05");
    const refund = (await ledgerOfBooking(t.db, booking.id))[2];
    expect(refund?.lines).toEqual({
      [`earnings_held:${owner.user.id}`]: 21_880,
      [`earnings_held:${manager.id}`]: 3_125,
      platform_cash: -25_005,
    });
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("refuses a fee that is negative, above 30% or finer than a hundredth of a percent, changing nothing", async () => {
    const { owner, booking } = await stay("moderate", mondayIn(12));
    const manager = await createUser(t.db, { role: "property_manager", email: `bad-fee-${booking.id}@ledger.test` });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    for (const feePercent of [-1, 30.01, 12.345, "ten", null]) {
      const response = await owner.client.request("PUT", `/api/properties/${row?.propertyId}/manager`, {
        email: manager.email,
        feePercent,
      });
      expect(response.status, String(feePercent)).toBe(400);
      expect(response.body.message).toMatch(/management fee/i);
    }
    const after = await owner.client.get(`/api/properties/${row?.propertyId}/manager`);
    expect(after.body).toEqual({ current: null, history: [] });
  });
});

describe("confirmation waits for the landlord's payouts", () => {
  it("keeps a request waiting for a landlord who cannot be paid yet, and accepts it once they can", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const guest = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { ownerId: owner.user.id, payouts: "none" });
    const booking = await book(guest.client, property.id, mondayIn(14), 2);

    const refused = await owner.client.post(`/api/bookings/${booking.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Bookings are confirmed only once the landlord's payouts are set up. Set them up in Payout Settings, then accept.",
    );
    const [still] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(still?.status).toBe("pending");
    expect(await ledgerOfBooking(t.db, booking.id)).toEqual([]);

    await insertDemoPayoutAccount(t.db, owner.user.id);
    expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
  });
});
