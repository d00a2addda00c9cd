/**
 * The platform at the size the admin area must handle, seeded set-based in SQL: 100,000 users, 100,000 listings,
 * 1,000,000 bookings with their money in the ledger, and 200,000 audit entries (bench/admin/run.ts measures the admin
 * calls on it). BENCH_SCALE (default 1) scales people, listings and audit entries, for a quick run while developing.
 */
import { sql } from "drizzle-orm";
import { addDays } from "../../common/domain/calendar-dates";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import type { Database } from "../../server/db/client";
import { stayStatusByDate } from "../support/bench-postgres";
import { postSeededStays } from "../support/stay-ledger";

export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error("BENCH_SCALE is a fraction of the full size, above 0 and at most 1");
const USERS = Math.round(100_000 * SCALE);
const PROPERTIES = Math.round(100_000 * SCALE);
const BOOKINGS_PER_PROPERTY = 10;
const AUDIT_ENTRIES = Math.round(200_000 * SCALE);

const FIRST_NAMES = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Ella",
  "Femi",
  "Grace",
  "Hugo",
  "Isla",
  "Jack",
  "Kiran",
  "Leah",
  "Milo",
  "Nadia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Umar",
  "Vera",
  "Will",
  "Xena",
  "Yusuf",
  "Zara",
];
const LAST_NAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Khan",
  "Lewis",
  "Harris",
  "Okafor",
  "Murphy",
  "Hughes",
  "Edwards",
  "Turner",
  "Collins",
];
/** The twelve London boroughs (the first twelve: their region is London), then other towns. */
const CITIES = [
  ...LONDON_BOROUGHS,
  "Edinburgh",
  "Manchester",
  "Bath",
  "Oxford",
  "Cambridge",
  "Brighton",
  "York",
  "Bristol",
];

