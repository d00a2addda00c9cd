import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { bookings, sellerTaxDetails } from "../../server/db/schema";
import { saveStripePayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { postCardPayment, postStayConfirmed } from "../../server/services/money/booking-ledger";
import { createBooking, createProperty, createUser } from "../factories";
import { exited, startServerProcess } from "../support/server-process";
import { type StripeApiServer, startStripeApiServer } from "../support/stripe-api-server";
import { setUpTestDatabase } from "../support/test-context";

/**
 * The app killed outright (kill -9) while it is sending payees their shares, then started again on the same
 * database: every share reaches Stripe exactly once and is in the ledger exactly once, with Stripe's id.
 */
const t = setUpTestDatabase();
const running: ChildProcess[] = [];
let dataDir = "";
let stripe: StripeApiServer | undefined;

afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await stripe?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const STAYS = 24;

/** A landlord paid out through a Stripe account, with the tax details the law asks for before the first payout. */
async function payableLandlord(api: StripeApiServer, index: number) {
  const landlord = await createUser(t.db, {
    role: "landlord",
    isApproved: true,
    email: `crash-${index}@transfer.test`,
  });
  const accountId = `acct_crash_${index}`;
  api.accounts.set(accountId, { id: accountId, object: "account", payouts_enabled: true });
  await saveStripePayoutAccount(t.db, landlord.id, {
    stripeAccountId: accountId,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    requirementsDue: [],
    disabledReason: null,
  });
  await t.db.insert(sellerTaxDetails).values({
    userId: landlord.id,
    kind: "individual",
    legalName: `Landlord ${index}`,
    dateOfBirth: "1980-01-01",
    addressLine1: "1 Crash Street",
    city: "London",
    postcode: "E1 6AN",
    // Only whether one is there matters to the transfer; the value is sealed in real use.
    nationalInsuranceNumberSealed: "sealed-for-the-test",
  });
  return landlord;
}

/** A stay that began yesterday, paid by card: the landlord's £300 share is due. */
async function paidStay(ownerId: number, index: number) {
  const property = await createProperty(t.db, { ownerId, payouts: "none" });
  const checkIn = addDays(londonToday(), -1);
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    status: "pending",
    checkIn,
    checkOut: addDays(checkIn, 2),
    totalPrice: "330.00",
    serviceFee: "30.00",
  });
  await t.db.transaction(async (tx) => {
    await postStayConfirmed(tx, { ...booking, ownerId }, { demo: false });
    await postCardPayment(tx, {
      bookingId: booking.id,
      guestId: booking.guestId,
      paymentIntentId: `pi_crash_${index}`,
      amountPence: 33_000,
    });
  });
  await t.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, booking.id));
  return booking.id;
}

async function sentClaims(): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from payout_transfers where sent_at is not null`,
  );
  return result.rows[0]?.n ?? 0;
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, seconds = 60) {
  const until = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("kill -9 while transfers are being sent", () => {
  it("sends each payee's share exactly once at Stripe and in the ledger", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-transfer-crash-"));
    const api = await startStripeApiServer();
    stripe = api;
    // Stripe takes a moment over each transfer, so the kill lands while some are in flight.
    api.delayTransfers(40);
    const stays: number[] = [];
    for (let index = 0; index < STAYS; index += 1) {
      stays.push(await paidStay((await payableLandlord(api, index)).id, index));
    }
    const env = {
      DATABASE_URL: t.url,
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: "sk_test_crash",
      STRIPE_PUBLISHABLE_KEY: "pk_test_crash",
      STRIPE_WEBHOOK_SECRET: "whsec_crash",
      STRIPE_API_URL: api.url,
      PAYOUT_TRANSFERS_INTERVAL_SECONDS: "1",
      BOOKING_JOBS_INTERVAL_SECONDS: "0",
    };

    const first = await startServerProcess(env);
    running.push(first.child);
    await waitFor(() => api.transfers.length >= 5, "the first transfers");
    first.child.kill("SIGKILL");
    await exited(first.child);
    const beforeRestart = api.transfers.length;
    expect(beforeRestart).toBeLessThan(STAYS);

    const second = await startServerProcess(env);
    running.push(second.child);
    await waitFor(async () => (await sentClaims()) === STAYS, "every claim to be sent");
    second.child.kill("SIGKILL");

    // Once at Stripe: one transfer per claim, of the landlord's share.
    const claims = api.transfers.map((made) => made.metadata.claim);
    expect(new Set(claims).size).toBe(claims.length);
    expect(claims).toHaveLength(STAYS);
    expect(api.transfers.every((made) => made.amount === 30_000)).toBe(true);
    // Once in the ledger, each with the id Stripe gave it.
    const recorded = await t.db.execute<{ booking_id: number; stripe_object_id: string }>(sql`
      select booking_id, stripe_object_id from ledger_transactions where kind = 'transfer' order by booking_id`);
    expect(recorded.rows.map((r) => r.booking_id)).toEqual([...stays].sort((a, b) => a - b));
    expect(new Set(recorded.rows.map((r) => r.stripe_object_id))).toEqual(new Set(api.transfers.map((m) => m.id)));
    const total = await t.db.execute<{ total: string }>(
      sql`select sum(amount_pence)::text as total from ledger_entries`,
    );
    expect(Number(total.rows[0]?.total)).toBe(0);
  }, 120_000);
});
