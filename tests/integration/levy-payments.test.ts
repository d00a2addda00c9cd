import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { londonToday } from "../../common/domain/calendar-dates";
import { levyQuarterOf } from "../../common/domain/uk-law";
import { ledgerBalances } from "../../server/repositories/ledger.repository";
import { HttpClient } from "../support/http-client";
import { ledgerTotal } from "../support/ledger-lines";
import { pastLeviedStay } from "../support/levied-stay";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * A host pays a quarter's visitor levy, held for them in their levy account, to the council, through the real API:
 * the ledger clears the quarter, the return shows levied, paid and still owed, and a second or an excessive payment
 * is refused with nothing written.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const client = () => new HttpClient(server.baseUrl);

async function hostWithHeldLevy() {
  const host = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const guest = await signedInUser(t.db, server.baseUrl);
  await pastLeviedStay(t.db, host.user.id, guest.user.id);
  return { host, guest };
}

const levyHeld = async (hostId: number) =>
  (await ledgerBalances(t.db, { partyId: hostId })).find((b) => b.kind === "levy_payable")?.balancePence;
const levyPayments = async () =>
  Number(
    (await t.db.execute<{ n: string }>(sql`select count(*) as n from ledger_transactions where kind = 'levy_payment'`))
      .rows[0]?.n,
  );
const pay = (c: HttpClient, body: Record<string, unknown>, year = 2026) =>
  c.post(`/api/levy-returns/${year}/payments`, body);

describe("paying a quarter's held visitor levy to the council", () => {
  it("clears the quarter from the host's levy account in a balanced, labelled demo transaction", async () => {
    const { host } = await hostWithHeldLevy();
    expect(await levyHeld(host.user.id)).toBe(-3000);
    const before = await host.client.get("/api/levy-returns/2026");
    expect(before.body.quarters).toEqual([
      expect.objectContaining({ quarter: "2026-Q3", levyPence: 3000, paidPence: 0, owedPence: 3000, payment: null }),
    ]);

    const paid = await pay(host.client, { quarter: 3, amount: "30.00", reference: "EDN-VL-2026-Q3-001" });
    expect(paid.status).toBe(201);
    expect(paid.body.quarters).toEqual([
      expect.objectContaining({
        quarter: "2026-Q3",
        levyPence: 3000,
        paidPence: 3000,
        owedPence: 0,
        payment: expect.objectContaining({ amountPence: 3000, reference: "EDN-VL-2026-Q3-001", demo: true }),
      }),
    ]);
    expect(paid.body.demo).toBe(true);
    expect(await levyHeld(host.user.id)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0);
    const row = await t.db.execute<{ levy_quarter: string; demo: boolean }>(
      sql`select levy_quarter, demo from ledger_transactions where kind = 'levy_payment'
          and idempotency_key = ${`levy-payment:${host.user.id}:2026-Q3`}`,
    );
    expect(row.rows).toEqual([{ levy_quarter: "2026-Q3", demo: true }]);
    expect((await host.client.get("/api/levy-returns/2026")).body).toEqual(paid.body);
  });

  it("refuses paying more than is owed, and paying a quarter twice, writing nothing", async () => {
    const { host } = await hostWithHeldLevy();
    const count = await levyPayments();
    const over = await pay(host.client, { quarter: 3, amount: "30.01", reference: "EDN-OVER" });
    expect(over.status).toBe(422);
    expect(over.body.message).toMatch(/more than the £30\.00 of levy owed for 2026-Q3/);
    expect(await levyPayments()).toBe(count);

    expect((await pay(host.client, { quarter: 3, amount: "20.00", reference: "EDN-PART" })).status).toBe(201);
    const again = await pay(host.client, { quarter: 3, amount: "10.00", reference: "EDN-AGAIN" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already paid/);
    expect(await levyPayments()).toBe(count + 1);
    const left = await host.client.get("/api/levy-returns/2026");
    expect((left.body.quarters as unknown[])[0]).toMatchObject({ levyPence: 3000, paidPence: 2000, owedPence: 1000 });
    expect(await levyHeld(host.user.id)).toBe(-1000);
  });

  it("refuses a quarter that owes nothing or has not ended yet", async () => {
    const { host } = await hostWithHeldLevy();
    const nothing = await pay(host.client, { quarter: 2, amount: "1.00", reference: "EDN-Q2" });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toMatch(/No visitor levy is owed for 2026-Q2/);
    const today = londonToday();
    const current = Number(levyQuarterOf(today).slice(-1));
    const open = await pay(
      host.client,
      { quarter: current, amount: "1.00", reference: "EDN-NOW" },
      Number(today.slice(0, 4)),
    );
    expect(open.status).toBe(409);
    expect(open.body.message).toMatch(/once the quarter has ended/);
  });

  it("lets nobody else pay a host's levy: another landlord reaches only their own, guests and visitors are refused", async () => {
    const { host, guest } = await hostWithHeldLevy();
    const other = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const theirs = await pay(other.client, { quarter: 3, amount: "30.00", reference: "EDN-OTHER" });
    expect(theirs.status).toBe(409);
    expect((await pay(guest.client, { quarter: 3, amount: "30.00", reference: "EDN-GUEST" })).status).toBe(403);
    expect((await pay(client(), { quarter: 3, amount: "30.00", reference: "EDN-ANON" })).status).toBe(401);
    expect(await levyHeld(host.user.id)).toBe(-3000);
  });

  it.each([
    ["a fifth quarter", { quarter: 5, amount: "30.00", reference: "EDN-Q5" }, /quarter must be from 1 to 4/],
    ["a third decimal place", { quarter: 3, amount: "10.005", reference: "EDN-DEC" }, /at most two decimal places/],
    ["a zero amount", { quarter: 3, amount: "0.00", reference: "EDN-ZERO" }, /more than zero/],
    ["markup in the reference", { quarter: 3, amount: "30.00", reference: "<script>x" }, /plain text/],
    ["an unknown field", { quarter: 3, amount: "30.00", reference: "EDN-X", council: "x" }, /council|Unrecognized/i],
  ])("refuses %s with a 400 and a message", async (_, body, message) => {
    const { host } = await hostWithHeldLevy();
    const refused = await pay(host.client, body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(message);
    expect(await levyHeld(host.user.id)).toBe(-3000);
  });
});
