import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LedgerAccountRef, LedgerLine } from "../../common/domain/ledger";
import { ledgerBalances, postLedgerTransaction } from "../../server/repositories/ledger.repository";
import { createUser } from "../factories";
import { setUpTestDatabase } from "../support/test-context";

const t = setUpTestDatabase();

/** The PostgreSQL error behind a refused statement or commit (drizzle wraps it in `cause`). */
async function refusal(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string; message?: string }> {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  }
  throw new Error("the database accepted what it should have refused");
}

const cash: LedgerAccountRef = { kind: "platform_cash" };
const fees: LedgerAccountRef = { kind: "platform_fees" };
const held = (partyId: number): LedgerAccountRef => ({ kind: "earnings_held", partyId });
const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe("the ledger balances by construction", () => {
  it("records a balanced transaction and answers each account's balance", async () => {
    const landlord = await createUser(t.db, { role: "landlord" });
    await t.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: "adjustment",
        idempotencyKey: key(),
        demo: false,
        memo: "Opening balance",
        lines: [
          { account: cash, amountPence: 12_345 },
          { account: held(landlord.id), amountPence: -12_000 },
          { account: fees, amountPence: -345 },
        ],
      }),
    );
    expect(await ledgerBalances(t.db, { partyId: landlord.id })).toEqual([
      { kind: "earnings_held", partyId: landlord.id, balancePence: -12_000 },
    ]);
  });

  it("refuses at commit lines written straight to the table that do not sum to zero, keeping nothing", async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query(
        "insert into ledger_transactions (kind, idempotency_key, demo) values ('transfer', $1, false) returning id",
        [key()],
      );
      const account = await client.query(
        "insert into ledger_accounts (kind) values ('connected_cash') on conflict do nothing returning id",
      );
      const accountId =
        account.rows[0]?.id ??
        (await client.query("select id from ledger_accounts where kind = 'connected_cash'")).rows[0].id;
      await client.query(
        "insert into ledger_entries (transaction_id, account_id, amount_pence) values ($1, $2, 500), ($1, $2, -499)",
        [rows[0].id, accountId],
      );
      const error = await refusal(client.query("commit"));
      expect(error.code).toBe("23514");
      expect(error.constraint).toBe("ledger_transactions_balanced");
    } finally {
      await client.query("rollback").catch(() => {});
      client.release();
    }
    const { rows } = await t.db.$client.query(
      "select count(*)::int as n from ledger_transactions where kind = 'transfer'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("refuses a transaction with no lines at all", async () => {
    const error = await refusal(
      t.db.$client.query("insert into ledger_transactions (kind, idempotency_key, demo) values ('payout', $1, true)", [
        key(),
      ]),
    );
    expect(error.constraint).toBe("ledger_transactions_balanced");
  });

  it("never changes or removes what was posted", async () => {
    const guest = await createUser(t.db);
    const { transactionId } = await t.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: "payment_collected",
        idempotencyKey: key(),
        demo: true,
        lines: [
          { account: cash, amountPence: 900 },
          { account: { kind: "guest_receivable", partyId: guest.id }, amountPence: -900 },
        ],
      }),
    );
    for (const statement of [
      "update ledger_entries set amount_pence = 1 where transaction_id = $1",
      "delete from ledger_entries where transaction_id = $1",
      "update ledger_transactions set demo = false where id = $1",
      "delete from ledger_transactions where id = $1",
    ]) {
      expect((await refusal(t.db.$client.query(statement, [transactionId]))).code).toBe("23001");
    }
    expect((await refusal(t.db.$client.query("truncate ledger_entries cascade"))).code).toBe("23001");
  });

  it("posts an event once however often it is replayed, even at the same moment", async () => {
    const contractor = await createUser(t.db, { role: "contractor" });
    const once = key();
    const post = () =>
      t.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind: "job_cost",
          idempotencyKey: once,
          demo: false,
          lines: [
            { account: cash, amountPence: 4_000 },
            { account: held(contractor.id), amountPence: -4_000 },
          ],
        }),
      );
    const results = await Promise.all([post(), post(), post()]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await ledgerBalances(t.db, { partyId: contractor.id })).toEqual([
      { kind: "earnings_held", partyId: contractor.id, balancePence: -4_000 },
    ]);
  });

  it("refuses in code, before writing, what the database would refuse", async () => {
    const error = await refusal(
      t.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind: "refund",
          idempotencyKey: key(),
          demo: false,
          lines: [
            { account: cash, amountPence: -100 },
            { account: fees, amountPence: 99 },
          ],
        }),
      ),
    );
    expect(error.message).toContain("sum to zero");
  });

  it("keeps every balance equal to the sum of what was posted, over any sequence of balanced postings", async () => {
    const people = await Promise.all([0, 1, 2].map(() => createUser(t.db, { role: "landlord" })));
    const accounts: LedgerAccountRef[] = [cash, fees, { kind: "connected_cash" }, ...people.map((p) => held(p.id))];
    const posting = fc
      .array(fc.tuple(fc.integer({ min: 0, max: accounts.length - 1 }), fc.integer({ min: -50_000, max: 50_000 })), {
        minLength: 1,
        maxLength: 4,
      })
      .map((legs) => legs.filter(([, amount]) => amount !== 0));
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 6 }), async (postings) => {
        const before = await ledgerBalances(t.db);
        const expected = new Map(before.map((b) => [`${b.kind}/${b.partyId}`, b.balancePence]));
        for (const legs of postings) {
          if (legs.length === 0) continue;
          // Each leg moves money from cash to an account, so the transaction balances whatever the legs are.
          const lines: LedgerLine[] = legs.flatMap(([index, amount]) => {
            const account = accounts[index] as LedgerAccountRef;
            return account === cash
              ? []
              : [
                  { account, amountPence: amount },
                  { account: cash, amountPence: -amount },
                ];
          });
          if (lines.length === 0) continue;
          await t.db.transaction((tx) =>
            postLedgerTransaction(tx, {
              kind: "adjustment",
              memo: "generated",
              idempotencyKey: key(),
              demo: false,
              lines,
            }),
          );
          for (const line of lines) {
            const name = `${line.account.kind}/${line.account.partyId ?? null}`;
            expected.set(name, (expected.get(name) ?? 0) + line.amountPence);
          }
        }
        const after = await ledgerBalances(t.db);
        expect(after.reduce((sum, b) => sum + b.balancePence, 0)).toBe(0);
        for (const b of after) expect(b.balancePence).toBe(expected.get(`${b.kind}/${b.partyId}`) ?? 0);
      }),
      { numRuns: 25 },
    );
  });
});
