import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, damageClaims } from "../../server/db/schema";
import { raiseClaim, stayEnded } from "../support/damage-claims";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { setUpStripeTestApp } from "../support/stripe-test-app";

const WEBHOOK_SECRET = "whsec_damage_claims_local";
const stripe = setUpStripeTestApp(WEBHOOK_SECRET, { tempDataDir: "staylondon-damage-stripe-" });
const { t, server } = stripe;
const CLAIM = { description: "Red wine soaked into the living-room carpet.", amount: "180.00" };

/** Stripe's `payment_intent.succeeded` for a claim's PaymentIntent, as Stripe posts it (the claim in its metadata). */
function claimPaidEvent(eventId: string, claimId: number, intentId: string, pence: number) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: "payment_intent",
        amount: pence,
        amount_received: pence,
        currency: "gbp",
        status: "succeeded",
        metadata: { damageClaimId: String(claimId) },
      },
    },
  });
}

describe("an accepted claim with Stripe", () => {
  it("asks Stripe for a payment of the claim, which the guest pays; Stripe's event posts it balanced, as real money", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 6);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const id = Number(raised.body.id);

    const accepted = await guest.client.post(`/api/damage-claims/${id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: "awaiting_payment", agreedPence: 18000, demo: false });
    const made = stripe.api.calls.filter((call) => call.method === "POST" && call.path === "/v1/payment_intents");
    const call = made.find((c) => c.form["metadata[damageClaimId]"] === String(id));
    expect(call?.form).toMatchObject({ amount: "18000", currency: "gbp", transfer_group: `booking-${booking.id}` });
    expect(call?.form["metadata[bookingId]"]).toBeUndefined();
    expect(call?.idempotencyKey).toBe(`damage-claim-${id}-payment`);
    // Nothing is owed to the host until the money arrives.
    expect((await ledgerOfBooking(t.db, booking.id)).some((tx) => tx.key.startsWith("damage-claim:"))).toBe(false);

    const payment = await guest.client.get(`/api/damage-claims/${id}/payment`);
    expect(payment.status).toBe(200);
    expect(payment.body.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(payment.body.publishableKey).toBe("pk_test_local");
    expect((await host.client.get(`/api/damage-claims/${id}/payment`)).status).toBe(404);

    const [row] = await t.db.select().from(damageClaims).where(eq(damageClaims.id, id));
    const intentId = row?.paymentIntentId ?? "";
    expect(intentId).toMatch(/^pi_/);
    const delivered = await stripe.deliver(claimPaidEvent("evt_damage_paid_1", id, intentId, 18000));
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    // Stripe sends an event again when it is unsure it arrived: the money is posted once.
    expect((await stripe.deliver(claimPaidEvent("evt_damage_paid_1", id, intentId, 18000))).status).toBe(200);

    const claim = await guest.client.get(`/api/damage-claims/${id}`);
    expect(claim.body).toMatchObject({ status: "paid", agreedPence: 18000, demo: false });
    const damage = (await ledgerOfBooking(t.db, booking.id)).filter((tx) => tx.key.startsWith("damage-claim:"));
    expect(damage).toEqual([
      {
        key: `damage-claim:${id}:charge`,
        kind: "damage_charge",
        demo: false,
        stripe: intentId,
        lines: { [`earnings_held:${host.user.id}`]: -18000, [`guest_receivable:${guest.user.id}`]: 18000 },
      },
      {
        key: `damage-claim:${id}:payment`,
        kind: "payment_collected",
        demo: false,
        stripe: intentId,
        lines: { [`guest_receivable:${guest.user.id}`]: -18000, platform_cash: 18000 },
      },
    ]);
    expect(await ledgerTotal(t.db)).toBe(0);
    // The claim's payment is not the stay's: the booking is as it was.
    const [stay] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stay?.status).toBe("completed");
  });

  it("ignores a payment event for a claim of less than was agreed", async () => {
    const { host, guest, booking } = await stayEnded(t.db, server.baseUrl, 6);
    const raised = await raiseClaim(host.client, booking.id, CLAIM);
    const id = Number(raised.body.id);
    await guest.client.post(`/api/damage-claims/${id}/accept`);
    const [row] = await t.db.select().from(damageClaims).where(eq(damageClaims.id, id));
    const delivered = await stripe.deliver(claimPaidEvent("evt_damage_short_1", id, row?.paymentIntentId ?? "", 100));
    expect(delivered.status).toBe(200);
    expect((await guest.client.get(`/api/damage-claims/${id}`)).body.status).toBe("awaiting_payment");
    expect((await ledgerOfBooking(t.db, booking.id)).some((tx) => tx.key.startsWith("damage-claim:"))).toBe(false);
  });
});
