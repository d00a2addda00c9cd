import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, londonToday } from "../../common/domain/calendar-dates";
import { taxYearOf } from "../../common/domain/money-documents";
import type { TStatement, TStatementMonth, TTaxReport } from "../../common/schemas/money-documents";
import { ledgerAccountId, postLedgerTransaction } from "../../server/repositories/ledger.repository";
import { stayChargeLines } from "../../server/services/money/booking-postings";
import { createBooking, createProperty, createUser } from "../factories";
import { download } from "../support/pdf-text";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * A payee's monthly statement and a landlord's tax-year summary through the real HTTP layer: opening balance plus the
 * month's lines is the closing balance, a landlord and their manager each see only their own lines, and bad months
 * are refused with a 400.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const THIS_MONTH = londonToday().slice(0, 7);
const LAST_MONTH = addMonths(`${THIS_MONTH}-01`, -1).slice(0, 7);

/** A landlord, their manager and a stay on their property whose charge gives the manager a fee. */
async function managedStay() {
  const landlord = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const manager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
  const guest = await createUser(t.db);
  const property = await createProperty(t.db, { ownerId: landlord.user.id, title: "Mews House" });
  const booking = await createBooking(t.db, {
    propertyId: property.id,
    guestId: guest.id,
    checkIn: addDays(londonToday(), 20),
    checkOut: addDays(londonToday(), 23),
  });
  // £612.37 charged: a £55.00 service fee, a £83.11 manager's fee and £474.26 for the landlord.
  await t.db.transaction((tx) =>
    postLedgerTransaction(tx, {
      kind: "booking_charge",
      idempotencyKey: `booking:${booking.id}:charge`,
      bookingId: booking.id,
      demo: true,
      lines: stayChargeLines(
        { guestId: guest.id, landlordId: landlord.user.id, managerId: manager.user.id },
        { totalPence: 61237, serviceFeePence: 5500, managerFeePence: 8311 },
      ),
    }),
  );
  return { landlord, manager, booking, property };
}

