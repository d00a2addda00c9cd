import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { bookingReference } from "../../common/entities/booking";
import { payoutTransfers } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { postStayRefund } from "../../server/services/money/booking-ledger";
import { createBooking, createProperty, createUser } from "../factories";
import { ledgerOfBooking, ledgerTotal } from "../support/ledger-lines";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Each payee's share of a stay leaves the platform the day after check-in, exactly once: in demo mode as a demo
 * transfer in the ledger. Real transfers through the local Stripe server are in payout-transfers-stripe.test.ts.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const release = (today: string) => server.app.services.payoutTransfers.releaseDue(today);

const CHECK_IN = "2031-05-05";

async function confirmedStay(fields: { ownerId?: number; payouts?: "ready" | "none"; checkIn?: string } = {}) {
  const property = await createProperty(t.db, {
    ...(fields.ownerId && { ownerId: fields.ownerId }),
    payouts: fields.payouts ?? "ready",
  });
  const checkIn = fields.checkIn ?? CHECK_IN;
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    status: "confirmed",
    checkIn,
    checkOut: addDays(checkIn, 3),
    totalPrice: "330.01",
    serviceFee: "30.00",
  });
  return { property, booking };
}

const transfersOf = (bookingId: number) =>
  t.db.execute<{ payee_id: number; amount_pence: string; demo: boolean; sent: boolean }>(
    sql`select payee_id, amount_pence::text, demo, sent_at is not null as sent from payout_transfers
        where booking_id = ${bookingId} order by payee_id`,
  );

describe("releasing payees' shares in demo mode", () => {
  it("sends the landlord's share as a demo transfer the day after check-in, once however often it runs", async () => {
    const { property, booking } = await confirmedStay();
    // Check-in day itself: the guest may not have arrived; nothing moves.
    await release(CHECK_IN);
    expect((await transfersOf(booking.id)).rows).toEqual([]);

    await release(addDays(CHECK_IN, 1));
    await release(addDays(CHECK_IN, 2));
    expect((await transfersOf(booking.id)).rows).toEqual([
      { payee_id: property.ownerId, amount_pence: "30001", demo: true, sent: true },
    ]);
    const transfer = (await ledgerOfBooking(t.db, booking.id)).find((p) => p.kind === "transfer");
    expect(transfer).toEqual({
      key: `booking:${booking.id}:transfer:${property.ownerId}`,
      kind: "transfer",
      demo: true,
      stripe: null,
      lines: {
        [`earnings_held:${property.ownerId}`]: 30_001,
        [`earnings_transferred:${property.ownerId}`]: -30_001,
        connected_cash: 30_001,
        platform_cash: -30_001,
      },
    });
    expect(await ledgerTotal(t.db)).toBe(0);
  });

  it("pays a manager their fee beside the owner, and waits for a payee who cannot be paid yet", async () => {
    const owner = await createUser(t.db, { role: "landlord", isApproved: true });
    const manager = await createUser(t.db, { role: "property_manager" });
    const { property, booking } = await confirmedStay({ ownerId: owner.id, payouts: "none" });
    // The first stay was charged before the manager came; this one while they manage the home (10% of the nights).
    await t.db.execute(sql`insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps)
      values (${property.id}, ${manager.id}, ${owner.id}, 1000)`);
    const managed = await createBooking(t.db, {
      propertyId: property.id,
      status: "confirmed",
      checkIn: addDays(CHECK_IN, 10),
      checkOut: addDays(CHECK_IN, 12),
      totalPrice: "220.00",
      serviceFee: "20.00",
    });

    // Neither owner nor manager can be paid yet: their shares stay held.
    await release(addDays(CHECK_IN, 11));
    expect((await transfersOf(booking.id)).rows).toEqual([]);
    expect((await transfersOf(managed.id)).rows).toEqual([]);

    await insertDemoPayoutAccount(t.db, manager.id);
    await release(addDays(CHECK_IN, 11));
    expect((await transfersOf(managed.id)).rows).toEqual([
      { payee_id: manager.id, amount_pence: "2000", demo: true, sent: true },
    ]);

    await insertDemoPayoutAccount(t.db, owner.id);
    await release(addDays(CHECK_IN, 11));
    expect((await transfersOf(managed.id)).rows).toEqual([
      { payee_id: owner.id, amount_pence: "18000", demo: true, sent: true },
      { payee_id: manager.id, amount_pence: "2000", demo: true, sent: true },
    ]);
    expect((await transfersOf(booking.id)).rows).toEqual([
      { payee_id: owner.id, amount_pence: "30001", demo: true, sent: true },
    ]);
  });

  it("sends nothing for a request, or for a stay refunded in full", async () => {
    const property = await createProperty(t.db);
    const request = await createBooking(t.db, {
      propertyId: property.id,
      status: "pending",
      checkIn: addDays(CHECK_IN, 20),
      checkOut: addDays(CHECK_IN, 22),
    });
    const refunded = await confirmedStay({ checkIn: addDays(CHECK_IN, 24) });
    await t.db.transaction((tx) =>
      postStayRefund(tx, { id: refunded.booking.id, ownerId: refunded.property.ownerId }, { amountPence: 33_001 }),
    );
    await release(addDays(CHECK_IN, 30));
    expect((await transfersOf(request.id)).rows).toEqual([]);
    expect((await transfersOf(refunded.booking.id)).rows).toEqual([]);
    const claims = await t.db.select().from(payoutTransfers);
    expect(claims.every((claim) => claim.sentAt !== null && claim.amountPence > 0)).toBe(true);
  });

  it("lists a payee's own transfers and the shares still to come on Payout Settings", async () => {
    const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const past = await confirmedStay({ ownerId: landlord.user.id, checkIn: addDays(CHECK_IN, 40) });
    const later = await confirmedStay({ ownerId: landlord.user.id, checkIn: addDays(CHECK_IN, 50) });
    await release(addDays(CHECK_IN, 41));

    const answer = await landlord.client.get("/api/payouts/transfers");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      sent: [
        {
          reference: bookingReference(past.booking.id),
          kind: "stay",
          amount: 300.01,
          demo: true,
          date: expect.any(String),
        },
      ],
      upcoming: [
        {
          reference: bookingReference(later.booking.id),
          kind: "stay",
          amount: 300.01,
          demo: true,
          date: addDays(CHECK_IN, 51),
        },
      ],
    });
    const stranger = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    expect((await stranger.client.get("/api/payouts/transfers")).body).toEqual({ sent: [], upcoming: [] });
  });
});
