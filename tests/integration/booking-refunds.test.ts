import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bookingEvents, bookings, payments } from "../../server/db/schema";
import { StripeGateway } from "../../server/services/payments/stripe-gateway";
import type { HttpClient } from "../support/http-client";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/**
 * Card bookings after they are paid (review of issue 5): a cancel whose transaction fails after Stripe refunded
 * refunds once however often it is retried, and the landlord list tells a booking awaiting the guest's payment
 * from a request. Stripe's API is the local server that speaks its protocol, replaying answers by idempotency key.
 */
const stripe = setUpStripeTestApp("whsec_local_refund_tests");
const { t, server } = stripe;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A guest's card booking of two nights at £250 (£550 with the fee), with its PaymentIntent. */
function cardBooking(client: HttpClient, weeksAhead: number, ownerId?: number) {
  return stripe.cardBooking(client, mondayIn(weeksAhead), {
    property: { pricePerNight: "250.00", cancellationPolicy: "moderate", ...(ownerId && { ownerId }) },
  });
}

/** Stripe tells the app the guest paid, as Stripe would post it. */
async function paid(bookingId: number, paymentIntentId: string) {
  const payload = paymentSucceededEvent(`evt_paid_${bookingId}`, bookingId, paymentIntentId, 55_000);
  expect((await stripe.deliver(payload)).status).toBe(200);
}

/**
 * Makes the database refuse the cancellation's event row for one booking: the cancel fails after the refund
 * call, inside its transaction, which rolls back.
 */
async function failCancellationAfterRefund(bookingId: number) {
  await t.db.execute(
    sql.raw(`
    CREATE OR REPLACE FUNCTION test_fail_cancellation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the database failed after the refund'; END $$;
    CREATE TRIGGER test_fail_cancellation_${bookingId} BEFORE INSERT ON booking_events FOR EACH ROW
      WHEN (NEW.booking_id = ${bookingId} AND NEW.transition = 'cancel_booking')
      EXECUTE FUNCTION test_fail_cancellation();
  `),
  );
  return () => t.db.execute(sql.raw(`DROP TRIGGER test_fail_cancellation_${bookingId} ON booking_events`));
}

const refundCalls = (paymentIntentId: string) =>
  stripe.api.calls.filter((c) => c.path === "/v1/refunds" && c.form.payment_intent === paymentIntentId);

/** The refund ids Stripe answered to the app's refund calls, in order (a refusal is an error). */
async function refundIdsAnswered(spy: { mock: { settledResults: Array<{ type: string; value: unknown }> } }) {
  return spy.mock.settledResults.filter((r) => r.type === "fulfilled").map((r) => r.value as string);
}

async function stateOf(bookingId: number) {
  const [booking] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const events = await t.db
    .select({ transition: bookingEvents.transition, details: bookingEvents.details })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
  return { status: booking?.status, refunded: payment?.refundedAmount, paymentStatus: payment?.status, events };
}

describe("refunding a cancelled card booking", () => {
  it("refunds once when the cancel fails after Stripe refunded and is then retried", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { id, paymentIntentId } = await cardBooking(client, 12);
    await paid(id, paymentIntentId);
    const refunds = vi.spyOn(StripeGateway.prototype, "refund");

    const restore = await failCancellationAfterRefund(id);
    const failed = await client.post(`/api/bookings/${id}/cancel`);
    expect(failed.status).toBe(500);
    expect(await stateOf(id)).toMatchObject({ status: "confirmed", refunded: "0.00", paymentStatus: "succeeded" });
    await restore();

    const retried = await client.post(`/api/bookings/${id}/cancel`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.refund).toBe("550.00");

    // Both tries asked Stripe with the booking's one key, so Stripe answered the second with the first refund.
    const calls = refundCalls(paymentIntentId);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`booking-${id}-cancel`, `booking-${id}-cancel`]);
    expect(calls.map((c) => c.form.amount)).toEqual(["55000", "55000"]);
    const ids = await refundIdsAnswered(refunds);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);

    const state = await stateOf(id);
    expect(state).toMatchObject({ status: "cancelled", refunded: "550.00", paymentStatus: "refunded" });
    expect(state.events).toEqual([
      expect.objectContaining({ transition: "confirm_payment" }),
      { transition: "cancel_booking", details: { refund: "550.00", stripeRefundId: ids[0] } },
    ]);

    // The ledger holds the real money once: the charge and Stripe's payment, then the one refund (the failed try
    // rolled its posting back with it), fee included because it was all refunded.
    await paid(id, paymentIntentId);
    const ledger = await ledgerOfBooking(t.db, id);
    expect(ledger.map(({ key, kind, demo, stripe }) => ({ key, kind, demo, stripe }))).toEqual([
      { key: `payment:${paymentIntentId}`, kind: "payment_collected", demo: false, stripe: paymentIntentId },
      { key: `booking:${id}:charge`, kind: "booking_charge", demo: false, stripe: null },
      { key: `booking:${id}:refund`, kind: "refund", demo: false, stripe: ids[0] },
    ]);
    expect(ledger[2]?.lines).toMatchObject({ platform_fees: 5000, platform_cash: -55000 });
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("asks afresh after Stripe refused, and still refunds once when that cancel fails and is retried", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const { id, paymentIntentId } = await cardBooking(client, 14);
    await paid(id, paymentIntentId);
    const refunds = vi.spyOn(StripeGateway.prototype, "refund");

    stripe.api.failNextRefund();
    const refused = await client.post(`/api/bookings/${id}/cancel`);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/refund could not be issued, so nothing was changed/);

    const restore = await failCancellationAfterRefund(id);
    expect((await client.post(`/api/bookings/${id}/cancel`)).status).toBe(500);
    await restore();
    const done = await client.post(`/api/bookings/${id}/cancel`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const key = `booking-${id}-cancel`;
    // The stored refusal is replayed for the first key; the second key refunded once, then was replayed.
    expect(refundCalls(paymentIntentId).map((c) => c.idempotencyKey)).toEqual([key, key, `${key}-2`, key, `${key}-2`]);
    const ids = await refundIdsAnswered(refunds);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await stateOf(id)).toMatchObject({ status: "cancelled", refunded: "550.00", paymentStatus: "refunded" });
  });
});

describe("GET /api/bookings/landlord-bookings with card payments on", () => {
  it("marks an unpaid booking as awaiting the guest's payment, which the landlord cannot accept", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const { client } = await signedInUser(t.db, server.baseUrl);
    const unpaid = await cardBooking(client, 20, owner.user.id);
    const settled = await cardBooking(client, 22, owner.user.id);
    await paid(settled.id, settled.paymentIntentId);

    const response = await owner.client.get("/api/bookings/landlord-bookings");
    expect(response.status).toBe(200);
    const list = response.body as unknown as Array<Record<string, unknown>>;
    expect(list.find((b) => b.id === unpaid.id)).toMatchObject({
      status: "pending",
      awaitingPayment: true,
      canAccept: false,
      canDecline: true,
    });
    expect(list.find((b) => b.id === settled.id)).toMatchObject({
      status: "confirmed",
      awaitingPayment: false,
      canCancel: true,
    });
  });
});
