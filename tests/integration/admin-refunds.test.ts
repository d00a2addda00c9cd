import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "../support/http-client";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * An administrator refunds a guest after their stay has begun (a complaint upheld), in demo mode: what the refund
 * takes from a share already transferred is pulled back from that transfer as a demo reversal, to the penny; what
 * the platform still holds is taken from held earnings. Real money through the local Stripe server is in
 * admin-refunds-stripe.test.ts.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const release = (today: string) => server.app.services.payoutTransfers.releaseDue(today);

/** Stays begun long ago by the app's clock, each on its own dates. */
let nextCheckIn = "2025-01-06";

/**
 * A stay of two nights: £500 of nights and a £50 fee (£550), on a home whose manager takes 12.5% of the nights: the
 * landlord's share is £437.50, the manager's £62.50.
 */
async function managedStay() {
  const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const manager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
  await insertDemoPayoutAccount(t.db, manager.user.id);
  const property = await createProperty(t.db, { ownerId: landlord.user.id });
  await t.db.execute(sql`insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps)
    values (${property.id}, ${manager.user.id}, ${landlord.user.id}, 1250)`);
  const guest = await signedInUser(t.db, server.baseUrl);
  const checkIn = nextCheckIn;
  nextCheckIn = addDays(nextCheckIn, 7);
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: guest.user.id,
    status: "confirmed",
    checkIn,
    checkOut: addDays(checkIn, 2),
    totalPrice: "550.00",
    serviceFee: "50.00",
  });
  return { booking, checkIn, landlord, manager, guest };
}

