import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings, securityDepositHolds } from "../../server/db/schema";
import { raiseClaim } from "../support/damage-claims";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";

const WEBHOOK_SECRET = "whsec_security_deposit_local";
/** The app's clock: moved to the day before check-in, then past check-out. Midday, so London's date is plain. */
let clock = new Date();
const stripe = setUpStripeTestApp(WEBHOOK_SECRET, { now: () => clock });
const { t, server } = stripe;
const holds = () => server.app.services.securityDepositHolds;
const at = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * A two-night card booking of a listing asking `deposit` pounds, checking in `weeksAhead` weeks from today, paid by
 * the guest's card as Stripe.js would pay it, and confirmed by Stripe's signed event. `paidBeforeCardsWereKept` makes
 * a stay whose payment was set up before the app asked Stripe to keep the card: its intent has no customer.
 */
async function paidStay(
  deposit: string | null,
  weeksAhead: number,
  options: { paidBeforeCardsWereKept?: boolean } = {},
) {
  clock = new Date();
  const host = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const guest = await signedInUser(t.db, server.baseUrl);
  const checkIn = addDays(londonToday(), weeksAhead * 7);
  const asked = options.paidBeforeCardsWereKept ? null : deposit;
  const made = await stripe.cardBooking(guest.client, checkIn, {
    property: { ownerId: host.user.id, securityDepositAmount: asked, pricePerNight: "100.00" },
  });
  if (options.paidBeforeCardsWereKept && deposit) {
    const pence = Math.round(Number(deposit) * 100);
    await t.db.update(bookings).set({ securityDepositPence: pence }).where(eq(bookings.id, made.id));
  }
  stripe.api.chargeIntent(made.paymentIntentId);
  const paid = await stripe.deliver(
    paymentSucceededEvent(`evt_${made.id}_paid`, made.id, made.paymentIntentId, Math.round(made.intent.amount * 100)),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [confirmed] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, made.id));
  expect(confirmed?.status).toBe("confirmed");
  return { ...made, host, guest, checkIn, checkOut: addDays(checkIn, 2) };
}

async function holdOf(bookingId: number) {
  const [row] = await t.db.select().from(securityDepositHolds).where(eq(securityDepositHolds.bookingId, bookingId));
  return row;
}

const holdCalls = (path: RegExp) => stripe.api.calls.filter((call) => call.method === "POST" && path.test(call.path));

