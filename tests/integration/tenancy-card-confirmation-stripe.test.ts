import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { auditLogs, bookings, payments, tenancies } from "../../server/db/schema";
import { createProperty } from "../factories";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { acceptStatementOfTerms } from "../support/statement-of-terms";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/** The app's clock, moved across the day the written statement of terms became a duty (1 May 2026). */
let clock = new Date("2026-06-01T09:00:00Z");
const stripe = setUpStripeTestApp("whsec_tenancy_card_confirmation", { now: () => clock });
const { t, server, deliver } = stripe;
const setToday = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};

const STATEMENT_FIRST = /has not yet accepted the written statement of terms/;

/** A tenant's request for a tenancy at a landlord's listing; the booking's id. */
async function askForTenancy(nation: "England" | "Wales", checkIn: string) {
  const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const property = await createProperty(t.db, {
    ownerId: owner.user.id,
    pricePerMonth: "1500.00",
    nation,
    ...(nation === "Wales" && { welshRegistrationNumber: "WA-000321" }),
  });
  const tenant = await signedInUser(t.db, server.baseUrl);
  const created = await tenant.client.post("/api/bookings", {
    propertyId: property.id,
    checkIn,
    checkOut: addDays(checkIn, 200),
    guestCount: 1,
    guestInfo: { firstName: "Tess", lastName: "Tenant", email: tenant.user.email },
    asTenancy: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { owner, tenant, bookingId: (created.body as { id: number }).id };
}

async function bookingRow(bookingId: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row;
}

/** Stripe's signed event for a PaymentIntent exactly as the local Stripe server holds it (its own metadata). */
function succeededEventFor(eventId: string, paymentIntentId: string): string {
  const intent = stripe.api.intent(paymentIntentId);
  if (!intent) throw new Error(`no PaymentIntent ${paymentIntentId}`);
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
}

describe("a tenancy confirmed by a card payment follows the statement-of-terms rule of the landlord's accept", () => {
  it("asks the tenant to accept the statement before paying, then confirms the tenancy their payment pays for", async () => {
    setToday("2026-06-01");
    // A Welsh tenancy is not one of England's periodic ones: it is paid by card as one booking, like a stay.
    const { tenant, bookingId } = await askForTenancy("Wales", "2026-06-20");
    expect(await t.db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId))).toHaveLength(0);

    const early = await tenant.client.post("/api/create-payment-intent", { bookingId });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(STATEMENT_FIRST);
    expect(stripe.api.calls.some((c) => c.idempotencyKey === `booking-${bookingId}-payment`)).toBe(false);

    await acceptStatementOfTerms(tenant.client, bookingId);
    const intent = await tenant.client.post("/api/create-payment-intent", { bookingId });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const { paymentIntentId } = await bookingRow(bookingId);
    if (!paymentIntentId) throw new Error("no PaymentIntent recorded");
    stripe.api.chargeIntent(paymentIntentId);
    const paid = await deliver(succeededEventFor(`evt_${bookingId}_paid`, paymentIntentId));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await bookingRow(bookingId)).status).toBe("confirmed");
  });

  it("gives back a payment that would agree a tenancy whose statement was never accepted, and leaves it a request", async () => {
    // Asked for and set up for payment the week before the duty began, paid on its first day.
    setToday("2026-04-24");
    const { tenant, bookingId } = await askForTenancy("England", "2026-05-20");
    const intent = await tenant.client.post("/api/create-payment-intent", { bookingId });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const { paymentIntentId, totalPrice } = await bookingRow(bookingId);
    if (!paymentIntentId) throw new Error("no PaymentIntent recorded");

    setToday("2026-05-01");
    stripe.api.chargeIntent(paymentIntentId);
    const pence = Math.round(Number(totalPrice) * 100);
    const paid = await deliver(paymentSucceededEvent(`evt_${bookingId}_paid`, bookingId, paymentIntentId, pence));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    expect((await bookingRow(bookingId)).status).toBe("pending");
    const refunds = stripe.api.calls.filter(
      (c) => c.path === "/v1/refunds" && c.form.payment_intent === paymentIntentId,
    );
    expect(refunds.map((c) => c.form.amount)).toEqual([String(pence)]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment).toMatchObject({
      amount: Number(totalPrice).toFixed(2),
      refundedAmount: Number(totalPrice).toFixed(2),
    });
    const logged = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "payment.returned"), eq(auditLogs.targetId, String(bookingId))));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toMatch(STATEMENT_FIRST);
    // Collected and given back, nothing charged: the tenant owes nothing and the books balance.
    expect((await ledgerOfBooking(t.db, bookingId)).map((tx) => tx.kind)).toEqual(["payment_collected", "refund"]);
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("leaves a periodic tenancy's rent to its collection: Stripe's event for the first month neither posts it again nor agrees anything", async () => {
    setToday("2026-06-01");
    const { owner, tenant, bookingId } = await askForTenancy("England", "2026-06-15");
    await acceptStatementOfTerms(tenant.client, bookingId);
    const setup = await tenant.client.post(`/api/bookings/${bookingId}/tenancy/card`, {});
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    stripe.api.savedCards.confirmSetupIntent(setup.body.setupIntentId as string);
    const accepted = await owner.client.post(`/api/bookings/${bookingId}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const first = stripe.api.savedCards.offSessionIntents.find(
      (i) => (i.metadata as Record<string, string>).bookingId === String(bookingId),
    );
    if (!first) throw new Error("no first month charged");
    const before = await ledgerOfBooking(t.db, bookingId);

    const told = await deliver(succeededEventFor(`evt_${bookingId}_first_month`, String(first.id)));
    expect(told.status, JSON.stringify(told.body)).toBe(200);
    expect(await ledgerOfBooking(t.db, bookingId)).toEqual(before);
    expect(before.filter((tx) => tx.kind === "payment_collected")).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(0);
    expect(await ledgerTotal(t.db)).toBe(0);
  });
});
