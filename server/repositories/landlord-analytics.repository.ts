import { type SQL, sql } from "drizzle-orm";
import type { BookingStatus } from "../../common/domain/property-options";
import type { Database } from "../db/client";
import { countedCheckOut } from "./counted-nights.sql";
import type { Settlement } from "./ledger-figures.sql";
import { currentlyManagedBy } from "./properties/management.repository";

/**
 * The SQL behind the landlord's figures (common/schemas/analytics.ts, docs/analytics.md). Every query
 * is one set-based statement over the landlord's properties; the service only adds up and rounds.
 * Periods are half-open ranges of London calendar dates: [from, to).
 */

/**
 * Whose properties: one landlord's, (for an admin) everyone's, one listing's (the admin's View Analytics), or those
 * a property manager manages now (their Managed Properties).
 */
export type AnalyticsScope = { ownerId: number } | { everyone: true } | { propertyId: number } | { managerId: number };

/** Bookings that earn money and fill nights. */
export const REVENUE_STATUSES = ["confirmed", "completed"] as const satisfies readonly BookingStatus[];
// Literals rather than parameters, so the planner can match the exclusion constraint's partial GiST index.
const revenueStatuses = sql.raw(REVENUE_STATUSES.map((s) => `'${s}'`).join(", "));

const ownedBy = (scope: AnalyticsScope): SQL =>
  "ownerId" in scope
    ? sql`p.owner_id = ${scope.ownerId}`
    : "propertyId" in scope
      ? sql`p.id = ${scope.propertyId}`
      : "managerId" in scope
        ? sql`p.id in ${currentlyManagedBy(scope.managerId)}`
        : sql`true`;

/**
 * Each property's open nights in [from, to) with a flag for the booked ones. A night is open when the
 * property is active, already listed that day (London date of created_at), not blocked and not booked on
 * another site (a stay imported from the listing's calendar feeds): either way our guests could not book it.
 * It is booked when a confirmed or completed stay covers it, a periodic tenancy only with the nights it counts for
 * as of `today` (countedCheckOut), not its calendar hold. Stays never overlap (bookings_no_overlapping_stays), so the
 * left join finds at most one stay per night.
 */
function nightsCte(scope: AnalyticsScope, from: string, to: string, today: string): SQL {
  return sql`
    listed as (
      select p.id, greatest(${from}::date, (p.created_at at time zone 'Europe/London')::date) as opens
      from properties p
      where p.is_active and ${ownedBy(scope)}
    ),
    closed as (
      -- Probes availability_property_date_key for each listed property's period only.
      select a.property_id, a.date
      from listed l
      join availability a on a.property_id = l.id and a.date >= l.opens and a.date < ${to}::date
      where a.status = 'blocked'
      union
      -- Probes imported_stays_nights_idx the same way. A night of ours that an import overlaps (a conflict the
      -- landlord is told of) drops out with it.
      select s.property_id, n::date
      from listed l
      join imported_stays s
        on s.property_id = l.id and daterange(s.starts_on, s.ends_on, '[)') && daterange(l.opens, ${to}::date, '[)')
      cross join lateral generate_series(
        greatest(s.starts_on, l.opens), least(s.ends_on, ${to}::date) - 1, interval '1 day'
      ) as n
    ),
    open_nights as (
      select l.id as property_id, n::date as night
      from listed l
      cross join lateral generate_series(l.opens, ${to}::date - 1, interval '1 day') as n
      where not exists (select 1 from closed c where c.property_id = l.id and c.date = n::date)
    ),
    booked_nights as (
      select b.property_id, n::date as night
      from bookings b
      join listed l on l.id = b.property_id
      cross join lateral generate_series(
        greatest(b.check_in, ${from}::date), least(${countedCheckOut(today)}, ${to}::date) - 1, interval '1 day'
      ) as n
      where b.status in (${revenueStatuses})
        and daterange(b.check_in, b.check_out, '[)') && daterange(${from}::date, ${to}::date, '[)')
    ),
    nights as (
      select o.property_id, o.night, bn.night is not null as booked
      from open_nights o
      left join booked_nights bn on bn.property_id = o.property_id and bn.night = o.night
    )`;
}

export type NightCount = { propertyId: number; nights: number; booked: number };

/**
 * Open and booked nights of each active property over [from, to), a tenancy's as they stand on `today`; properties
 * with no open night are absent.
 */
export async function countNightsByProperty(
  db: Database,
  scope: AnalyticsScope,
  from: string,
  to: string,
  today: string,
): Promise<NightCount[]> {
  const result = await db.execute<{ property_id: number; nights: number; booked: number }>(sql`
    with ${nightsCte(scope, from, to, today)}
    select property_id, count(*)::int as nights, count(*) filter (where booked)::int as booked
    from nights
    group by property_id
  `);
  return result.rows.map((r) => ({ propertyId: r.property_id, nights: r.nights, booked: r.booked }));
}

