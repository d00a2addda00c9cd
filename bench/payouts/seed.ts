import type { Database } from "../../server/db/client";

/**
 * `stays` confirmed stays that began on `checkIn`, one per listing (stays of one home never overlap), each managed
 * for a 10% fee, charged and paid in the ledger as demo money, the way the app records a stay accepted in demo mode.
 * The first landlord owns `bigLandlordStays` of them; the rest are spread over 750 landlords. Every landlord and
 * manager has a ready demo payout account. Answers the counts and the big landlord's id.
 */
export async function seedStays(
  db: Database,
  options: { stays: number; bigLandlordStays: number; checkIn: string },
): Promise<Record<string, number>> {
  const { stays, bigLandlordStays, checkIn } = options;
  const run = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  await run(`
    insert into users (email, first_name, last_name, role, is_approved, email_verified, phone_verified)
    select 'landlord-' || n || '@payouts.bench', 'Landlord', 'No' || n, 'landlord', true, true, true
      from generate_series(1, 751) n;
    insert into users (email, first_name, last_name, role, email_verified, phone_verified)
    select 'manager-' || n || '@payouts.bench', 'Manager', 'No' || n, 'property_manager', true, true
      from generate_series(1, 100) n;
    insert into users (email, first_name, last_name, role, email_verified, phone_verified)
    select 'guest-' || n || '@payouts.bench', 'Guest', 'No' || n, 'guest', true, true
      from generate_series(1, 1000) n;
    insert into payout_accounts (user_id, demo, details_submitted, charges_enabled, payouts_enabled)
    select id, true, true, true, true from users where role in ('landlord', 'property_manager');`);
  const big = await run("select id from users where email = 'landlord-1@payouts.bench'");
  const bigLandlordId = big.rows[0].id as number;
  await run(
    `create temp table bench_owner as
     select n,
            case when n <= $2 then $3::int
                 else (select id from users where email = 'landlord-' || (2 + n % 750) || '@payouts.bench') end
              as owner_id,
            (select id from users where email = 'manager-' || (1 + n % 100) || '@payouts.bench') as manager_id,
            (select id from users where email = 'guest-' || (1 + n % 1000) || '@payouts.bench') as guest_id
       from generate_series(1, $1::int) n`,
    [stays, bigLandlordStays, bigLandlordId],
  );
  await run(`
    insert into properties (owner_id, slug, title, description, address, city, price_per_night, price_per_month)
    select owner_id, 'bench-home-' || n, 'Bench home ' || n, 'A home for the payouts benchmark, long enough.',
           n || ' Bench Street, Camden, London', 'Camden', 150, 3600
      from bench_owner order by n;
    insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps)
    select p.id, o.manager_id, o.owner_id, 1000
      from bench_owner o join properties p on p.slug = 'bench-home-' || o.n;`);
  await run(
    `insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
                           confirmed_at)
     select p.id, o.guest_id, $1::date, $1::date + 3, 330, 30, 'confirmed', 1, now()
       from bench_owner o join properties p on p.slug = 'bench-home-' || o.n`,
    [checkIn],
  );
  // The ledger as postStayConfirmed writes it in demo mode: the charge split three ways, then a demo payment.
  await run(`
    insert into ledger_accounts (kind) values ('platform_cash'), ('platform_fees')
      on conflict (kind) where party_id is null do nothing;
    insert into ledger_accounts (kind, party_id)
    select 'guest_receivable'::ledger_account_kind, id from users where role = 'guest'
    union all select 'earnings_held', id from users where role in ('landlord', 'property_manager');
    create temp table bench_stay as
    select b.id as booking_id, b.guest_id, p.owner_id, a.manager_id
      from bookings b join properties p on p.id = b.property_id
      join property_manager_assignments a on a.property_id = p.id and a.ended_at is null;
    insert into ledger_transactions (kind, idempotency_key, demo, booking_id)
    select 'booking_charge'::ledger_transaction_kind, 'booking:' || booking_id || ':charge', true, booking_id
      from bench_stay
    union all
    select 'payment_collected', 'booking:' || booking_id || ':payment', true, booking_id from bench_stay;
    insert into ledger_entries (transaction_id, account_id, amount_pence)
    select t.id, a.id, line.amount
      from bench_stay s
      join ledger_transactions t on t.booking_id = s.booking_id
      cross join lateral (values
        ('booking_charge', 'guest_receivable'::ledger_account_kind, s.guest_id, 33000),
        ('booking_charge', 'platform_fees', null::int, -3000),
        ('booking_charge', 'earnings_held', s.owner_id, -27000),
        ('booking_charge', 'earnings_held', s.manager_id, -3000),
        ('payment_collected', 'platform_cash', null, 33000),
        ('payment_collected', 'guest_receivable', s.guest_id, -33000)
      ) as line(transaction_kind, kind, party_id, amount)
      join ledger_accounts a on a.kind = line.kind and a.party_id is not distinct from line.party_id
     where t.kind::text = line.transaction_kind;
    analyze;`);
  const counts = await run(`select (select count(*) from bookings)::int as stays,
    (select count(*) from ledger_entries)::int as ledger_entries`);
  return { stays: counts.rows[0].stays, ledgerEntries: counts.rows[0].ledger_entries, bigLandlordId };
}
