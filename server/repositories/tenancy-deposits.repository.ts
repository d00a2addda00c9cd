import { inArray, sql } from "drizzle-orm";
import { PROTECTION_REMINDER_DAY } from "../../common/domain/tenancy-deposits";
import type { Db, Tx } from "../db/client";
import { tenancyDeposits } from "../db/schema";

export type DepositRecord = typeof tenancyDeposits.$inferSelect;

/** The recorded deposits of these bookings, by booking id. */
export async function findDepositRecords(db: Db, bookingIds: readonly number[]): Promise<Map<number, DepositRecord>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tenancyDeposits)
    .where(inArray(tenancyDeposits.bookingId, [...bookingIds]));
  return new Map(rows.map((row) => [row.bookingId, row]));
}

/** Records (or corrects) a deposit's receipt and protection; the reminder mark stays as it was. */
export async function saveDepositProtection(
  tx: Tx,
  record: Required<Pick<DepositRecord, "bookingId" | "receivedOn" | "scheme" | "certificateNumber" | "protectedOn">> & {
    amountPence: number;
    recordedBy: number;
  },
): Promise<void> {
  const values = { ...record, recordedAt: new Date() };
  await tx
    .insert(tenancyDeposits)
    .values(values)
    .onConflictDoUpdate({
      target: tenancyDeposits.bookingId,
      set: {
        amountPence: values.amountPence,
        receivedOn: values.receivedOn,
        scheme: values.scheme,
        certificateNumber: values.certificateNumber,
        protectedOn: values.protectedOn,
        recordedBy: values.recordedBy,
        recordedAt: values.recordedAt,
      },
    });
}

export type DueDepositReminder = {
  booking_id: number;
  property_title: string;
  amount_pence: number;
  received_on: string;
  owner_email: string;
  owner_first_name: string | null;
};

/**
 * Marks and answers the tenancies whose deposit was received at least 20 days ago (as recorded, or the day the tenancy
 * was confirmed) and is still unprotected, and whose landlord was not reminded yet. The mark is made by the same
 * statement that finds them, so each landlord is reminded once per tenancy whichever instance runs the job.
 */
export async function claimDueDepositReminders(tx: Tx, today: string): Promise<DueDepositReminder[]> {
  const result = await tx.execute<DueDepositReminder>(sql`
    with owed as (
      select b.id as booking_id,
             coalesce(d.amount_pence, round(b.deposit_amount * 100)::bigint) as amount_pence,
             coalesce(d.received_on, (b.confirmed_at at time zone 'Europe/London')::date) as received_on
        from bookings b
        left join tenancy_deposits d on d.booking_id = b.id
       where b.stay_mode = 'tenancy'
         and b.status in ('confirmed', 'completed')
         and b.confirmed_at is not null
         and d.protected_on is null
         and d.reminder_sent_at is null
    ), due as (
      select * from owed
       where amount_pence > 0 and received_on + ${PROTECTION_REMINDER_DAY}::int <= ${today}::date
    ), marked as (
      insert into tenancy_deposits (booking_id, reminder_sent_at)
      select booking_id, now() from due
      on conflict (booking_id) do update set reminder_sent_at = excluded.reminder_sent_at
       where tenancy_deposits.reminder_sent_at is null and tenancy_deposits.protected_on is null
      returning booking_id
    )
    select due.booking_id, p.title as property_title, due.amount_pence::int as amount_pence,
           due.received_on::text as received_on, u.email as owner_email, u.first_name as owner_first_name
      from marked m
      join due on due.booking_id = m.booking_id
      join bookings b on b.id = m.booking_id
      join properties p on p.id = b.property_id
      join users u on u.id = p.owner_id
     where u.closed_at is null
     order by due.booking_id`);
  return result.rows;
}

export type DepositBooking = {
  id: number;
  guest_id: number;
  owner_id: number;
  status: string;
  stay_mode: string | null;
  check_in: string;
  check_out: string;
  created_at: Date;
  confirmed_at: Date | null;
  deposit_amount: string | null;
  total_price: string;
  /** A periodic tenancy's agreed monthly rent; null for a fixed-term one, whose rent is read from its total. */
  agreed_rent_pence: number | null;
  property_title: string;
  property_address: string;
  property_city: string;
  guest_name: string;
  guest_email: string;
  owner_name: string;
  owner_email: string;
};

/**
 * A booking with what a deposit's record and its prescribed information need: both sides, the home and the rent the
 * tenancy was agreed at.
 */
export async function findDepositBooking(db: Db, bookingId: number): Promise<DepositBooking | undefined> {
  const result = await db.execute<DepositBooking>(sql`
    select b.id, b.guest_id, p.owner_id, b.status, b.stay_mode, b.check_in::text, b.check_out::text, b.created_at,
           b.confirmed_at, b.deposit_amount::text, b.total_price::text,
           (select t.monthly_rent_pence from tenancies t where t.booking_id = b.id) as agreed_rent_pence,
           p.title as property_title,
           p.address as property_address, p.city as property_city,
           trim(coalesce(b.guest_first_name, g.first_name, '') || ' ' || coalesce(b.guest_last_name, g.last_name, ''))
             as guest_name,
           coalesce(b.guest_email, g.email) as guest_email,
           trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) as owner_name, o.email as owner_email
      from bookings b
      join properties p on p.id = b.property_id
      join users g on g.id = b.guest_id
      join users o on o.id = p.owner_id
     where b.id = ${bookingId}`);
  const row = result.rows[0];
  return (
    row && {
      ...row,
      created_at: new Date(row.created_at),
      confirmed_at: row.confirmed_at && new Date(row.confirmed_at),
    }
  );
}
