import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, bankPayouts, stripeEvents } from "../../server/db/schema";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { payoutEvent, type StripePayout, stripeSignature } from "../support/stripe-api-server";
import { stripePayee } from "../support/stripe-payee";
import { setUpStripeTestApp } from "../support/stripe-test-app";
import { setUpTestApp } from "../support/test-context";

/**
 * Stripe paying payees' Connect balances into their banks: the local Stripe server makes a payout on a connected
 * account and posts its signed payout.paid / payout.failed to the app's webhook, as Stripe does; the ledger records
 * the money leaving once, and Payout Settings' API lists each payout to its own payee only.
 */
const WEBHOOK_SECRET = "whsec_local_bank_payout_tests";

describe("with Stripe", () => {
  const stripe = setUpStripeTestApp(WEBHOOK_SECRET);
  const { t, server } = stripe;
  const connectEvents = () =>
    stripe.api.sendEventsTo({ url: `${server.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET });

  /** A landlord whose Connect account Stripe pays out. */
  const payee = () => stripePayee(stripe);

  /** Stripe starts paying `pence` of the account's balance to its bank (test set-up, as Stripe's schedule would). */
  async function payoutOf(accountId: string, pence: number): Promise<StripePayout> {
    const response = await fetch(`${stripe.api.url}/v1/payouts`, {
      method: "POST",
      headers: {
        authorization: "Bearer sk_test_local",
        "stripe-account": accountId,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ amount: String(pence), currency: "gbp" }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as StripePayout;
  }

  /** The ledger's transactions for a payout, with their lines keyed `kind` or `kind:party`. */
  async function postingsOf(payoutId: string) {
    const result = await t.db.execute<{ key: string; kind: string; demo: boolean; lines: Record<string, number> }>(sql`
      select t.idempotency_key as key, t.kind, t.demo,
             json_object_agg(a.kind || coalesce(':' || a.party_id, ''), e.amount_pence order by a.kind) as lines
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
       where t.stripe_object_id = ${payoutId}
       group by t.id order by t.id`);
    return result.rows;
  }

  const arrivalOf = (payout: StripePayout) => new Date(payout.arrival_date * 1000).toISOString().slice(0, 10);

  it("posts a paid payout once, however often Stripe sends it, and lists it to its payee alone", async () => {
    connectEvents();
    const landlord = await payee();
    const payout = await payoutOf(landlord.accountId, 42_000);
    expect(payout).toMatchObject({ status: "pending", amount: 42_000, account: landlord.accountId });

    const first = await stripe.api.settlePayout(payout.id, "paid", { eventId: `evt_paid_${payout.id}` });
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    // The same event again (Stripe retries), and another paid event about the same payout.
    const replayed = await stripe.api.settlePayout(payout.id, "paid", { eventId: `evt_paid_${payout.id}` });
    expect(JSON.parse(replayed.body)).toEqual({ received: true, duplicate: true });
    expect((await stripe.api.settlePayout(payout.id, "paid")).status).toBe(200);

    expect(await postingsOf(payout.id)).toEqual([
      {
        key: `payout:${payout.id}:paid`,
        kind: "payout",
        demo: false,
        lines: { connected_cash: -42_000, [`earnings_transferred:${landlord.user.id}`]: 42_000 },
      },
    ]);
    const listed = await landlord.client.get("/api/payouts/bank-payouts");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      demo: false,
      payouts: [{ id: expect.any(Number), status: "paid", amount: 420, arrivalDate: arrivalOf(payout) }],
    });

    // Another payee sees only their own (none), whatever they ask for.
    const other = await payee();
    expect((await other.client.get("/api/payouts/bank-payouts")).body).toEqual({ demo: false, payouts: [] });
  });

  it("gives a payout back once when the bank refuses it after it was paid", async () => {
    connectEvents();
    const landlord = await payee();
    const payout = await payoutOf(landlord.accountId, 15_050);
    const paidAt = Math.floor(Date.now() / 1000) - 60;
    expect((await stripe.api.settlePayout(payout.id, "paid", { created: paidAt })).status).toBe(200);
    const failedEvent = `evt_failed_${payout.id}`;
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await stripe.api.settlePayout(payout.id, "failed", { eventId: failedEvent, created: paidAt + 30 });
      expect(answer.status, answer.body).toBe(200);
    }
    const postings = await postingsOf(payout.id);
    expect(postings.map((p) => [p.key, p.lines])).toEqual([
      [`payout:${payout.id}:paid`, { connected_cash: -15_050, [`earnings_transferred:${landlord.user.id}`]: 15_050 }],
      [`payout:${payout.id}:failed`, { connected_cash: 15_050, [`earnings_transferred:${landlord.user.id}`]: -15_050 }],
    ]);
    const [row] = await t.db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, payout.id));
    expect(row).toMatchObject({ status: "failed", failureCode: "account_closed", payeeId: landlord.user.id });
    expect((await landlord.client.get("/api/payouts/bank-payouts")).body.payouts).toEqual([
      { id: expect.any(Number), status: "failed", amount: 150.5, arrivalDate: arrivalOf(payout) },
    ]);
  });

  it("keeps a failure that arrives before the earlier paid event: nothing left, so nothing is posted", async () => {
    const landlord = await payee();
    const payout = await payoutOf(landlord.accountId, 9_900);
    const paidAt = Math.floor(Date.now() / 1000) - 120;
    const failed = stripe.deliver(payoutEvent(`evt_late_fail_${payout.id}`, "payout.failed", payout, paidAt + 60));
    expect((await failed).status).toBe(200);
    const paid = await stripe.deliver(payoutEvent(`evt_early_paid_${payout.id}`, "payout.paid", payout, paidAt));
    expect(paid.status).toBe(200);
    expect(await postingsOf(payout.id)).toEqual([]);
    const [row] = await t.db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, payout.id));
    expect(row).toMatchObject({ status: "failed", amountPence: 9_900, statusAt: new Date((paidAt + 60) * 1000) });
  });

  it("refuses a badly signed payout event with a 400 and records nothing", async () => {
    const landlord = await payee();
    const payout = await payoutOf(landlord.accountId, 5_000);
    const eventId = `evt_forged_${payout.id}`;
    const payload = payoutEvent(eventId, "payout.paid", payout, Math.floor(Date.now() / 1000));
    const forged = await stripe.deliver(payload, stripeSignature(payload, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect(await postingsOf(payout.id)).toEqual([]);
    expect(await t.db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, payout.id))).toEqual([]);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toEqual([]);
  });

  it("refuses a payout of an account that is not ours: logged in System Logs, nothing posted", async () => {
    const eventId = `evt_stranger_payout_${Date.now()}`;
    const stranger: StripePayout = {
      id: `po_stranger_${Date.now()}`,
      object: "payout",
      amount: 7_000,
      currency: "gbp",
      arrival_date: Math.floor(Date.now() / 1000),
      status: "pending",
      failure_code: null,
      created: Math.floor(Date.now() / 1000),
      account: "acct_notours0000",
    };
    const answer = await stripe.deliver(payoutEvent(eventId, "payout.paid", stranger, stranger.created));
    expect(answer.status).toBe(200);
    expect(await postingsOf(stranger.id)).toEqual([]);
    expect(await t.db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, stranger.id))).toEqual([]);
    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "webhook.rejected"));
    expect(logged.find((entry) => (entry.details as { event?: string } | null)?.event === eventId)).toMatchObject({
      type: "warning",
      message: "A Stripe payout.paid event named a payout account this platform does not have; nothing was changed",
    });
  });

  it("leaves the platform's own payouts to its bank alone (no connected account): not a payee's money", async () => {
    const created = Math.floor(Date.now() / 1000);
    const own = {
      id: `po_platform_${created}`,
      object: "payout",
      amount: 1_000_000,
      currency: "gbp",
      arrival_date: created,
      status: "paid",
    };
    const payload = JSON.stringify({
      id: `evt_platform_${created}`,
      object: "event",
      type: "payout.paid",
      created,
      data: { object: own },
    });
    const answer = await stripe.deliver(payload);
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await postingsOf(own.id)).toEqual([]);
    expect(await t.db.select().from(bankPayouts).where(eq(bankPayouts.stripePayoutId, own.id))).toEqual([]);
    expect((await stripe.deliver(payload)).body).toEqual({ received: true, duplicate: true });
  });

  it("refuses a payout event Stripe could not have sent (an amount that is not pence) with a 400", async () => {
    const landlord = await payee();
    const payload = JSON.stringify({
      id: `evt_bad_payout_${landlord.user.id}`,
      object: "event",
      type: "payout.paid",
      account: landlord.accountId,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "po_bad", amount: "12.50", currency: "gbp", arrival_date: 1 } },
    });
    expect((await stripe.deliver(payload)).status).toBe(400);
  });

  it("lists bank payouts to payees only: guests get 403, the signed out 401", async () => {
    const guest = await signedInUser(t.db, server.baseUrl, { role: "guest" });
    expect((await guest.client.get("/api/payouts/bank-payouts")).status).toBe(403);
    expect((await new HttpClient(server.baseUrl).get("/api/payouts/bank-payouts")).status).toBe(401);
  });
});

describe("in demo mode (no Stripe keys)", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true });

  it("has no bank payouts and says it is demo mode", async () => {
    const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    expect((await landlord.client.get("/api/payouts/bank-payouts")).body).toEqual({ demo: true, payouts: [] });
  });
});
