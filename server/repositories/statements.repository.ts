import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * A payee's statements read from their own ledger account: the earnings StayLondon holds for them (earnings_held),
 * which stays credit, refunds and job costs move, and which a transfer empties towards their bank account. Every read
 * starts from that one account and walks ledger_entries_account_idx (account_id, transaction_id), so the cost grows
 * with the payee's own lines, never with the whole ledger. EXPLAIN of statementLines shows an index scan on
 * ledger_entries_account_idx joined to ledger_transactions by its primary key.
 */

/** The payee's earnings account, or undefined when nothing was ever posted to them. */
export async function heldAccountId(db: Db, partyId: number): Promise<number | undefined> {
  const result = await db.execute<{ id: number }>(
    sql`select id from ledger_accounts where kind = 'earnings_held' and party_id = ${partyId}`,
  );
  return result.rows[0]?.id;
}

/** London midnight at the start of a date, as the instant the database compares with. */
const londonStart = (date: string): SQL => sql`(${date}::date::timestamp at time zone 'Europe/London')`;

export type StatementMonthRow = { month: string; lines: number; sumPence: number; demo: boolean };

/** Each London month with lines on the account, oldest first: how many, their sum (ledger sign), any demo. */
export async function statementMonths(db: Db, accountId: number): Promise<StatementMonthRow[]> {
  const result = await db.execute<{ month: string; lines: string; sum: string; demo: boolean }>(sql`
    select to_char(t.created_at at time zone 'Europe/London', 'YYYY-MM') as month, count(*) as lines,
           sum(e.amount_pence) as sum, bool_or(t.demo) as demo
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.account_id = ${accountId}
     group by 1
     order by 1`);
  return result.rows.map((row) => ({
    month: row.month,
    lines: Number(row.lines),
    sumPence: Number(row.sum),
    demo: row.demo,
  }));
}

/** The sum of the account's lines before a London date (ledger sign: a credit owed to the payee is negative). */
export async function balanceBefore(db: Db, accountId: number, date: string): Promise<number> {
  const result = await db.execute<{ sum: string | null }>(sql`
    select sum(e.amount_pence) as sum
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.account_id = ${accountId} and t.created_at < ${londonStart(date)}`);
  return Number(result.rows[0]?.sum ?? 0);
}

export type StatementLineRow = {
  entryId: number;
  date: string;
  kind: string;
  demo: boolean;
  memo: string | null;
  bookingId: number | null;
  jobId: number | null;
  /** Ledger sign. */
  amountPence: number;
  /** The payee owns the stay's property: a landlord's line, which shows the stay's figures beside it. */
  owner: boolean;
  /** From the same charge transaction, for a landlord's stay line only; null otherwise. */
  stayTotalPence: number | null;
  serviceFeePence: number | null;
  managerFeePence: number | null;
};

/**
 * The account's lines from one London date up to another, in the order they were posted. A landlord's stay line
 * carries its stay's total, the guest's service fee and the manager's fee from the same charge, read through
 * ledger_entries_transaction_idx; a manager's line carries none of them, so nobody sees another's share.
 */
export async function statementLines(
  db: Db,
  accountId: number,
  partyId: number,
  range: { from: string; to: string },
): Promise<StatementLineRow[]> {
  const result = await db.execute<Record<keyof StatementLineRow, unknown>>(sql`
    select e.id as "entryId", to_char(t.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as date,
           t.kind, t.demo, t.memo, t.booking_id as "bookingId", t.maintenance_job_id as "jobId",
           e.amount_pence as "amountPence", coalesce(p.owner_id = ${partyId}, false) as owner,
           stay.total as "stayTotalPence", stay.fee as "serviceFeePence", stay.manager as "managerFeePence"
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      left join bookings b on b.id = t.booking_id
      left join properties p on p.id = b.property_id
      left join lateral (
        select sum(x.amount_pence) filter (where xa.kind = 'guest_receivable') as total,
               -coalesce(sum(x.amount_pence) filter (where xa.kind = 'platform_fees'), 0) as fee,
               -coalesce(sum(x.amount_pence) filter (where xa.kind = 'earnings_held' and xa.party_id <> ${partyId}), 0)
                 as manager
          from ledger_entries x
          join ledger_accounts xa on xa.id = x.account_id
         where x.transaction_id = t.id
      ) stay on t.kind = 'booking_charge' and p.owner_id = ${partyId}
     where e.account_id = ${accountId}
       and t.created_at >= ${londonStart(range.from)} and t.created_at < ${londonStart(range.to)}
     order by t.created_at, t.id, e.id`);
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return result.rows.map((row) => ({
    entryId: Number(row.entryId),
    date: String(row.date),
    kind: String(row.kind),
    demo: Boolean(row.demo),
    memo: (row.memo as string | null) ?? null,
    bookingId: num(row.bookingId),
    jobId: num(row.jobId),
    amountPence: Number(row.amountPence),
    owner: Boolean(row.owner),
    stayTotalPence: num(row.stayTotalPence),
    serviceFeePence: num(row.serviceFeePence),
    managerFeePence: num(row.managerFeePence),
  }));
}

