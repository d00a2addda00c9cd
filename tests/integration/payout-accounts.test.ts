import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, payoutAccounts, stripeEvents } from "../../server/db/schema";
import { payoutsReady } from "../../server/repositories/payout-accounts.repository";
import { enrolTwoFactor } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { accountUpdatedEvent, stripeSignature } from "../support/stripe-api-server";
import { setUpStripeTestApp } from "../support/stripe-test-app";
import { setUpTestApp } from "../support/test-context";

/**
 * Payees' payout accounts through the real HTTP layer: Stripe Connect Express accounts opened on the local server
 * that speaks Stripe's API (whose hosted onboarding page sends a signed account.updated back to the app), and demo
 * accounts when no Stripe keys are configured.
 */

type Role = "landlord" | "property_manager" | "contractor" | "guest";

/** A signed-in payee with two-factor sign-in on, as setting up payouts requires. */
async function payee(db: Parameters<typeof signedInUser>[0], baseUrl: string, role: Role = "landlord") {
  const signedIn = await signedInUser(db, baseUrl, { role, isApproved: true });
  await enrolTwoFactor(db, signedIn.user.id);
  return signedIn;
}

describe("with Stripe", () => {
  const WEBHOOK_SECRET = "whsec_local_payout_tests";
  const stripe = setUpStripeTestApp(WEBHOOK_SECRET);
  const { t, server } = stripe;

  beforeAll(() => {
    stripe.api.sendEventsTo({ url: `${server.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
  });

  const rowOf = async (userId: number) =>
    (await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];
  const accountCalls = () => stripe.api.calls.filter((c) => c.method === "POST" && c.path === "/v1/accounts");

  it("opens one Express account, however often onboarding is started, and links back to Payout Settings", async () => {
    const { client, user } = await payee(t.db, server.baseUrl);
    expect((await client.get("/api/payouts/account")).body).toEqual({
      state: "not_started",
      demo: false,
      requirementsDue: [],
      disabledReason: null,
      payoutsEnabled: false,
    });
    const before = accountCalls().length;
    const first = await client.post("/api/payouts/onboarding");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await client.post("/api/payouts/onboarding");
    expect(second.status).toBe(200);

    const created = accountCalls().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]?.form).toMatchObject({
      type: "express",
      country: "GB",
      "capabilities[transfers][requested]": "true",
      "metadata[userId]": String(user.id),
    });
    expect(created[0]?.idempotencyKey).toBe(`user-${user.id}-payout-account`);
    const row = await rowOf(user.id);
    expect(row?.stripeAccountId).toMatch(/^acct_/);
    expect(row?.demo).toBe(false);

    const links = stripe.api.calls.filter(
      (c) => c.path === "/v1/account_links" && c.form.account === row?.stripeAccountId,
    );
    expect(links).toHaveLength(2);
    expect(links[0]?.form.type).toBe("account_onboarding");
    expect(links[0]?.form.return_url).toMatch(/^https?:\/\/[^/]+\/account\/payouts\?stripe=return$/);
    expect(links[0]?.form.refresh_url).toMatch(/^https?:\/\/[^/]+\/account\/payouts\?stripe=refresh$/);
    expect(first.body.url).not.toBe(second.body.url);
    expect(second.body.account).toMatchObject({ state: "pending", demo: false, payoutsEnabled: false });
    expect((second.body.account as { requirementsDue: string[] }).requirementsDue).toContain("external_account");
  });

  it("opens one account when onboarding is started several times at once", async () => {
    const { client, user } = await payee(t.db, server.baseUrl);
    const before = accountCalls().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.post("/api/payouts/onboarding")));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual(Array(8).fill(200));
    expect(accountCalls().slice(before)).toHaveLength(1);
    const row = await rowOf(user.id);
    expect(row?.stripeAccountId).toMatch(/^acct_/);
    const linked = stripe.api.calls.filter(
      (c) => c.path === "/v1/account_links" && c.form.account === row?.stripeAccountId,
    );
    expect(linked).toHaveLength(8);
  });

  it("is ready once Stripe's hosted onboarding is completed: the signed account.updated flips it, then back to Payout Settings", async () => {
    const { client, user } = await payee(t.db, server.baseUrl, "contractor");
    const { body } = await client.post("/api/payouts/onboarding");
    const url = String(body.url);
    const page = await fetch(url);
    expect(await page.text()).toContain("Complete onboarding");
    const done = await fetch(url, { method: "POST", redirect: "manual" });
    await done.text();
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/\/account\/payouts\?stripe=return$/);
    expect((await client.get("/api/payouts/account")).body).toEqual({
      state: "ready",
      demo: false,
      requirementsDue: [],
      disabledReason: null,
      payoutsEnabled: true,
    });
    expect(await payoutsReady(t.db, user.id)).toBe(true);
  });

  /** A payee whose Stripe account exists, and a way to post account.updated about it. */
  async function openedAccount() {
    const { client, user } = await payee(t.db, server.baseUrl, "property_manager");
    await client.post("/api/payouts/onboarding");
    const accountId = String((await rowOf(user.id))?.stripeAccountId);
    const account = stripe.api.accounts.get(accountId);
    if (!account) throw new Error("the local Stripe server does not hold the account");
    const update = (eventId: string, changes: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) =>
      stripe.deliver(accountUpdatedEvent(eventId, { ...account, ...changes }, created));
    return { client, user, accountId, update };
  }
  const READY = {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  };
  const RESTRICTED = {
    details_submitted: true,
    charges_enabled: false,
    payouts_enabled: false,
    requirements: {
      currently_due: ["individual.verification.document"],
      past_due: ["individual.verification.document"],
      disabled_reason: "requirements.past_due",
    },
  };

  it("handles an event id once: a replay changes nothing", async () => {
    const { client, user, update } = await openedAccount();
    const now = Math.floor(Date.now() / 1000);
    const eventId = `evt_restricted_${user.id}`;
    expect((await update(eventId, RESTRICTED, now)).body).toEqual({ received: true, duplicate: false });
    const restricted = await client.get("/api/payouts/account");
    expect(restricted.body).toEqual({
      state: "restricted",
      demo: false,
      requirementsDue: ["individual.verification.document"],
      disabledReason: "requirements.past_due",
      payoutsEnabled: false,
    });
    const stored = await rowOf(user.id);
    // The same id again, even saying something else and newer: Stripe's retry of an event already handled.
    expect((await update(eventId, READY, now + 60)).body).toEqual({ received: true, duplicate: true });
    expect(await rowOf(user.id)).toEqual(stored);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
  });

  it("keeps the newer state when an older event arrives late", async () => {
    const { client, user, update } = await openedAccount();
    const now = Math.floor(Date.now() / 1000);
    await update(`evt_new_${user.id}`, READY, now);
    const late = await update(`evt_old_${user.id}`, RESTRICTED, now - 120);
    expect(late.status).toBe(200);
    expect((await client.get("/api/payouts/account")).body).toMatchObject({ state: "ready", payoutsEnabled: true });
    expect((await rowOf(user.id))?.statusAt?.getTime()).toBe(now * 1000);
  });

  it("refuses a badly signed event with a 400 and changes nothing", async () => {
    const { user, accountId } = await openedAccount();
    const stored = await rowOf(user.id);
    const payload = accountUpdatedEvent(
      `evt_forged_${user.id}`,
      { id: accountId, ...READY },
      Math.floor(Date.now() / 1000),
    );
    const forged = await stripe.deliver(payload, stripeSignature(payload, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect(await rowOf(user.id)).toEqual(stored);
    expect(
      await t.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, `evt_forged_${user.id}`)),
    ).toHaveLength(0);
  });

  it("refuses an event about an account that is not ours: logged in System Logs, nothing changes", async () => {
    const eventId = `evt_stranger_${Date.now()}`;
    const payload = accountUpdatedEvent(eventId, { id: "acct_notours0000", ...READY }, Math.floor(Date.now() / 1000));
    const before = await t.db.select().from(payoutAccounts);
    const answer = await stripe.deliver(payload);
    expect(answer.status).toBe(200);
    expect(await t.db.select().from(payoutAccounts)).toEqual(before);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(0);
    const logged = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "webhook.rejected"));
    expect(logged.some((entry) => entry.type === "warning" && entry.message.includes("payout account"))).toBe(true);
  });

  it("refuses an account event Stripe could not have sent (no account fields) with a 400", async () => {
    const payload = JSON.stringify({
      id: `evt_bad_${Date.now()}`,
      object: "event",
      type: "account.updated",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "acct_x", payouts_enabled: "yes" } },
    });
    expect((await stripe.deliver(payload)).status).toBe(400);
  });

  describe("from the wrong side", () => {
    it("refuses guests (403) and the signed out (401)", async () => {
      const guest = await signedInUser(t.db, server.baseUrl, { role: "guest" });
      await enrolTwoFactor(t.db, guest.user.id);
      for (const answer of [
        await guest.client.get("/api/payouts/account"),
        await guest.client.post("/api/payouts/onboarding"),
      ]) {
        expect(answer.status).toBe(403);
        expect(String(answer.body.message)).toMatch(/required role/);
      }
      const anonymous = new HttpClient(server.baseUrl);
      expect((await anonymous.get("/api/payouts/account")).status).toBe(401);
      expect((await anonymous.post("/api/payouts/onboarding")).status).toBe(401);
    });

    it("asks a payee without two-factor sign-in to turn it on before setting up payouts", async () => {
      const { client } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
      expect((await client.get("/api/payouts/account")).status).toBe(200);
      const refused = await client.post("/api/payouts/onboarding");
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ requiresTwoFactor: true, verifyAt: "/profile#two-factor" });
    });

    it("never shows one landlord another's account", async () => {
      const { update } = await openedAccount();
      await update(`evt_other_${Date.now()}`, READY);
      const other = await payee(t.db, server.baseUrl);
      expect((await other.client.get("/api/payouts/account")).body).toMatchObject({ state: "not_started" });
    });
  });
});

describe("in demo mode (no Stripe keys)", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true });

  it("makes a demo account that is ready at once, once", async () => {
    const { client, user } = await payee(t.db, server.baseUrl);
    expect(await payoutsReady(t.db, user.id)).toBe(false);
    const first = await client.post("/api/payouts/onboarding");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const account = { state: "ready", demo: true, requirementsDue: [], disabledReason: null, payoutsEnabled: true };
    expect(first.body).toEqual({ url: null, account });
    expect((await client.post("/api/payouts/onboarding")).body).toEqual({ url: null, account });
    expect((await client.get("/api/payouts/account")).body).toEqual(account);
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id))).toHaveLength(1);
    expect(await payoutsReady(t.db, user.id)).toBe(true);
  });
});