/**
 * The same nights, counted per property and week (0 = the week starting on `from`, which must be a
 * Monday) and per property and weekday (ISO: 1 = Monday … 7 = Sunday).
 */
export async function countNightsByWeekAndWeekday(
  db: Database,
  scope: AnalyticsScope,
  from: string,
  to: string,
  today: string,
): Promise<{ byWeek: (NightCount & { week: number })[]; byWeekday: (NightCount & { isoWeekday: number })[] }> {
  const result = await db.execute<{
    property_id: number;
    week: number | null;
    iso_weekday: number | null;
    nights: number;
    booked: number;
  }>(sql`
    with ${nightsCte(scope, from, to, today)},
    labelled as (
      select property_id, booked, (night - ${from}::date) / 7 as week, extract(isodow from night)::int as iso_weekday
      from nights
    )
    select property_id, week, iso_weekday, count(*)::int as nights, count(*) filter (where booked)::int as booked
    from labelled
    group by grouping sets ((property_id, week), (property_id, iso_weekday))
  `);
  const byWeek: (NightCount & { week: number })[] = [];
  const byWeekday: (NightCount & { isoWeekday: number })[] = [];
  for (const r of result.rows) {
    const counts = { propertyId: r.property_id, nights: r.nights, booked: r.booked };
    if (r.week !== null) byWeek.push({ ...counts, week: r.week });
    else if (r.iso_weekday !== null) byWeekday.push({ ...counts, isoWeekday: r.iso_weekday });
  }
  return { byWeek, byWeekday };
}

/**
 * Per active property: the confirmed and completed stays that share a counted night with [from, to), and their
 * counted nights in all (a tenancy's as they stand on `today`).
 */
export async function countStaysByProperty(
  db: Database,
  scope: AnalyticsScope,
  from: string,
  to: string,
  today: string,
) {
  const result = await db.execute<{ property_id: number; stays: number; nights: number }>(sql`
    select s.property_id, count(*)::int as stays, sum(s.ends - s.check_in)::int as nights
    from bookings b
    join properties p on p.id = b.property_id
    cross join lateral (select b.property_id, b.check_in, ${countedCheckOut(today)} as ends) s
    where p.is_active and ${ownedBy(scope)}
      and b.status in (${revenueStatuses})
      and daterange(b.check_in, b.check_out, '[)') && daterange(${from}::date, ${to}::date, '[)')
      and s.ends > ${from}::date and s.ends > s.check_in
    group by s.property_id
  `);
  return result.rows.map((r) => ({ propertyId: r.property_id, stays: r.stays, nights: r.nights }));
}

/** The active properties that occupancy covers, newest first. */
export async function findOccupancyProperties(db: Database, scope: AnalyticsScope) {
  const result = await db.execute<{ id: number; title: string; under_maintenance: boolean }>(sql`
    select p.id, p.title, p.under_maintenance
    from properties p
    where p.is_active and ${ownedBy(scope)}
    order by p.created_at desc, p.id desc
  `);
  return result.rows.map((r) => ({ id: r.id, title: r.title, underMaintenance: r.under_maintenance }));
}

export type MonthRevenueRow = { propertyId: number; title: string; month: string; pence: number; bookings: number };

/**
 * Revenue per property and check-in month ('YYYY-MM') for check-ins in [from, to), any property
 * (deactivated ones earned their money too). Only property-months with a revenue booking appear.
 */
export async function sumRevenueByPropertyAndMonth(
  db: Database,
  scope: AnalyticsScope,
  from: string,
  to: string,
): Promise<MonthRevenueRow[]> {
  const result = await db.execute<{
    property_id: number;
    title: string;
    month: string;
    pence: number;
    bookings: number;
  }>(sql`
    select s.property_id, p.title, to_char(s.check_in, 'YYYY-MM') as month,
      sum(s.owner_pence)::float8 as pence, count(*)::int as bookings
    from properties p
    join stay_figures_per_stay s on s.property_id = p.id
    where ${ownedBy(scope)}
      and s.check_in >= ${from}::date and s.check_in < ${to}::date
      and s.charged and s.owner_pence > 0
    group by s.property_id, p.title, to_char(s.check_in, 'YYYY-MM')
  `);
  return result.rows.map((r) => ({
    propertyId: r.property_id,
    title: r.title,
    month: r.month,
    pence: r.pence,
    bookings: r.bookings,
  }));
}

/**
 * All-time totals: revenue (and how much of it is collected, expected or demo), revenue bookings, bookings that are
 * not cancelled, and properties.
 */