/** A balanced transaction on the payee's earnings dated in the past (the ledger's one writer dates it now). */
async function postedLastMonth(partyId: number, pence: number) {
  await t.db.transaction(async (tx) => {
    const held = await ledgerAccountId(tx, { kind: "earnings_held", partyId });
    const fees = await ledgerAccountId(tx, { kind: "adjustments" });
    const created = await tx.execute<{ id: number }>(sql`
      insert into ledger_transactions (kind, idempotency_key, demo, memo, created_at)
      values ('adjustment', ${`test:last-month:${partyId}`}, true, 'Opening credit',
              (${`${LAST_MONTH}-15`}::date::timestamp at time zone 'Europe/London'))
      returning id`);
    const id = created.rows[0]?.id;
    await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_pence)
                         values (${id}, ${held}, ${-pence}), (${id}, ${fees}, ${pence})`);
  });
}

describe("monthly statements", () => {
  it("adds the month's lines to the opening balance, and shows a landlord the stay's figures", async () => {
    const { landlord, booking } = await managedStay();
    await postedLastMonth(landlord.user.id, 1001);

    const months = (await landlord.client.get("/api/statements")).body as unknown as TStatementMonth[];
    expect(months).toEqual([
      { month: THIS_MONTH, lines: 1, closingPence: 1001 + 47426, demo: true },
      { month: LAST_MONTH, lines: 1, closingPence: 1001, demo: true },
    ]);

    const response = await landlord.client.get(`/api/statements/${THIS_MONTH}`);
    expect(response.status).toBe(200);
    const statement = response.body as unknown as TStatement;
    expect(statement.openingPence).toBe(1001);
    expect(statement.lines).toEqual([
      {
        id: expect.any(Number),
        date: londonToday(),
        reference: `SL-${String(booking.id).padStart(6, "0")}`,
        description: "Stay earnings",
        amountPence: 47426,
        balancePence: 48427,
        demo: true,
        stay: { totalPence: 61237, serviceFeePence: 5500, managerFeePence: 8311 },
      },
    ]);
    expect(statement.openingPence + statement.lines.reduce((sum, line) => sum + line.amountPence, 0)).toBe(
      statement.closingPence,
    );

    const last = (await landlord.client.get(`/api/statements/${LAST_MONTH}`)).body as unknown as TStatement;
    expect(last).toMatchObject({ openingPence: 0, closingPence: 1001 });
    expect(last.lines[0]).toMatchObject({ description: "Adjustment: Opening credit", reference: null });

    const pdf = await download(server.baseUrl, landlord.client, `/api/statements/${THIS_MONTH}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.text).toContain("Stay earnings (demo) £474.26 £484.27");
    expect(pdf.text).toContain("Stay total £612.37, guest's service fee £55.00, manager's fee £83.11");
    expect(pdf.text).toContain("Opening balance £10.01");

    const csv = await download(server.baseUrl, landlord.client, `/api/statements/${THIS_MONTH}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.disposition).toBe(`attachment; filename="staylondon-statement-${THIS_MONTH}.csv"`);
    expect(csv.text.split("\r\n")).toEqual([
      "Date,Reference,Description,Amount (GBP),Balance (GBP),Demo,Stay total (GBP),Service fee (GBP),Manager's fee (GBP)",
      `${londonToday()},SL-${String(booking.id).padStart(6, "0")},Stay earnings,474.26,484.27,demo,612.37,55.00,83.11`,
      "",
    ]);
  });

  it("shows the manager their fee and nothing of the landlord's share, and the landlord nothing of the manager's lines", async () => {
    const { landlord, manager } = await managedStay();
    const mine = (await manager.client.get(`/api/statements/${THIS_MONTH}`)).body as unknown as TStatement;
    expect(mine.lines).toEqual([
      expect.objectContaining({ description: "Manager's fee", amountPence: 8311, balancePence: 8311, stay: null }),
    ]);
    expect(JSON.stringify(mine)).not.toContain("47426");
    const pdf = await download(server.baseUrl, manager.client, `/api/statements/${THIS_MONTH}.pdf`);
    expect(pdf.text).toContain("Manager's fee (demo) £83.11");
    expect(pdf.text).not.toContain("474.26");

    const theirs = (await landlord.client.get(`/api/statements/${THIS_MONTH}`)).body as unknown as TStatement;
    expect(theirs.lines.map((line) => line.description)).toEqual(["Stay earnings"]);
    expect(theirs.closingPence).toBe(47426);
  });

  it("refuses bad months, guests and the signed out", async () => {
    const { landlord } = await managedStay();
    const next = addMonths(`${THIS_MONTH}-01`, 1).slice(0, 7);
    for (const month of ["2026-13", "abc", "2026-1", next]) {
      for (const suffix of ["", ".pdf", ".csv"]) {
        const answer = await download(server.baseUrl, landlord.client, `/api/statements/${month}${suffix}`);
        expect(answer.status, `${month}${suffix}`).toBe(400);
        // A malformed month is told how to write one; a month to come, that it has not started.
        expect(JSON.parse(answer.text).message).toMatch(
          month === next ? `${next} has not started yet.` : /The month must be written YYYY-MM, such as 2026-03/,
        );
      }
    }
    const guest = await signedInUser(t.db, server.baseUrl);
    expect((await guest.client.get("/api/statements")).status).toBe(403);
    expect((await guest.client.get(`/api/statements/${THIS_MONTH}`)).status).toBe(403);
    expect((await download(server.baseUrl, null, `/api/statements/${THIS_MONTH}.pdf`)).status).toBe(401);
    const manager = await signedInUser(t.db, server.baseUrl, { role: "property_manager" });
    expect((await manager.client.get("/api/tax-reports")).status).toBe(403);
  });
});

describe("tax-year summary", () => {
  it("sums a landlord's year per property, with the manager's fees, and says how much is demo", async () => {
    const { landlord } = await managedStay();
    const year = taxYearOf(londonToday());
    expect((await landlord.client.get("/api/tax-reports")).body).toEqual({ years: [year] });
    const report = (await landlord.client.get(`/api/tax-reports/${year}`)).body as unknown as TTaxReport;
    expect(report.totals).toEqual({
      grossPence: 47426 + 8311,
      refundsPence: 0,
      managerFeesPence: 8311,
      jobCostsPence: 0,
      netPence: 47426,
      demoNetPence: 47426,
      transfersPence: 0,
      demoTransfersPence: 0,
    });
    expect(report.properties).toEqual([expect.objectContaining({ title: "Mews House", netPence: 47426 })]);
    const pdf = await download(server.baseUrl, landlord.client, `/api/tax-reports/${year}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.flat).toContain("It is not tax advice");
    expect(pdf.text).toContain("Mews House £557.37");
    for (const bad of ["2026-28", "abc", "2099-00"]) {
      expect((await landlord.client.get(`/api/tax-reports/${bad}`)).status, bad).toBe(400);
    }
  });
});
