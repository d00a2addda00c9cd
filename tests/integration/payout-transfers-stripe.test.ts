import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { paymentSucceededEvent } from "../support/stripe-api-server";
import { stripePayee } from "../support/stripe-payee";
import { setUpStripeTestApp } from "../support/stripe-test-app";

/**
 * Real money: a guest pays by card, and the day after check-in the landlord's share goes to their Stripe Connect
 * account as a transfer, through the local server that speaks Stripe's API. The transfer is made once even when our
 * side fails after Stripe answered, and not before the landlord has given the tax details HMRC's report needs.
 */
const stripe = setUpStripeTestApp("whsec_local_transfer_tests");
const { t, server } = stripe;
const release = (today: string) => server.app.services.payoutTransfers.releaseDue(today);

const TAX_DETAILS = {
  kind: "individual",
  legalName: "Ada Lovelace",
  dateOfBirth: "1985-12-10",
  address: { line1: "12 St James's Square", city: "London", postcode: "SW1Y 4JH" },
  nationalInsuranceNumber: "JG103759A",
};

/** A landlord whose Stripe Connect account is open and can be paid out. */
const payableLandlord = () => stripePayee(stripe);

/** A guest's two nights at £250 (£550 with the fee), paid by card: the landlord's share is £500. */
async function paidStay(ownerId: number, weeksAhead: number) {
  const { client } = await signedInUser(t.db, server.baseUrl);
  const checkIn = mondayIn(weeksAhead);
  const { id, paymentIntentId } = await stripe.cardBooking(client, checkIn, {
    property: { ownerId, pricePerNight: "250.00" },
  });
  expect((await stripe.deliver(paymentSucceededEvent(`evt_${id}`, id, paymentIntentId, 55_000))).status).toBe(200);
  return { id, checkIn };
}

const transfersAtStripe = (bookingId: number) =>
  stripe.api.transfers.filter((made) => made.transfer_group === `booking-${bookingId}`);

describe("transfers to a landlord's Stripe account", () => {
  it("waits for the landlord's tax details, then sends their share once, recorded in the ledger with Stripe's id", async () => {
    const landlord = await payableLandlord();
    const stay = await paidStay(landlord.user.id, 8);

    await release(addDays(stay.checkIn, 1));
    expect(transfersAtStripe(stay.id)).toEqual([]);

    const saved = await landlord.client.request("PUT", "/api/account/tax-details", TAX_DETAILS);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await release(addDays(stay.checkIn, 1));
    await release(addDays(stay.checkIn, 2));

    const claimKey = `booking:${stay.id}:transfer:${landlord.user.id}`;
    // The guest's payment and the landlord's transfer share the stay's transfer group.
    expect(
      stripe.api.calls.some((c) => c.form.transfer_group === `booking-${stay.id}` && c.path === "/v1/payment_intents"),
    ).toBe(true);
    const made = transfersAtStripe(stay.id);
    expect(made).toEqual([
      expect.objectContaining({
        amount: 50_000,
        destination: landlord.accountId,
        metadata: { claim: claimKey },
      }),
    ]);
    const transfer = (await ledgerOfBooking(t.db, stay.id)).find((p) => p.kind === "transfer");
    expect(transfer).toMatchObject({ key: claimKey, demo: false, stripe: made[0]?.id });
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("finishes a transfer whose recording failed after Stripe made it, without a second transfer", async () => {
    const landlord = await payableLandlord();
    expect((await landlord.client.request("PUT", "/api/account/tax-details", TAX_DETAILS)).status).toBe(200);
    const stay = await paidStay(landlord.user.id, 10);
    const claimKey = `booking:${stay.id}:transfer:${landlord.user.id}`;

    // The database refuses the ledger's record of this transfer, as a crash after Stripe's answer would lose it.
    await t.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION test_fail_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the database failed after Stripe answered'; END $$;
      CREATE TRIGGER test_fail_transfer BEFORE INSERT ON ledger_transactions FOR EACH ROW
        WHEN (NEW.idempotency_key = '${claimKey}') EXECUTE FUNCTION test_fail_transfer();`),
    );
    expect(await release(addDays(stay.checkIn, 1))).toMatchObject({ failed: 1 });
    expect(transfersAtStripe(stay.id)).toHaveLength(1);
    expect((await ledgerOfBooking(t.db, stay.id)).some((p) => p.kind === "transfer")).toBe(false);
    const [claim] = (
      await t.db.execute<{ sent: boolean; last_error: string | null }>(
        sql`select sent_at is not null as sent, last_error from payout_transfers where claim_key = ${claimKey}`,
      )
    ).rows;
    expect(claim).toEqual({ sent: false, last_error: "the database failed after Stripe answered" });

    await t.db.execute(sql.raw("DROP TRIGGER test_fail_transfer ON ledger_transactions"));
    expect(await release(addDays(stay.checkIn, 2))).toMatchObject({ sent: 1, failed: 0 });
    const made = transfersAtStripe(stay.id);
    expect(made).toHaveLength(1);
    const recorded = (await ledgerOfBooking(t.db, stay.id)).filter((p) => p.kind === "transfer");
    expect(recorded.map((p) => p.stripe)).toEqual([made[0]?.id]);
  });

  it("finds each day what the ledger and Stripe disagree about, and says so in System Logs", async () => {
    const today = londonToday();
    const reconcile = () => server.app.services.reconciliation.reconcileDay(today);
    // The guests' card payments for the stays above, as Stripe charged them (the stays were written with their
    // payments straight into the database, so Stripe learns of them here).
    const payments = await t.db.execute<{ intent: string; pence: string }>(sql`
      select t.stripe_object_id as intent, sum(e.amount_pence)::text as pence
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'platform_cash'
       where t.kind = 'payment_collected' and not t.demo group by t.id`);
    for (const [index, payment] of payments.rows.entries()) {
      stripe.api.charges.push({
        id: `ch_stay_${index}`,
        amount: Number(payment.pence),
        payment_intent: payment.intent,
        created: Math.floor(Date.now() / 1000),
      });
    }
    // Everything so far matches: the transfers above are in the ledger at Stripe's amounts.
    expect(await reconcile()).toEqual([]);

    // A transfer made at Stripe that the ledger never recorded (made by hand in Stripe's dashboard, say).
    stripe.api.transfers.push({
      id: "tr_by_hand",
      amount: 1_234,
      destination: "acct_elsewhere",
      transfer_group: null,
      metadata: {},
    });
    expect(await reconcile()).toEqual([
      {
        day: today,
        type: "transfer",
        stripeObjectId: "tr_by_hand",
        balanceTransactionIds: [expect.any(String)],
        stripePence: -1_234,
        ledgerPence: null,
      },
    ]);
    const logged = await t.db.execute<{ message: string }>(
      sql`select message from audit_logs where action = 'reconciliation.mismatch' order by id desc limit 1`,
    );
    expect(logged.rows[0]?.message).toBe(
      `On ${today} Stripe's balance has transfer tr_by_hand of -1234 pence that the ledger does not record`,
    );
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    expect((await admin.client.get("/api/admin/stats")).body.pendingIssueBreakdown).toMatchObject({
      reconciliationDifferences: 1,
    });
  });
});
