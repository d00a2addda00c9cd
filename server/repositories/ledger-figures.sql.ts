import { type SQL, sql } from "drizzle-orm";

/** Whether the money behind a figure was collected, is only expected, or is demo money (demo mode). */
export type Settlement = "collected" | "expected" | "demo";

/**
 * A lateral subquery (alias `m`) giving each booking's money as the ledger records it, for figures that sum stays;
 * `b` (the booking) must be in scope, and `p` (its property) for the owner's share.
 * - `pence`: for "owner", what the stay earned its property's owner; for "gross", what guests were charged for it.
 *   Both are the charge less what refunds took back, so a cancelled stay that kept part of its nights counts that
 *   part, and the owner's share never includes the platform's service fee.
 * - `fees`: what the platform kept of it as its service fee (the `platform_fees` account), less refunds: its income.
 * - `charged`: null for a booking never charged (a request).
 * - `settlement`: whether the money is real and collected, real and only expected, or demo money.
 */
export function stayMoney(share: "owner" | "gross"): SQL {
  const lines =
    share === "owner"
      ? sql`a.kind = 'earnings_held' and a.party_id = p.owner_id`
      : sql`a.kind in ('earnings_held', 'platform_fees')`;
  return sql`lateral (
    select
      -coalesce(sum(e.amount_pence) filter (where ${lines} and t.kind in ('booking_charge', 'refund')), 0)::bigint
        as pence,
      -coalesce(sum(e.amount_pence) filter (where a.kind = 'platform_fees' and t.kind in ('booking_charge', 'refund')), 0)::bigint
        as fees,
      bool_or(t.kind = 'booking_charge') as charged,
      case when bool_or(t.demo) then 'demo'
           when bool_or(t.kind = 'payment_collected') then 'collected'
           else 'expected' end as settlement
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where t.booking_id = b.id
  ) m`;
}

/**
 * Pence of one of stayMoney's amounts by settlement (`m` in scope): the columns `<prefix>collected`,
 * `<prefix>expected` and `<prefix>demo` a figure's split is summed into.
 */
export function settlementSumsOf(amount: "pence" | "fees", prefix: "" | "fee_" = ""): SQL {
  // Both names come from fixed sets in code, never from input.
  const column = sql.raw(`m.${amount}`);
  const split = (settlement: Settlement) =>
    sql`coalesce(sum(${column}) filter (where m.settlement = ${sql.raw(`'${settlement}'`)}), 0)::float8 as ${sql.raw(`${prefix}${settlement}`)}`;
  return sql.join([split("collected"), split("expected"), split("demo")], sql`, `);
}

/** Pence by settlement: the columns a figure's split is summed into (`m` from stayMoney in scope). */
export const settlementSums = settlementSumsOf("pence");