/** The tax years (2026 for 2026-27) in which the account has lines, newest first. */
export async function taxYearsWithLines(db: Db, accountId: number): Promise<number[]> {
  const result = await db.execute<{ start: number }>(sql`
    select distinct
           case when to_char(t.created_at at time zone 'Europe/London', 'MM-DD') >= '04-06'
                then extract(year from t.created_at at time zone 'Europe/London')::int
                else extract(year from t.created_at at time zone 'Europe/London')::int - 1 end as start
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.account_id = ${accountId}
     order by 1 desc`);
  return result.rows.map((row) => Number(row.start));
}

export type TaxYearPropertyRow = {
  propertyId: number;
  title: string;
  grossPence: number;
  refundsPence: number;
  managerFeesPence: number;
  jobCostsPence: number;
  netPence: number;
  demoNetPence: number;
};

/**
 * A landlord's lettings money per property over a span of London dates, from the transactions on their own account
 * for properties they own: what the stays' nights earned (their share and the manager's fee, before refunds), what
 * refunds took back, the manager's fees after refunds, job costs, and the net (their own lines' sum), with the part
 * of the net that is demo money. All in the payee's sign (money to them positive).
 */
export async function taxYearByProperty(
  db: Db,
  accountId: number,
  landlordId: number,
  range: { from: string; to: string },
): Promise<TaxYearPropertyRow[]> {
  const result = await db.execute<Record<keyof TaxYearPropertyRow, string>>(sql`
    with mine as (
      select distinct t.id, t.kind, t.demo, coalesce(b.property_id, j.property_id) as property_id
        from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        left join bookings b on b.id = t.booking_id
        left join maintenance_jobs j on j.id = t.maintenance_job_id
       where e.account_id = ${accountId}
         and t.kind in ('booking_charge', 'refund', 'job_cost')
         and t.created_at >= ${londonStart(range.from)} and t.created_at < ${londonStart(range.to)}
    )
    select p.id as "propertyId", p.title,
           -coalesce(sum(x.amount_pence) filter (where m.kind = 'booking_charge'), 0) as "grossPence",
           coalesce(sum(x.amount_pence) filter (where m.kind = 'refund'), 0) as "refundsPence",
           -coalesce(sum(x.amount_pence) filter (where m.kind in ('booking_charge', 'refund') and xa.party_id <> ${landlordId}), 0)
             as "managerFeesPence",
           coalesce(sum(x.amount_pence) filter (where m.kind = 'job_cost' and xa.party_id = ${landlordId}), 0)
             as "jobCostsPence",
           -coalesce(sum(x.amount_pence) filter (where xa.party_id = ${landlordId}), 0) as "netPence",
           -coalesce(sum(x.amount_pence) filter (where xa.party_id = ${landlordId} and m.demo), 0) as "demoNetPence"
      from mine m
      join properties p on p.id = m.property_id and p.owner_id = ${landlordId}
      join ledger_entries x on x.transaction_id = m.id
      join ledger_accounts xa on xa.id = x.account_id and xa.kind = 'earnings_held'
     where m.kind <> 'job_cost' or xa.party_id = ${landlordId}
     group by p.id, p.title
     order by p.title, p.id`);
  return result.rows.map((row) => ({
    propertyId: Number(row.propertyId),
    title: row.title,
    grossPence: Number(row.grossPence),
    refundsPence: Number(row.refundsPence),
    managerFeesPence: Number(row.managerFeesPence),
    jobCostsPence: Number(row.jobCostsPence),
    netPence: Number(row.netPence),
    demoNetPence: Number(row.demoNetPence),
  }));
}

/** What transfers sent to the payee's bank account over a span of London dates (less reversals), and the demo part. */
export async function transfersBetween(
  db: Db,
  accountId: number,
  range: { from: string; to: string },
): Promise<{ pence: number; demoPence: number }> {
  const result = await db.execute<{ pence: string | null; demo: string | null }>(sql`
    select sum(e.amount_pence) as pence, sum(e.amount_pence) filter (where t.demo) as demo
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.account_id = ${accountId} and t.kind in ('transfer', 'transfer_reversal')
       and t.created_at >= ${londonStart(range.from)} and t.created_at < ${londonStart(range.to)}`);
  return { pence: Number(result.rows[0]?.pence ?? 0), demoPence: Number(result.rows[0]?.demo ?? 0) };
}