let adminClient: HttpClient | undefined;
async function admin(): Promise<HttpClient> {
  adminClient ??= (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  return adminClient;
}

function refund(
  client: HttpClient,
  bookingId: number,
  amountPence: number,
  key = randomUUID(),
  reason = "Guest complaint upheld: no hot water",
) {
  return client.post(`/api/admin/bookings/${bookingId}/refund`, { amountPence, reason }, { "Idempotency-Key": key });
}

/** What the platform holds of one stay for a payee (its earnings_held lines for the stay, credit positive). */
async function heldOfStay(bookingId: number, payeeId: number): Promise<number> {
  const result = await t.db.execute<{ held: string | null }>(sql`
    select (-sum(e.amount_pence))::text as held from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
     where t.booking_id = ${bookingId} and a.kind = 'earnings_held' and a.party_id = ${payeeId}`);
  return Number(result.rows[0]?.held ?? 0);
}

const reversalsOf = (bookingId: number) =>
  t.db.execute<{ payee_id: number; amount_pence: string; demo: boolean; sent: boolean }>(
    sql`select payee_id, amount_pence::text, demo, sent_at is not null as sent from transfer_reversals
        where booking_id = ${bookingId} order by id`,
  );

describe("an admin refund after the payees' shares were transferred (demo money)", () => {
  it("reverses the landlord's and the manager's refunded shares to the penny, then the rest with the fee", async () => {
    const { booking, checkIn, landlord, manager } = await managedStay();
    const L = landlord.user.id;
    const M = manager.user.id;
    await release(addDays(checkIn, 1));
    expect(await heldOfStay(booking.id, L)).toBe(0);
    expect(await heldOfStay(booking.id, M)).toBe(0);

    const details = async () => (await (await admin()).get(`/api/admin/bookings/${booking.id}`)).body.refundablePence;
    expect(await details()).toBe(55_000);

    // 333p of £500 of nights split 7:1 is 291.375p and 41.625p: the odd penny goes to the larger remainder.
    const first = await refund(await admin(), booking.id, 333);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      bookingId: booking.id,
      refundedPence: 333,
      demo: true,
      stripeRefundId: null,
      reversals: [
        { payeeId: L, amountPence: 291, status: "sent" },
        { payeeId: M, amountPence: 42, status: "sent" },
      ],
    });
    const posted = await ledgerOfBooking(t.db, booking.id);
    const reversals = posted.filter((p) => p.kind === "transfer_reversal");
    expect(reversals.map((p) => [p.demo, p.lines])).toEqual([
      [
        true,
        {
          connected_cash: -291,
          [`earnings_held:${L}`]: -291,
          [`earnings_transferred:${L}`]: 291,
          platform_cash: 291,
        },
      ],
      [
        true,
        { connected_cash: -42, [`earnings_held:${M}`]: -42, [`earnings_transferred:${M}`]: 42, platform_cash: 42 },
      ],
    ]);
    const memos = await t.db.execute<{ memo: string }>(
      sql`select memo from ledger_transactions where booking_id = ${booking.id} and kind in ('refund', 'transfer_reversal') order by id`,
    );
    expect(memos.rows.map((row) => row.memo)).toEqual([
      "Demo refund after the stay began: Guest complaint upheld: no hot water",
      "Demo reversal: no real money moved",
      "Demo reversal: no real money moved",
    ]);
    // Nothing is left owed either way on the stay: the refund's take and the reversal cancel out.
    expect(await heldOfStay(booking.id, L)).toBe(0);
    expect(await heldOfStay(booking.id, M)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0);

    // The rest of the stay, £546.67: the nights' remainder from the transfers, and the whole fee from the platform.
    const rest = await refund(await admin(), booking.id, 54_667);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.reversals).toEqual([
      { payeeId: L, amountPence: 43_750 - 291, status: "sent" },
      { payeeId: M, amountPence: 6_250 - 42, status: "sent" },
    ]);
    const lastRefund = (await ledgerOfBooking(t.db, booking.id)).filter((p) => p.kind === "refund").at(-1);
    expect(lastRefund?.lines).toEqual({
      [`earnings_held:${L}`]: 43_459,
      [`earnings_held:${M}`]: 6_208,
      platform_fees: 5_000,
      platform_cash: -54_667,
    });
    const reversed = await t.db.execute<{ transfer: string; reversed: string }>(sql`
      select pt.amount_pence::text as transfer, sum(r.amount_pence)::text as reversed
        from payout_transfers pt join transfer_reversals r on r.transfer_id = pt.id
       where pt.booking_id = ${booking.id} group by pt.id order by pt.id`);
    // Every transferred penny came back: each transfer is reversed in full, and no more.
    expect(reversed.rows.every((row) => row.transfer === row.reversed)).toBe(true);
    expect(await ledgerTotal(t.db)).toBe(0);

    // Nothing is left to refund.
    const more = await refund(await admin(), booking.id, 1);
    expect(more.status).toBe(422);
    expect(more.body.message).toBe("At most £0.00 of this stay can still be refunded.");
    expect(await details()).toBe(0);
  });

  it("takes a refund before the transfer from held earnings, and one after it from the transfer", async () => {
    const { booking, checkIn, landlord, manager } = await managedStay();
    const L = landlord.user.id;
    const M = manager.user.id;

    const before = await refund(await admin(), booking.id, 10_001);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.reversals).toEqual([]);
    // 10,001p of the nights split 7:1: 8,750.875p and 1,250.125p.
    expect(await heldOfStay(booking.id, L)).toBe(43_750 - 8_751);
    expect(await heldOfStay(booking.id, M)).toBe(6_250 - 1_250);

    await release(addDays(checkIn, 1));
    const sent = await t.db.execute<{ payee_id: number; amount_pence: string }>(
      sql`select payee_id, amount_pence::text from payout_transfers where booking_id = ${booking.id} order by payee_id`,
    );
    expect(sent.rows).toEqual(
      [
        { payee_id: L, amount_pence: String(43_750 - 8_751) },
        { payee_id: M, amount_pence: String(6_250 - 1_250) },
      ].sort((a, b) => a.payee_id - b.payee_id),
    );

    const after = await refund(await admin(), booking.id, 2_001);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    // 2,001p of what is left of the nights (£349.99 and £50.00): 1,750.87p and 250.13p, so 1,751 and 250.
    expect(after.body.reversals).toEqual([
      { payeeId: L, amountPence: 1_751, status: "sent" },
      { payeeId: M, amountPence: 250, status: "sent" },
    ]);
    expect(await heldOfStay(booking.id, L)).toBe(0);
    expect(await heldOfStay(booking.id, M)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("answers a replayed request with the first refund: one refund, one reversal per transfer", async () => {
    const { booking, checkIn } = await managedStay();
    await release(addDays(checkIn, 1));
    const key = randomUUID();
    const first = await refund(await admin(), booking.id, 5_001, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await refund(await admin(), booking.id, 5_001, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Sent at once, side by side: one waits for the other's lock, then finds its refund.
    const [a, b] = await Promise.all([
      refund(await admin(), booking.id, 5_001, key),
      refund(await admin(), booking.id, 5_001, key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await ledgerOfBooking(t.db, booking.id)).filter((p) => p.kind === "refund")).toHaveLength(1);
    expect((await reversalsOf(booking.id)).rows).toHaveLength(2);
    expect((await ledgerOfBooking(t.db, booking.id)).filter((p) => p.kind === "transfer_reversal")).toHaveLength(2);

    // The same key for another amount is a mistake, not a new refund.
    const other = await refund(await admin(), booking.id, 5_002, key);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("This request's key already refunded £50.01; send a new key for another refund.");
  });

  it("refuses more than is refundable, and bad input, with nothing moved", async () => {
    const { booking, checkIn } = await managedStay();
    await release(addDays(checkIn, 1));
    const ledgerBefore = await ledgerOfBooking(t.db, booking.id);
    const client = await admin();

    const tooMuch = await refund(client, booking.id, 55_001);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe("At most £550.00 of this stay can still be refunded.");
    expect((await refund(client, booking.id, 0)).status).toBe(400);
    expect((await refund(client, booking.id, 12.5)).status).toBe(400);
    const noReason = await refund(client, booking.id, 100, randomUUID(), "");
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain("reason");
    const noKey = await client.post(`/api/admin/bookings/${booking.id}/refund`, { amountPence: 100, reason: "Upheld" });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toContain("Idempotency-Key");
    expect((await refund(client, 999_999, 100)).status).toBe(404);

    expect(await ledgerOfBooking(t.db, booking.id)).toEqual(ledgerBefore);
    expect((await reversalsOf(booking.id)).rows).toEqual([]);
    const logged = await t.db.execute(
      sql`select 1 from audit_logs where action = 'booking.refunded_by_admin' and target_id = ${String(booking.id)}`,
    );
    expect(logged.rows).toEqual([]);
  });

  it("refuses a stay that has not begun: it is cancelled instead, under its policy", async () => {
    const property = await createProperty(t.db);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      status: "confirmed",
      checkIn: "2035-06-04",
      checkOut: "2035-06-06",
      totalPrice: "330.00",
      serviceFee: "30.00",
    });
    const answer = await refund(await admin(), booking.id, 100);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      "This stay has not begun: cancel it instead, and the cancellation policy's refund is made.",
    );
    const details = await (await admin()).get(`/api/admin/bookings/${booking.id}`);
    expect(details.body.refundablePence).toBeNull();
  });

  it("is refused to the guest, the landlord and the manager of the stay, with nothing moved", async () => {
    const { booking, checkIn, landlord, manager, guest } = await managedStay();
    await release(addDays(checkIn, 1));
    const ledgerBefore = await ledgerOfBooking(t.db, booking.id);
    for (const who of [guest, landlord, manager]) {
      const answer = await refund(who.client, booking.id, 100);
      expect(answer.status, `${who.user.role}: ${JSON.stringify(answer.body)}`).toBe(403);
    }
    expect(await ledgerOfBooking(t.db, booking.id)).toEqual(ledgerBefore);
    expect((await reversalsOf(booking.id)).rows).toEqual([]);
  });

  it("writes the refund, its reason and its reversals to System Logs", async () => {
    const { booking, checkIn, landlord, manager } = await managedStay();
    await release(addDays(checkIn, 1));
    expect((await refund(await admin(), booking.id, 801)).status).toBe(200);
    const logged = await t.db.execute<{ type: string; message: string; details: Record<string, unknown> }>(
      sql`select type, message, details from audit_logs
           where action = 'booking.refunded_by_admin' and target_id = ${String(booking.id)}`,
    );
    expect(logged.rows).toHaveLength(1);
    expect(logged.rows[0]?.type).toBe("warning");
    expect(logged.rows[0]?.message).toMatch(/^Refunded £8\.01 of booking .+: Guest complaint upheld: no hot water$/);
    expect(logged.rows[0]?.details).toMatchObject({
      amountPence: 801,
      demo: true,
      reversals: [
        { payeeId: landlord.user.id, amountPence: 701 },
        { payeeId: manager.user.id, amountPence: 100 },
      ],
    });
  });
});
