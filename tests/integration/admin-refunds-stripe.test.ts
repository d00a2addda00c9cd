import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import type { HttpClient } from "../support/http-client";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { stripePayee } from "../support/stripe-payee";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/**
 * Real money: a guest paid by card, the landlord's and the manager's shares went to their Stripe accounts the day
 * after check-in, and then an administrator refunds part of the stay. The refunded part of each share comes back from
 * that payee's transfer as a Stripe transfer reversal, to the penny, once, even when our side fails after Stripe
 * made it. All through the local server that speaks Stripe's API.
 */
const WEBHOOK_SECRET = "whsec_local_refund_tests";
let clock = new Date();
const stripe = setUpStripeTestApp(WEBHOOK_SECRET, { now: () => clock });
const { t, server } = stripe;
const release = (today: string) => server.app.services.payoutTransfers.releaseDue(today);

/** A payee whose Stripe Connect account pays out and who has given the tax details HMRC's report needs. */
const payablePayee = (role: "landlord" | "property_manager", nationalInsuranceNumber: string) =>
  stripePayee(stripe, {
    role,
    taxDetails: {
      kind: "individual",
      legalName: "Ada Lovelace",
      dateOfBirth: "1985-12-10",
      address: { line1: "12 St James's Square", city: "London", postcode: "SW1Y 4JH" },
      nationalInsuranceNumber,
    },
  });

/**
 * Two nights at £250 paid by card (£550 with the £50 fee) on a home whose manager takes 12.5% of the nights, with
 * both shares transferred the day after check-in: £437.50 to the landlord, £62.50 to the manager.
 */
async function transferredStay(weeksAhead: number) {
  clock = new Date();
  const landlord = await payablePayee("landlord", "JG103759A");
  const manager = await payablePayee("property_manager", "AB123456C");
  const guest = await signedInUser(t.db, server.baseUrl);
  const checkIn = mondayIn(weeksAhead);
  const { id, paymentIntentId, property } = await stripe.cardBooking(guest.client, checkIn, {
    property: { ownerId: landlord.user.id, pricePerNight: "250.00" },
  });
  await t.db.execute(sql`insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps)
    values (${property.id}, ${manager.user.id}, ${landlord.user.id}, 1250)`);
  expect((await stripe.deliver(paymentSucceededEvent(`evt_${id}`, id, paymentIntentId, 55_000))).status).toBe(200);
  // The next day the guest has arrived: the stay has begun, and its shares leave.
  clock = new Date(`${addDays(checkIn, 1)}T12:00:00Z`);
  await release(addDays(checkIn, 1));
  const sent = stripe.api.transfers.filter((made) => made.transfer_group === `booking-${id}`);
  expect(sent.map((made) => [made.destination, made.amount])).toEqual([
    [landlord.accountId, 43_750],
    [manager.accountId, 6_250],
  ]);
  return { id, checkIn, landlord, manager, transfers: sent };
}

