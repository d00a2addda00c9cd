import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, properties } from "../../server/db/schema";
import { ledgerAccountId } from "../../server/repositories/ledger.repository";
import { stayMoney } from "../../server/repositories/ledger-figures.sql";
import { foldStayFigures } from "../../server/repositories/stay-figures.repository";
import { postCardPayment, postStayConfirmed, postStayRefund } from "../../server/services/money/booking-ledger";
import { createBooking, createProperty, createUser } from "../factories";
import { setUpTestDatabase } from "../support/test-context";

/**
 * The daily stay figures are a copy of what the ledger says per check-in day, city, status and settlement. Whatever
 * changes (money posted by the app or by hand-written SQL, a stay moved to other dates or another status or removed,
 * a listing moved to another city), after a fold they must equal the same sums read straight from the ledger.
 */
describe("the daily stay figures", () => {
  const t = setUpTestDatabase();
  let ownerId: number;
  let camden: number;
  let hackney: number;

  beforeAll(async () => {
    ownerId = (await createUser(t.db, { role: "landlord" })).id;
    camden = (await createProperty(t.db, { ownerId, city: "Camden" })).id;
    hackney = (await createProperty(t.db, { ownerId, city: "Hackney" })).id;
  });

  type Row = {
    check_in: string;
    city: string;
    status: string;
    settlement: string;
    bookings: number;
    gross: number;
    fees: number;
  };

  /** Every stay summed straight from the ledger lines, grouped as the figures are. */
  async function fromLedger(): Promise<Row[]> {
    const result = await t.db.execute<Row>(sql`
      select b.check_in::text, p.city, b.status::text, m.settlement, count(*)::int as bookings,
        sum(m.pence)::int as gross, sum(m.fees)::int as fees
      from bookings b join properties p on p.id = b.property_id cross join ${stayMoney()}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    return result.rows;
  }

  async function fromFigures(): Promise<Row[]> {
    await foldStayFigures(t.db);
    const result = await t.db.execute<Row>(sql`
      select check_in::text, city, status::text, settlement, bookings, gross_pence::int as gross, fee_pence::int as fees
      from stay_figures_daily order by 1, 2, 3, 4`);
    return result.rows;
  }

  async function expectSameAsLedger() {
    const ledger = await fromLedger();
    expect(ledger.length).toBeGreaterThan(0);
    expect(await fromFigures()).toEqual(ledger);
    const waiting = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from stay_figures_pending`);
    expect(waiting.rows[0]?.n).toBe(0);
  }

  const stay = (propertyId: number, checkIn: string, status: "pending" | "confirmed" = "pending") =>
    createBooking(t.db, {
      propertyId,
      status,
      checkIn,
      checkOut: `${checkIn.slice(0, 8)}${String(Number(checkIn.slice(8)) + 1).padStart(2, "0")}`,
      totalPrice: "330.00",
      serviceFee: "30.00",
    });

  it("follow money, dates, statuses, removals and cities as the ledger does", async () => {
    await stay(camden, "2026-06-01", "confirmed");
    const paid = await stay(camden, "2026-06-02");
    const refunded = await stay(hackney, "2026-06-03");
    const request = await stay(hackney, "2026-06-04");
    await t.db.transaction(async (tx) => {
      for (const b of [paid, refunded]) await postStayConfirmed(tx, { ...b, ownerId }, { demo: false });
      await postCardPayment(tx, {
        bookingId: paid.id,
        guestId: paid.guestId,
        paymentIntentId: "pi_fig",
        amountPence: 33_000,
      });
    });
    await t.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, paid.id));
    await expectSameAsLedger();

    // Part of a stay given back, and the stay cancelled.
    await t.db.transaction((tx) => postStayRefund(tx, { id: refunded.id, ownerId }, { amountPence: 11_000 }));
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, refunded.id));
    // A stay moved to other dates and to another listing.
    await t.db
      .update(bookings)
      .set({ checkIn: "2026-07-10", checkOut: "2026-07-12", propertyId: hackney })
      .where(eq(bookings.id, paid.id));
    // A listing renamed to another city moves its stays' figures with it.
    await t.db.update(properties).set({ city: "Islington" }).where(eq(properties.id, camden));
    // A request that never took money is removed.
    await t.db.delete(bookings).where(eq(bookings.id, request.id));
    await expectSameAsLedger();
    // Nothing is left behind on the days stays left.
    const empty = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stay_figures_daily where bookings = 0 and gross_pence = 0 and fee_pence = 0`,
    );
    expect(empty.rows[0]?.n).toBe(0);
  });

  it("count money written by hand-written SQL too, and fold each stay once however often it changed", async () => {
    const b = await stay(camden, "2026-08-01");
    const guest = await ledgerAccountId(t.db, { kind: "guest_receivable", partyId: b.guestId });
    const fees = await ledgerAccountId(t.db, { kind: "platform_fees" });
    // A balanced charge against the stay straight in SQL: no app code runs, the database still marks the stay.
    await t.db.execute(sql`
      with tr as (
        insert into ledger_transactions (kind, idempotency_key, booking_id, demo)
        values ('booking_charge', ${`by-hand:${b.id}`}, ${b.id}, true) returning id
      )
      insert into ledger_entries (transaction_id, account_id, amount_pence)
      select tr.id, ${guest}::int, 500 from tr union all select tr.id, ${fees}::int, -500 from tr`);
    for (const status of ["confirmed", "completed"] as const) {
      await t.db.update(bookings).set({ status }).where(eq(bookings.id, b.id));
    }
    await expectSameAsLedger();
    const [row] = (
      await t.db.execute<{ gross: number; fees: number; settlement: string }>(
        sql`select gross_pence::int as gross, fee_pence::int as fees, settlement from stay_figures_per_stay where booking_id = ${b.id}`,
      )
    ).rows;
    expect(row).toEqual({ gross: 500, fees: 500, settlement: "demo" });
  });
});
