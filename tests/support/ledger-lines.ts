import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";

export type PostedSummary = {
  key: string;
  kind: string;
  demo: boolean;
  stripe: string | null;
  lines: Record<string, number>;
};

/**
 * A booking's ledger as a test reads it: each transaction with its lines keyed `kind` or `kind:party`, in the order
 * they were posted.
 */
export async function ledgerOfBooking(db: Db, bookingId: number): Promise<PostedSummary[]> {
  const result = await db.execute<PostedSummary>(sql`
    select t.idempotency_key as key, t.kind, t.demo, t.stripe_object_id as stripe,
           json_object_agg(a.kind || coalesce(':' || a.party_id, ''), e.amount_pence order by a.kind) as lines
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where t.booking_id = ${bookingId}
     group by t.id order by t.id`);
  return result.rows;
}

/** The sum of every line in the ledger: zero whenever the books balance. */
export async function ledgerTotal(db: Db): Promise<number> {
  const result = await db.execute<{ total: string | null }>(
    sql`select sum(amount_pence)::text as total from ledger_entries`,
  );
  return Number(result.rows[0]?.total ?? 0);
}