let adminClient: HttpClient | undefined;
async function admin(): Promise<HttpClient> {
  adminClient ??= (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  return adminClient;
}

async function refund(bookingId: number, amountPence: number, key = randomUUID()) {
  return (await admin()).post(
    `/api/admin/bookings/${bookingId}/refund`,
    { amountPence, reason: "Guest complaint upheld: the heating failed" },
    { "Idempotency-Key": key },
  );
}

/** The transfer as Stripe now describes it, asked of the local server with the app's key. */
async function transferAtStripe(transferId: string) {
  const answer = await fetch(`${stripe.api.url}/v1/transfers/${transferId}`, {
    headers: { authorization: "Bearer sk_test_local" },
  });
  return (await answer.json()) as { amount: number; amount_reversed: number; reversed: boolean };
}

const refundCalls = () => stripe.api.calls.filter((call) => call.method === "POST" && call.path === "/v1/refunds");

describe("an admin refund after the shares were transferred to Stripe accounts", () => {
  it("reverses each payee's refunded share from their transfer at Stripe, to the penny, once", async () => {
    const stay = await transferredStay(12);
    const [toLandlord, toManager] = stay.transfers;
    stripe.api.sendEventsTo({ url: `${server.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
    const refundsBefore = refundCalls().length;
    const key = randomUUID();

    const answer = await refund(stay.id, 333, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      bookingId: stay.id,
      refundedPence: 333,
      demo: false,
      stripeRefundId: expect.stringMatching(/^re_/),
      reversals: [
        { payeeId: stay.landlord.user.id, amountPence: 291, status: "sent" },
        { payeeId: stay.manager.user.id, amountPence: 42, status: "sent" },
      ],
    });
    // The guest's card got 333p back, asked once under the request's key.
    const refunds = refundCalls().slice(refundsBefore);
    expect(refunds.map((call) => [call.form.amount, call.idempotencyKey])).toEqual([
      ["333", `booking-${stay.id}-admin-refund-${key}`],
    ]);

    const reversals = stripe.api.reversals.filter((r) => r.transfer === toLandlord?.id || r.transfer === toManager?.id);
    expect(reversals.map((r) => [r.transfer, r.amount])).toEqual([
      [toLandlord?.id, 291],
      [toManager?.id, 42],
    ]);
    expect(await transferAtStripe(toLandlord?.id ?? "")).toMatchObject({ amount: 43_750, amount_reversed: 291 });
    expect(await transferAtStripe(toManager?.id ?? "")).toMatchObject({ amount: 6_250, amount_reversed: 42 });

    const posted = (await ledgerOfBooking(t.db, stay.id)).filter((p) => p.kind === "transfer_reversal");
    expect(posted.map((p) => [p.demo, p.stripe, p.key])).toEqual(reversals.map((r) => [false, r.id, r.metadata.claim]));
    expect(await ledgerTotal(t.db)).toBe(0);
    // Stripe told the app of each reversal, signed; the app took both events.
    expect(stripe.api.undeliveredEvents).toEqual([]);
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stripe_events where type = 'transfer.reversed'`,
    );
    expect(told.rows[0]?.n).toBe(2);

    // The request again (a double click, a retry after a lost answer): the first refund, nothing new at Stripe.
    const again = await refund(stay.id, 333, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
    expect(refundCalls().slice(refundsBefore)).toHaveLength(1);
    expect(
      stripe.api.reversals.filter((r) => r.transfer === toLandlord?.id || r.transfer === toManager?.id),
    ).toHaveLength(2);
  });

  it("refuses more than is left to refund, asking Stripe nothing", async () => {
    const stay = await transferredStay(14);
    const refundsBefore = refundCalls().length;
    const reversalsBefore = stripe.api.reversals.length;
    const answer = await refund(stay.id, 55_001);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("At most £550.00 of this stay can still be refunded.");
    expect(refundCalls()).toHaveLength(refundsBefore);
    expect(stripe.api.reversals).toHaveLength(reversalsBefore);
    expect((await ledgerOfBooking(t.db, stay.id)).some((p) => p.kind === "refund")).toBe(false);
  });

  it("finishes a reversal whose recording failed after Stripe made it, without a second reversal", async () => {
    const stay = await transferredStay(16);
    const ids = stay.transfers.map((made) => made.id);
    // The database refuses the ledger's record of reversals, as a crash after Stripe's answer would lose it.
    await t.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_fail_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the database failed after Stripe answered'; END $$;
      CREATE TRIGGER test_fail_reversal BEFORE INSERT ON ledger_transactions FOR EACH ROW
        WHEN (NEW.kind = 'transfer_reversal') EXECUTE FUNCTION test_fail_reversal();`),
    );
    const answer = await refund(stay.id, 10_001);
    // The guest's refund stands; the payees' reversals are made at Stripe but not yet recorded.
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.reversals).toEqual([
      { payeeId: stay.landlord.user.id, amountPence: 8_751, status: "pending" },
      { payeeId: stay.manager.user.id, amountPence: 1_250, status: "pending" },
    ]);
    const atStripe = () => stripe.api.reversals.filter((r) => ids.includes(r.transfer));
    expect(atStripe().map((r) => r.amount)).toEqual([8_751, 1_250]);
    const claims = await t.db.execute<{ sent: boolean; last_error: string | null }>(
      sql`select sent_at is not null as sent, last_error from transfer_reversals where booking_id = ${stay.id} order by id`,
    );
    expect(claims.rows).toEqual([
      { sent: false, last_error: "the database failed after Stripe answered" },
      { sent: false, last_error: "the database failed after Stripe answered" },
    ]);
    // Another refund waits until the reversals are recorded.
    const meanwhile = await refund(stay.id, 100);
    expect(meanwhile.status).toBe(409);

    await t.db.execute(sql.raw("DROP TRIGGER test_fail_reversal ON ledger_transactions"));
    expect(await release(addDays(stay.checkIn, 2))).toMatchObject({ reversed: 2, reversalsFailed: 0 });
    expect(atStripe().map((r) => r.amount)).toEqual([8_751, 1_250]);
    const posted = (await ledgerOfBooking(t.db, stay.id)).filter((p) => p.kind === "transfer_reversal");
    expect(posted.map((p) => p.stripe)).toEqual(atStripe().map((r) => r.id));
    expect(await ledgerTotal(t.db)).toBe(0);
  });
});
