import { type SQL, sql } from "drizzle-orm";

/** Whether the money behind a figure was collected, is only expected, or is demo money (demo mode). */
export type Settlement = "collected" | "expected" | "demo";

/**
 * A lateral subquery (alias `m`) giving each booking's money as the ledger records it, for figures that sum stays;
 * `b` (the booking) and `p` (its property) must be in scope.
 * - `pence`: what guests were charged for it, less what refunds took back, so a cancelled stay that kept part of its
 *   nights counts that part.
 * - `owner_pence`: what the stay earned its property's owner, likewise less refunds; never the platform's fee.
 * - `fees`: what the platform kept of it as its service fee (the `platform_fees` account), less refunds: its income.
 * - `charged`: null for a booking never charged (a request).
 * - `settlement`: whether the money is real and collected, real and only expected, or demo money.
 */
export function stayMoney(): SQL {
  const charges = sql`t.kind in ('booking_charge', 'refund')`;
  return sql`lateral (
    select
      -coalesce(sum(e.amount_pence) filter (where a.kind in ('earnings_held', 'platform_fees') and ${charges}), 0)::bigint
        as pence,
      -coalesce(sum(e.amount_pence) filter (where a.kind = 'earnings_held' and a.party_id = p.owner_id and ${charges}), 0)::bigint
        as owner_pence,
      -coalesce(sum(e.amount_pence) filter (where a.kind = 'platform_fees' and ${charges}), 0)::bigint
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
