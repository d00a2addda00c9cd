import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export type LevyStayRow = {
  check_in: string;
  levied_nights: number;
  levied_price: string;
  visitor_levy: string;
  demo: boolean;
};

/**
 * A host's confirmed or completed stays in a year that carried a visitor levy, from the bookings of listings they
 * own. Cancelled stays owe no levy (their charge was given back).
 */
export async function findLeviedStays(db: Db, hostId: number, year: number): Promise<LevyStayRow[]> {
  const result = await db.execute<LevyStayRow>(sql`
    select b.check_in::text as check_in, b.levied_nights, b.levied_price::text as levied_price,
           b.visitor_levy::text as visitor_levy,
           exists (select 1 from ledger_transactions t where t.booking_id = b.id and t.demo) as demo
    from bookings b join properties p on p.id = b.property_id
    where p.owner_id = ${hostId} and b.status in ('confirmed', 'completed') and b.visitor_levy > 0
      and b.check_in >= ${`${year}-01-01`}::date and b.check_in < ${`${year + 1}-01-01`}::date
    order by b.check_in`);
  return result.rows;
}

export type LevyPaymentRow = {
  levy_quarter: string;
  amount_pence: number;
  reference: string;
  paid_at: Date;
  demo: boolean;
};

/** A host's payments of held levy to the council in a year, one per quarter: what left their levy account. */
export async function findLevyPayments(db: Db, hostId: number, year: number): Promise<LevyPaymentRow[]> {
  const result = await db.execute<LevyPaymentRow>(sql`
    select t.levy_quarter, e.amount_pence::int as amount_pence, coalesce(t.memo, '') as reference,
           t.created_at as paid_at, t.demo
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where t.kind = 'levy_payment' and a.kind = 'levy_payable' and a.party_id = ${hostId}
      and t.levy_quarter like ${`${year}-Q_`}
    order by t.levy_quarter`);
  return result.rows.map((row) => ({ ...row, paid_at: new Date(row.paid_at) }));
}