describe("a short let's security deposit held on the card", () => {
  it("is paid by a customer of the stay's own that keeps the card off-session, only when a hold will be placed", async () => {
    const stay = await paidStay("300.00", 7);
    const made = stripe.api.calls.filter(
      (c) =>
        c.method === "POST" && c.path === "/v1/payment_intents" && c.idempotencyKey === `booking-${stay.id}-payment`,
    );
    expect(made).toHaveLength(1);
    expect(made[0]?.form).toMatchObject({ setup_future_usage: "off_session", "metadata[bookingId]": String(stay.id) });
    const customer = made[0]?.form.customer ?? "";
    expect(stripe.api.savedCards.customers.get(customer)).toMatchObject({ metadata: { bookingId: String(stay.id) } });
    const customers = stripe.api.calls.filter((c) => c.path === "/v1/customers");
    expect(customers.filter((c) => c.idempotencyKey === `booking-${stay.id}-customer`)).toHaveLength(1);
    // Paid, the card is on the customer for later use, as the hold will ask.
    const intent = stripe.api.intent(stay.paymentIntentId);
    expect(intent).toMatchObject({ customer, setup_future_usage: "off_session", status: "succeeded" });
    expect(stripe.api.savedCards.isSavedOn(customer, intent?.payment_method)).toBe(true);

    // A stay whose listing asks no deposit keeps no card: its payment has no customer.
    const plain = await paidStay(null, 7);
    const plainCall = stripe.api.calls.find((c) => c.idempotencyKey === `booking-${plain.id}-payment`);
    expect(plainCall?.form.customer).toBeUndefined();
    expect(plainCall?.form.setup_future_usage).toBeUndefined();
  });

  it("is booked with the stay, held the day before check-in once, and released after check-out when no claim is raised", async () => {
    const stay = await paidStay("300.00", 3);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, stay.id));
    expect(booking?.securityDepositPence).toBe(30000);
    // Not part of the price: the card payment is the stay's total alone.
    expect(stay.intent.amount).toBe(Number(stay.booking.totalPrice));

    clock = at(addDays(stay.checkIn, -2));
    expect(await holds().placeDue()).not.toContain(stay.id);
    expect(await holdOf(stay.id)).toBeUndefined();

    clock = at(addDays(stay.checkIn, -1));
    expect(await holds().placeDue()).toContain(stay.id);
    const hold = await holdOf(stay.id);
    expect(hold).toMatchObject({
      status: "authorised",
      amountPence: 30000,
      demo: false,
      releaseOn: addDays(stay.checkOut, 2),
    });
    const created = holdCalls(/^\/v1\/payment_intents$/).filter((c) => c.form.capture_method === "manual");
    const mine = created.filter((c) => c.form["metadata[securityDepositHoldId]"] === String(hold?.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.form).toMatchObject({ amount: "30000", currency: "gbp", confirm: "true", off_session: "true" });
    expect(mine[0]?.idempotencyKey).toBe(`security-deposit-hold-${hold?.id}-authorise`);
    expect(stripe.api.intent(hold?.paymentIntentId ?? "")).toMatchObject({
      status: "requires_capture",
      amount_capturable: 30000,
    });

    // Run again (another instance, a retry): nothing more is asked of Stripe.
    await holds().placeDue();
    const again = holdCalls(/^\/v1\/payment_intents$/).filter(
      (c) => c.form["metadata[securityDepositHoldId]"] === String(hold?.id),
    );
    expect(again).toHaveLength(1);

    const seen = await stay.guest.client.get(`/api/bookings/${stay.id}/security-deposit`);
    expect(seen.body).toMatchObject({ amountPence: 30000, status: "authorised", demo: false });

    clock = at(addDays(stay.checkOut, 1));
    expect(await holds().releaseDue()).not.toContain(stay.id);
    clock = at(addDays(stay.checkOut, 2));
    expect(await holds().releaseDue()).toContain(stay.id);
    expect(await holdOf(stay.id)).toMatchObject({ status: "released", capturedPence: null });
    expect(stripe.api.intent(hold?.paymentIntentId ?? "")).toMatchObject({ status: "canceled" });
    await holds().releaseDue();
    const cancels = holdCalls(new RegExp(`^/v1/payment_intents/${hold?.paymentIntentId}/cancel$`));
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.idempotencyKey).toBe(`security-deposit-hold-${hold?.id}-release`);
    // A hold moves no money: nothing of it is in the ledger.
    expect((await ledgerOfBooking(t.db, stay.id)).some((tx) => tx.key.startsWith("damage-claim:"))).toBe(false);
  });

  it("takes exactly an accepted claim's amount from the hold, lets the rest go, and posts it balanced", async () => {
    const stay = await paidStay("300.00", 4);
    clock = at(addDays(stay.checkIn, -1));
    await holds().placeDue();
    const hold = await holdOf(stay.id);
    expect(hold?.status).toBe("authorised");

    clock = at(addDays(stay.checkOut, 1));
    await server.app.services.bookingLifecycle.runJobs();
    const over = await raiseClaim(stay.host.client, stay.id, {
      description: "Broken glass table in the lounge.",
      amount: "300.01",
    });
    expect(over.status).toBe(422);
    const raised = await raiseClaim(stay.host.client, stay.id, {
      description: "Broken glass table in the lounge.",
      amount: "180.00",
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const claimId = Number(raised.body.id);
    // An open claim keeps the hold past its release day.
    clock = at(addDays(stay.checkOut, 2));
    expect(await holds().releaseDue()).not.toContain(stay.id);

    const accepted = await stay.guest.client.post(`/api/damage-claims/${claimId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: "paid", agreedPence: 18000, demo: false });
    const captures = holdCalls(new RegExp(`^/v1/payment_intents/${hold?.paymentIntentId}/capture$`));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.form.amount_to_capture).toBe("18000");
    expect(captures[0]?.idempotencyKey).toBe(`security-deposit-hold-${hold?.id}-capture`);
    expect(stripe.api.intent(hold?.paymentIntentId ?? "")).toMatchObject({
      status: "succeeded",
      amount_received: 18000,
    });
    expect(await holdOf(stay.id)).toMatchObject({ status: "captured", capturedPence: 18000 });
    // No card payment of the claim was asked for: the hold paid it.
    expect(
      holdCalls(/^\/v1\/payment_intents$/).some((c) => c.form["metadata[damageClaimId]"] === String(claimId)),
    ).toBe(false);

    const damage = (await ledgerOfBooking(t.db, stay.id)).filter((tx) => tx.key.startsWith("damage-claim:"));
    expect(damage).toEqual([
      {
        key: `damage-claim:${claimId}:charge`,
        kind: "damage_charge",
        demo: false,
        stripe: hold?.paymentIntentId,
        lines: { [`earnings_held:${stay.host.user.id}`]: -18000, [`guest_receivable:${stay.guest.user.id}`]: 18000 },
      },
      {
        key: `damage-claim:${claimId}:payment`,
        kind: "payment_collected",
        demo: false,
        stripe: hold?.paymentIntentId,
        lines: { [`guest_receivable:${stay.guest.user.id}`]: -18000, platform_cash: 18000 },
      },
    ]);
    expect(await ledgerTotal(t.db)).toBe(0);
    // Taken is settled: the release job leaves it alone.
    await holds().releaseDue();
    expect(holdCalls(new RegExp(`^/v1/payment_intents/${hold?.paymentIntentId}/cancel$`))).toHaveLength(0);
  });

  it("places no hold on a declined card or a stay without a saved card, and says a claim covers it instead", async () => {
    const declined = await paidStay("200.00", 5);
    const unsaved = await paidStay("200.00", 5, { paidBeforeCardsWereKept: true });
    stripe.api.declineNextHold();
    clock = at(addDays(declined.checkIn, -1));
    await holds().placeDue();
    const rows = [await holdOf(declined.id), await holdOf(unsaved.id)];
    expect(rows.map((row) => row?.status)).toEqual(["failed", "failed"]);
    expect(rows.map((row) => row?.paymentIntentId)).toEqual([null, null]);
    expect(rows.some((row) => /insufficient funds/.test(row?.note ?? ""))).toBe(true);
    expect(rows.some((row) => /not kept for later use/.test(row?.note ?? ""))).toBe(true);
  });
});