export async function findTotals(db: Database, scope: AnalyticsScope) {
  // Per listing through stay_figures_per_stay_property_idx (lateral), so a landlord's totals cost their own stays,
  // not a scan of the platform's (bench/results/analytics.md).
  const result = await db.execute<{
    pence: number;
    collected: number;
    expected: number;
    demo: number;
    transactions: number;
    bookings: number;
    properties: number;
  }>(sql`
    select
      coalesce(sum(x.pence), 0)::float8 as pence,
      coalesce(sum(x.collected), 0)::float8 as collected,
      coalesce(sum(x.expected), 0)::float8 as expected,
      coalesce(sum(x.demo), 0)::float8 as demo,
      coalesce(sum(x.transactions), 0)::int as transactions,
      coalesce(sum(x.live), 0)::int as bookings,
      count(*)::int as properties
    from properties p
    cross join lateral (
      select
        sum(s.owner_pence) filter (where s.owner_pence > 0) as pence,
        sum(s.owner_pence) filter (where s.owner_pence > 0 and s.settlement = 'collected') as collected,
        sum(s.owner_pence) filter (where s.owner_pence > 0 and s.settlement = 'expected') as expected,
        sum(s.owner_pence) filter (where s.owner_pence > 0 and s.settlement = 'demo') as demo,
        count(*) filter (where s.charged and s.owner_pence > 0) as transactions,
        count(*) filter (where s.status <> 'cancelled') as live
      from stay_figures_per_stay s
      where s.property_id = p.id
    ) x
    where ${ownedBy(scope)}
  `);
  const row = result.rows[0];
  return {
    pence: row?.pence ?? 0,
    settlement: { collected: row?.collected ?? 0, expected: row?.expected ?? 0, demo: row?.demo ?? 0 },
    transactions: row?.transactions ?? 0,
    bookings: row?.bookings ?? 0,
    properties: row?.properties ?? 0,
  };
}

/**
 * The latest revenue bookings by check-in (newest first; the higher id first on the same day), each with the nights it
 * counts for on `today`.
 */
export async function findLatestRevenueBookings(db: Database, scope: AnalyticsScope, limit: number, today: string) {
  const result = await db.execute<{
    id: number;
    property_id: number;
    title: string;
    status: BookingStatus;
    check_in: string;
    nights: number;
    pence: number;
    settlement: Settlement;
  }>(sql`
    select b.id, b.property_id, p.title, b.status, b.check_in,
      greatest(0, ${countedCheckOut(today)} - b.check_in)::int as nights, s.owner_pence::float8 as pence, s.settlement
    from properties p
    -- Each listing's latest few through stay_figures_per_stay_property_idx, then the latest of those: a landlord's
    -- answer reads their own stays only.
    cross join lateral (
      select s.booking_id, s.owner_pence, s.settlement, s.check_in from stay_figures_per_stay s
      where s.property_id = p.id and s.status in ('confirmed', 'completed', 'cancelled')
        and s.charged and s.owner_pence > 0
      order by s.check_in desc, s.booking_id desc
      limit ${limit}
    ) s
    join bookings b on b.id = s.booking_id
    where ${ownedBy(scope)}
    order by s.check_in desc, s.booking_id desc
    limit ${limit}
  `);
  return result.rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.title,
    status: r.status,
    date: r.check_in,
    nights: r.nights,
    pence: r.pence,
    settlement: r.settlement,
  }));
}

/** The properties of My Properties, newest first, with photo URLs (main first) and booking counts. */
export async function findMyPropertyRows(db: Database, scope: AnalyticsScope) {
  const result = await db.execute<{
    id: number;
    slug: string;
    title: string;
    address: string;
    city: string;
    price_per_night: string;
    price_per_month: string;
    bedrooms: number;
    bathrooms: number;
    max_guests: number;
    rating: string;
    review_count: number;
    is_active: boolean;
    under_maintenance: boolean;
    created_at: string;
    images: string[];
    booking_count: number;
    pending_count: number;
    region: string;
    property_type: string;
    short_let_permission: string | null;
  }>(sql`
    select p.id, p.slug, p.title, p.address, p.city, p.price_per_night, p.price_per_month, p.bedrooms,
      p.bathrooms, p.max_guests, p.rating, p.review_count, p.is_active, p.under_maintenance,
      p.region, p.property_type, p.short_let_permission,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      coalesce(
        (select json_agg(pp.url order by pp.is_main desc, pp.display_order, pp.id)
         from property_photos pp where pp.property_id = p.id),
        '[]'::json
      ) as images,
      counts.booking_count, counts.pending_count
    from properties p
    cross join lateral (
      select (count(*) filter (where b.status <> 'cancelled'))::int as booking_count,
        (count(*) filter (where b.status = 'pending'))::int as pending_count
      from bookings b
      where b.property_id = p.id
    ) counts
    where ${ownedBy(scope)}
    order by p.created_at desc, p.id desc
  `);
  return result.rows;
}
