import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings } from "../../server/db/schema";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { stripePayee } from "../support/stripe-payee";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/**
 * The daily reconciliation of the ledger with the platform's Stripe balance: the local Stripe server lists its
 * balance transactions (charges, refunds, transfers) page by page, and the app compares a London day of them with the
 * ledger's real postings. Each difference is written to System Logs and counted on the admin dashboard.
 */
const stripe = setUpStripeTestApp("whsec_local_reconciliation_tests");
const { t, server } = stripe;
const reconcileToday = () => server.app.services.reconciliation.reconcileDay(londonToday());

const TAX_DETAILS = {
  kind: "individual",
  legalName: "Grace Hopper",
  dateOfBirth: "1986-12-09",
  address: { line1: "1 Whitehall", city: "London", postcode: "SW1A 2AA" },
  nationalInsuranceNumber: "JG103759A",
};

/** A landlord Stripe pays out, with the tax details transfers wait for. */
const payableLandlord = () => stripePayee(stripe, { taxDetails: TAX_DETAILS });

/**
 * A guest's two nights at £250 (£550 with the fee). `charged` is what Stripe's charge took (the intent's amount by
 * default; null: no charge), `reported` what the payment_intent.succeeded event says (null: the event never came).
 */
async function cardStay(
  ownerId: number,
  weeksAhead: number,
  money: { charged?: number | null; reported?: number | null } = {},
) {
  const { client } = await signedInUser(t.db, server.baseUrl);
  const checkIn = mondayIn(weeksAhead);
  const stay = await stripe.cardBooking(client, checkIn, {
    property: { ownerId, pricePerNight: "250.00", cancellationPolicy: "moderate" },
  });
  if (money.charged !== null) stripe.api.chargeIntent(stay.paymentIntentId, { amount: money.charged ?? undefined });
  const reported = money.reported === undefined ? 55_000 : money.reported;
  if (reported !== null) {
    const event = paymentSucceededEvent(`evt_${stay.id}`, stay.id, stay.paymentIntentId, reported);
    expect((await stripe.deliver(event)).status).toBe(200);
  }
  return { ...stay, checkIn, client };
}

const mismatchesLogged = async () =>
  (
    await t.db.execute<{ message: string }>(
      sql`select message from audit_logs where action = 'reconciliation.mismatch' order by id`,
    )
  ).rows.map((row) => row.message);

describe("reconciling a day of Stripe's balance with the ledger", () => {
  it("finds nothing on a clean day of payments, a refund, a payment given back and a transfer, across pages", async () => {
    // Two items a page: the comparison must follow Stripe's pages to the end.
    stripe.api.pageListsBy(2);
    const landlord = await payableLandlord();

    const kept = await cardStay(landlord.user.id, 8);
    const cancelled = await cardStay(landlord.user.id, 12);
    expect((await cancelled.client.post(`/api/bookings/${cancelled.id}/cancel`)).status).toBe(200);
    // A payment that came after its hold lapsed: given straight back, named in the ledger by its PaymentIntent.
    const late = await cardStay(landlord.user.id, 14, { reported: null });
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, late.id));
    await server.app.services.bookingLifecycle.runJobs();
    const lateEvent = paymentSucceededEvent(`evt_late_${late.id}`, late.id, late.paymentIntentId, 55_000);
    expect((await stripe.deliver(lateEvent)).status).toBe(200);
    expect(await server.app.services.payoutTransfers.releaseDue(addDays(kept.checkIn, 2))).toMatchObject({ sent: 1 });

    expect(stripe.api.charges).toHaveLength(3);
    expect(stripe.api.refunds).toHaveLength(2);
    expect(stripe.api.transfers).toHaveLength(1);
    expect(await reconcileToday()).toEqual([]);
    expect(await mismatchesLogged()).toEqual([]);
    const pages = stripe.api.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/balance_transactions"));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.at(-1)?.path).toContain("starting_after=");
  });

  it("finds a charge the ledger lacks, a payment the ledger has at another amount, and one Stripe never charged", async () => {
    const landlord = await payableLandlord();
    const unrecorded = await cardStay(landlord.user.id, 16, { reported: null });
    const differing = await cardStay(landlord.user.id, 18, { charged: 54_000 });
    const uncharged = await cardStay(landlord.user.id, 20, { charged: null });
    const day = londonToday();

    const differences = await reconcileToday();
    expect(differences).toHaveLength(3);
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          day,
          type: "charge",
          stripeObjectId: unrecorded.paymentIntentId,
          stripePence: 55_000,
          ledgerPence: null,
        }),
        expect.objectContaining({
          type: "charge",
          stripeObjectId: differing.paymentIntentId,
          stripePence: 54_000,
          ledgerPence: 55_000,
        }),
        {
          day,
          type: "charge",
          stripeObjectId: uncharged.paymentIntentId,
          balanceTransactionIds: [],
          stripePence: null,
          ledgerPence: 55_000,
        },
      ]),
    );
    expect(await mismatchesLogged()).toEqual(
      expect.arrayContaining([
        `On ${day} Stripe's balance has card payment ${unrecorded.paymentIntentId} of 55000 pence that the ledger does not record`,
        `On ${day} card payment ${differing.paymentIntentId} is 54000 pence at Stripe but 55000 in the ledger`,
        `On ${day} the ledger records card payment ${uncharged.paymentIntentId} of 55000 pence that Stripe's balance does not have`,
      ]),
    );
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    expect((await admin.client.get("/api/admin/stats")).body.pendingIssueBreakdown).toMatchObject({
      reconciliationDifferences: 3,
    });
  });

  it("compares nothing on a day with no money at Stripe or in the ledger", async () => {
    expect(await server.app.services.reconciliation.reconcileDay(addDays(londonToday(), -30))).toEqual([]);
  });
});