const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(", ")}]`);

/**
 * The platform, set-based: people, listings with photos, two years of bookings and their money (demo money in the
 * first year, card payments since; `today` is London's), a year of audit entries.
 */
export async function seedPlatform(db: Database, today: string): Promise<Record<string, number>> {
  // One in 20 accounts is a landlord (one in 10 of those still waiting for approval), a few are staff;
  // a third were seen in the last 90 days; one in 500 is frozen; one in 8 has not verified the e-mail.
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, is_approved, email_verified, phone_verified, is_frozen,
      frozen_at, created_at, last_seen_at)
    select 'user-' || g || '@bench.example',
      (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
      (${list(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      (case when g % 20 = 0 then 'landlord' when g % 500 = 1 then 'property_manager' when g % 700 = 2 then 'contractor'
        when g % 5000 = 3 then 'admin' else 'guest' end)::user_role,
      not (g % 20 = 0 and g % 200 = 0), g % 8 <> 5, g % 3 = 0, g % 500 = 7,
      case when g % 500 = 7 then now() - (g % 30) * interval '1 day' end,
      now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute',
      case when g % 3 = 0 then now() - (g % 90) * interval '1 day' end
    from generate_series(1, ${USERS}::int) g`);
  // Listings spread over the approved landlords; some inactive, some under maintenance, some removed.
  await db.execute(sql`
    with owners as (
      select id, row_number() over (order by id) - 1 as n, count(*) over () as total
      from users where role = 'landlord' and is_approved
    )
    insert into properties (owner_id, slug, title, description, address, city, region, price_per_night, price_per_month,
      bedrooms, max_guests, is_active, under_maintenance, removed_at, removal_reason, created_at)
    select o.id, 'admin-bench-' || g,
      (array['Bright', 'Quiet', 'Elegant', 'Riverside', 'Garden', 'Loft', 'Mews', 'Penthouse'])[1 + g % 8] || ' ' ||
        (array['flat', 'house', 'studio', 'apartment'])[1 + g % 4] || ' in ' || c.city || ' ' || g,
      'A serviced home for the admin benchmark.', g || ' Bench Street', c.city,
      case when c.n < ${LONDON_BOROUGHS.length} then 'London' else c.city end,
      80 + (g * 37) % 400, 2400 + (g * 37) % 400 * 25, 1 + g % 4, 2 + g % 5,
      g % 40 <> 7, g % 50 = 3,
      case when g % 400 = 11 then now() - interval '20 days' end,
      case when g % 400 = 11 then 'Reported as a duplicate listing' end,
      now() - (g % 900) * interval '1 day'
    from generate_series(1, ${PROPERTIES}::int) g
    join owners o on o.n = g % (select max(total) from owners)
    cross join lateral (select (${list(CITIES)})[1 + g % ${CITIES.length}] as city, g % ${CITIES.length} as n) c`);
  await db.execute(sql`update properties set is_active = false where removed_at is not null`);
  await db.execute(sql`
    insert into property_photos (property_id, url, display_order, is_main)
    select p.id, 'https://images.example/admin-bench/' || p.id || '/' || k || '.jpg', k, k = 0
    from properties p cross join generate_series(0, 1) k`);
  // Ten stays per listing, one per 70-day slot over two years (none overlap); past ones completed (one in ten
  // cancelled), current ones confirmed, future ones confirmed, pending or cancelled. Seeded as history: the
  // blocked-nights trigger would only re-check what the slots guarantee.
  await db.execute(sql`alter table bookings disable trigger bookings_no_blocked_nights`);
  await db.execute(sql`
    with guests as (select id, first_name, last_name, email, row_number() over (order by id) - 1 as n
                    from users where role = 'guest')
    insert into bookings (property_id, guest_id, check_in, check_out, total_price, service_fee, status, guest_count,
      guest_first_name, guest_last_name, guest_email, created_at)
    select s.id, gu.id, x.check_in, x.check_in + x.nights, x.nights * s.price_per_night * 1.1,
      x.nights * s.price_per_night * 0.1, x.status::booking_status, 1 + s.h % 3, gu.first_name, gu.last_name, gu.email,
      (x.check_in - 14 - s.h % 30)::timestamptz
    from (
      select p.id, p.price_per_night, k, abs(hashtext(p.id || ':' || k)) as h
      from properties p cross join generate_series(0, ${BOOKINGS_PER_PROPERTY - 1}::int) k
    ) s
    join guests gu on gu.n = s.h % (select count(*) from guests)
    cross join lateral (
      select current_date - 630 + s.k * 70 + s.h % 5 as check_in, 2 + (s.h / 7) % 12 as nights
    ) d
    ${stayStatusByDate}`);
  await db.execute(sql`alter table bookings enable trigger bookings_no_blocked_nights`);
  const ledgerStarted = performance.now();
  const ledger = await postSeededStays(db, { today, realFrom: addDays(today, -365) });
  console.log("the stays' money posted in", Math.round((performance.now() - ledgerStarted) / 1000), "s");
  // A year of audit entries by the admins about other people.
  await db.execute(sql`
    with admins as (select id, email, row_number() over (order by id) - 1 as n from users where role = 'admin'),
         people as (select id, email, first_name, last_name, row_number() over (order by id) - 1 as n from users)
    insert into audit_logs (type, action, message, actor_id, actor_label, subject_user_id, subject_label,
      target_type, target_id, details, created_at)
    select t.type, t.action, t.message || ' ' || p.first_name || ' ' || p.last_name,
      case when t.by_admin then a.id end, case when t.by_admin then a.email end,
      p.id, p.first_name || ' ' || p.last_name || ' <' || p.email || '>', 'user', p.id::text, '{}'::jsonb,
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${AUDIT_ENTRIES}::int) g
    join admins a on a.n = g % (select count(*) from admins)
    join people p on p.n = (g * 7919) % (select count(*) from people)
    cross join lateral (
      select * from (values
        ('warning', 'auth.sign_in_failed', 'A sign-in failed for', false),
        ('success', 'landlord.approved', 'Approved the landlord', true),
        ('info', 'user.role_changed', 'Changed the role of', true),
        ('error', 'message.failed', 'An e-mail could not be sent to', false)
      ) v(type, action, message, by_admin)
      offset g % 4 limit 1
    ) t`);
  await db.execute(sql`vacuum analyze`);
  const counts = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from users) as users,
      (select count(*)::int from properties) as properties,
      (select count(*)::int from bookings) as bookings,
      (select count(*)::int from audit_logs) as "auditEntries"`);
  return { ...counts.rows[0], ledgerTransactions: ledger.transactions, ledgerEntries: ledger.entries };
}
