import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, bookingEvents, bookings, payments, stripeEvents } from "../../server/db/schema";
import { createProperty } from "../factories";
import { requestStay } from "../support/book-stay";
import type { HttpClient } from "../support/http-client";
import { ledgerOfBooking } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentFailedEvent, paymentSucceededEvent, stripeSignature } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";

const WEBHOOK_SECRET = "whsec_local_test_secret";
const stripe = setUpStripeTestApp(WEBHOOK_SECRET);
const { t, server, deliver } = stripe;

/** A two-night card booking and its PaymentIntent; the client's `amount` is sent to show the server ignores it. */
async function bookAndPrepare(client: HttpClient, weeksAhead: number, pricePerNight = "250.00") {
  return stripe.cardBooking(client, mondayIn(weeksAhead), {
    property: { pricePerNight, cancellationPolicy: "moderate" },
    intent: { amount: 1 },
  });
}

async function paymentIntentIdOf(bookingId: number): Promise<string> {
  const [row] = await t.db.select({ pi: bookings.paymentIntentId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!row?.pi) throw new Error("no payment intent recorded");
  return row.pi;
}

describe("card payments with Stripe configured", () => {
  it("lets Stripe.js load, frame its card fields and reach its API through the CSP", async () => {
    const csp = (await fetch(`${server.baseUrl}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("holds the nights for 30 minutes and charges the server's total, whatever amount the browser sends", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking, intent } = await bookAndPrepare(client, 6);
    const hold = Date.parse(booking.holdExpiresAt) - Date.now();
    expect(hold).toBeGreaterThan(29 * 60_000);
    expect(hold).toBeLessThanOrEqual(30 * 60_000);

    // 2 × £250 + £50 fee = £550.
    expect(intent).toMatchObject({ paymentsEnabled: true, publishableKey: "pk_test_local", amount: 550 });
    expect(intent.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const created = stripe.api.calls.filter((c) => c.path === "/v1/payment_intents" && c.method === "POST").at(-1);
    expect(created?.form).toMatchObject({
      amount: "55000",
      currency: "gbp",
      "metadata[bookingId]": String(booking.id),
    });
    expect(created?.idempotencyKey).toBe(`booking-${booking.id}-payment`);

    // Asking again (Complete Payment later) reuses the same PaymentIntent.
    const again = await client.post("/api/create-payment-intent", { bookingId: booking.id });
    expect(again.body.clientSecret).toBe(intent.clientSecret);
    const mine = (await client.get(`/api/bookings/${booking.id}`)).body;
    expect(mine.canPay).toBe(true);
  });

  it("confirms the booking once for a signed payment_intent.succeeded, even when Stripe delivers it twice", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 8);
    const pi = await paymentIntentIdOf(booking.id);
    const payload = paymentSucceededEvent("evt_paid_once", booking.id, pi, 55_000);

    const first = await deliver(payload);
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const second = await deliver(payload);
    expect(second).toEqual({ status: 200, body: { received: true, duplicate: true } });

    const paid = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amount: "550.00",
      currency: "gbp",
      status: "succeeded",
      stripePaymentIntentId: pi,
    });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.map((e) => e.transition)).toEqual(["confirm_payment"]);
    const view = (await client.get(`/api/bookings/${booking.id}`)).body;
    expect(view).toMatchObject({
      status: "confirmed",
      holdExpiresAt: null,
      canPay: false,
      payment: { status: "succeeded" },
    });
  });

  it("refuses a bad or missing signature with a 400 and changes nothing", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 10);
    const pi = await paymentIntentIdOf(booking.id);
    const payload = paymentSucceededEvent("evt_forged", booking.id, pi, 55_000);

    const forged = await deliver(payload, stripeSignature(payload, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("The webhook signature is not valid.");
    const tampered = await deliver(payload.replace("55000", "1"), stripeSignature(payload, WEBHOOK_SECRET));
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    expect(unsigned.status).toBe(400);

    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("pending");
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toHaveLength(0);
    // Each refusal is in System Logs, with the request that carried it.
    const rejected = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "webhook.rejected"));
    expect(rejected.map((r) => r.message)).toEqual(
      expect.arrayContaining([
        "A Stripe webhook was refused: The webhook signature is not valid.",
        "A Stripe webhook was refused: The Stripe-Signature header is missing.",
      ]),
    );
    expect(rejected.every((r) => r.type === "warning" && /^[0-9a-f-]{36}$/.test(r.requestId ?? ""))).toBe(true);
  });

  it("refuses a signed body that is not an event it can read with a 400, in System Logs, and changes nothing", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 13);
    const pi = await paymentIntentIdOf(booking.id);
    const event = JSON.parse(paymentSucceededEvent("evt_unreadable", booking.id, pi, 55_000));
    const unreadable = [
      "0",
      "{}",
      "[[[]]]",
      JSON.stringify({ ...event, id: undefined }),
      JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_received: "55000" } } }),
      JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_received: undefined } } }),
      JSON.stringify({ ...event, data: { object: { ...event.data.object, currency: "pounds sterling" } } }),
    ];
    for (const payload of unreadable) {
      const response = await deliver(payload);
      expect(response.status, payload).toBe(400);
      expect(response.body.message).toBe("The webhook is not a Stripe event this app can read.");
    }
    // A booking id beyond any there can be is a payment for no known booking, not a failed query.
    const nowhere = { ...event, id: "evt_no_such_booking" };
    nowhere.data.object.metadata.bookingId = "99999999999";
    expect((await deliver(JSON.stringify(nowhere))).status).toBe(200);

    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("pending");
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_unreadable"))).toHaveLength(0);
    const rejected = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "webhook.rejected"));
    expect(rejected.map((r) => r.message)).toContain(
      "A Stripe webhook was refused: The webhook is not a Stripe event this app can read.",
    );
  });

  it("records a declined card in System Logs against the booking, whose hold runs on for another try", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 11);
    const pi = await paymentIntentIdOf(booking.id);
    expect((await deliver(paymentFailedEvent("evt_declined", booking.id, pi, 55_000))).status).toBe(200);

    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("pending");
    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "payment.failed"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: "error",
      subjectUserId: user.id,
      targetType: "booking",
      targetId: String(booking.id),
      details: { paymentIntent: pi, amount: "550.00", code: "card_declined" },
    });
    expect(entries[0]?.message).toBe(
      `A card payment of £550.00 failed for booking SL-${String(booking.id).padStart(6, "0")}: Your card was declined.`,
    );
    // Delivered twice, recorded once.
    expect((await deliver(paymentFailedEvent("evt_declined", booking.id, pi, 55_000))).body.duplicate).toBe(true);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, "payment.failed"))).toHaveLength(1);
  });

  it("refunds a paid booking through Stripe by the policy when the guest cancels, and changes nothing if Stripe refuses", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 12);
    const pi = await paymentIntentIdOf(booking.id);
    expect((await deliver(paymentSucceededEvent("evt_paid_for_refund", booking.id, pi, 55_000))).status).toBe(200);

    stripe.api.failNextRefund();
    const refused = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/refund could not be issued/);
    const [still] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(still?.status).toBe("confirmed");

    const cancelled = await client.post(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    // Twelve weeks ahead under the moderate policy: everything back.
    expect(cancelled.body.refund).toBe("550.00");
    const refund = stripe.api.calls.filter((c) => c.path === "/v1/refunds").at(-1);
    expect(refund?.form).toEqual({ payment_intent: pi, amount: "55000" });
    expect(refund?.idempotencyKey).toMatch(new RegExp(`^booking-${booking.id}-cancel-`));
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: "550.00" });
  });

  it("gives the money back for a payment that arrives after the hold lapsed", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { booking } = await bookAndPrepare(client, 14);
    const pi = await paymentIntentIdOf(booking.id);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    await server.app.services.bookingLifecycle.runJobs();

    expect((await deliver(paymentSucceededEvent("evt_paid_late", booking.id, pi, 55_000))).status).toBe(200);
    const [row] = await t.db
      .select({ status: bookings.status, guestId: bookings.guestId })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("cancelled");
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: "550.00" });
    expect(stripe.api.calls.some((c) => c.path === "/v1/refunds" && c.form.payment_intent === pi)).toBe(true);
    // Nobody earned anything from it: the money came in and went straight back, and the guest owes nothing.
    expect((await ledgerOfBooking(t.db, booking.id)).map(({ key, lines }) => ({ key, lines }))).toEqual([
      { key: `payment:${pi}`, lines: { [`guest_receivable:${row?.guestId}`]: -55_000, platform_cash: 55_000 } },
      {
        key: `payment:${pi}:returned`,
        lines: { [`guest_receivable:${row?.guestId}`]: 55_000, platform_cash: -55_000 },
      },
    ]);
  });

  it("takes no card payment for a host who cannot be paid yet, and asks Stripe for nothing", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { payouts: "none" });
    const created = await requestStay(client, property.id, mondayIn(18), 2);
    const before = stripe.api.calls.length;
    const intent = await client.post("/api/create-payment-intent", { bookingId: created.id });
    expect(intent.status).toBe(409);
    expect(intent.body.message).toMatch(/cannot take payments yet/);
    expect(stripe.api.calls.length).toBe(before);
  });

  it("does not let a landlord confirm an unpaid card booking by accepting it", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const { client } = await signedInUser(t.db, server.baseUrl);
    const created = await requestStay(client, property.id, mondayIn(16), 1);
    const accepted = await owner.client.post(`/api/bookings/${created.id}/accept`);
    expect(accepted.status).toBe(409);
  });
});
