import { sql } from "drizzle-orm";
import type { PropertyType } from "../../common/domain/property-options";
import type { TaxDetailsKind } from "../../common/domain/tax-identifiers";
import type { Db } from "../db/client";
import { countedCheckOut } from "./counted-nights.sql";
import { TAX_DETAILS_COMPLETE } from "./tax-details.repository";

/**
 * The figures of HMRC's yearly report of sellers' earnings, read from the ledger in set-based SQL. A seller is the
 * owner of a listing with at least one stay whose real (never demo) charge was posted in the year. Each listing's
 * consideration is what the owner's `earnings_held` account was credited by the stay's charges and refunds, put in the
 * quarter of the London date the posting was made: HMRC asks for consideration by when it was paid or credited, and
 * a stay's share is credited to the landlord when it is charged.
 */

/** The year as London instants: [1 January, next 1 January). */
const yearBounds = (year: number) => sql`
  make_date(${year}::int, 1, 1)::timestamp at time zone 'Europe/London',
  make_date(${year + 1}::int, 1, 1)::timestamp at time zone 'Europe/London'`;

export type ReportQuarterRow = {
  ownerId: number;
  propertyId: number;
  quarter: number;
  considerationPence: number;
  stays: number;
};

/**
 * Per owner, listing and quarter: the owner's share of real charges less real refunds posted then, and the stays
 * charged then. `ownerId` narrows it to one seller (their own copy).
 */
export async function reportQuarters(db: Db, year: number, ownerId?: number): Promise<ReportQuarterRow[]> {
  const result = await db.execute<{
    owner_id: number;
    property_id: number;
    quarter: number;
    consideration: string;
    stays: number;
  }>(sql`
    with bounds(starts, ends) as (values (${yearBounds(year)}))
    select p.owner_id, p.id as property_id,
      extract(quarter from t.created_at at time zone 'Europe/London')::int as quarter,
      -coalesce(sum(e.amount_pence) filter (where a.kind = 'earnings_held' and a.party_id = p.owner_id), 0)::bigint
        as consideration,
      (count(distinct t.booking_id) filter (where t.kind = 'booking_charge'))::int as stays
    from bounds, ledger_transactions t
    join bookings b on b.id = t.booking_id
    join properties p on p.id = b.property_id
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id
    where not t.demo
      and t.kind in ('booking_charge', 'refund')
      and t.created_at >= bounds.starts and t.created_at < bounds.ends
      and (${ownerId ?? null}::int is null or p.owner_id = ${ownerId ?? null}::int)
    group by p.owner_id, p.id, quarter
    order by p.owner_id, p.id, quarter`);
  return result.rows.map((row) => ({
    ownerId: row.owner_id,
    propertyId: row.property_id,
    quarter: row.quarter,
    considerationPence: Number(row.consideration),
    stays: row.stays,
  }));
}

export type ReportServiceRow = { userId: number; quarter: number; considerationPence: number; activities: number };

/**
 * Per person and quarter, the work done for others through the platform and paid through it (HMRC's "personal
 * services"): a manager's agreed fee on each stay of a property they manage for someone else, less its refunds, and a
 * contractor's pay for each job marked paid. Each stay charged or job paid is one activity. `userId` narrows it to one
 * seller (their own copy).
 */
export async function reportServiceQuarters(db: Db, year: number, userId?: number): Promise<ReportServiceRow[]> {
  const result = await db.execute<{ user_id: number; quarter: number; consideration: string; activities: number }>(sql`
    with bounds(starts, ends) as (values (${yearBounds(year)}))
    select a.party_id as user_id,
      extract(quarter from t.created_at at time zone 'Europe/London')::int as quarter,
      -sum(e.amount_pence)::bigint as consideration,
      (count(distinct t.id) filter (where t.kind in ('booking_charge', 'job_cost')))::int as activities
    from bounds, ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
    left join bookings b on b.id = t.booking_id
    left join properties p on p.id = b.property_id
    where not t.demo
      and t.created_at >= bounds.starts and t.created_at < bounds.ends
      and ((t.kind in ('booking_charge', 'refund') and a.party_id <> p.owner_id)
           or (t.kind = 'job_cost' and e.amount_pence < 0))
      and (${userId ?? null}::int is null or a.party_id = ${userId ?? null}::int)
    group by a.party_id, quarter
    order by a.party_id, quarter`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    quarter: row.quarter,
    considerationPence: Number(row.consideration),
    activities: row.activities,
  }));
}

/**
 * Whether anyone (or the one seller) was credited in the year with demo money only: a stay's share or a job's pay
 * charged in demo mode. A year with no real money has nothing to report, and says so.
 */
export async function yearHasDemoCharges(db: Db, year: number, userId?: number): Promise<boolean> {
  const result = await db.execute<{ demo: boolean }>(sql`
    with bounds(starts, ends) as (values (${yearBounds(year)}))
    select exists (
      select 1 from bounds, ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held'
      where t.demo and t.kind in ('booking_charge', 'job_cost') and e.amount_pence < 0
        and t.created_at >= bounds.starts and t.created_at < bounds.ends
        and (${userId ?? null}::int is null or a.party_id = ${userId ?? null}::int)
    ) as demo`);
  return result.rows[0]?.demo ?? false;
}

export type ReportListingRow = {
  propertyId: number;
  title: string;
  address: string;
  city: string;
  postcode: string | null;
  propertyType: PropertyType;
  /** Nights in the year of the listing's real stays that were not cancelled. */
  rentedDays: number;
};

/**
 * The listings' addresses and types, and the nights of the year their real, standing stays took up (a periodic
 * tenancy's counted as they stand on `today`, not its calendar hold).
 */
export async function reportListings(
  db: Db,
  year: number,
  propertyIds: number[],
  today: string,
): Promise<ReportListingRow[]> {
  if (propertyIds.length === 0) return [];
  const result = await db.execute<{
    id: number;
    title: string;
    address: string;
    city: string;
    postcode: string | null;
    property_type: PropertyType;
    rented_days: number;
  }>(sql`
    select p.id, p.title, p.address, p.city, p.postcode, p.property_type,
      coalesce((
        select sum(greatest(0, least(${countedCheckOut(today)}, make_date(${year + 1}::int, 1, 1))
                              - greatest(b.check_in, make_date(${year}::int, 1, 1))))
        from bookings b
        where b.property_id = p.id and b.status in ('confirmed', 'completed')
          and exists (select 1 from ledger_transactions t
                      where t.booking_id = b.id and t.kind = 'booking_charge' and not t.demo)
      ), 0)::int as rented_days
    from properties p
    where p.id in (${sql.join(
      propertyIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by p.id`);
  return result.rows.map((row) => ({
    propertyId: row.id,
    title: row.title,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    propertyType: row.property_type,
    rentedDays: row.rented_days,
  }));
}

export type ReportSellerRow = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  /** The seller's tax details, identifiers still sealed; null when none were given. */
  details: {
    kind: TaxDetailsKind;
    legalName: string;
    dateOfBirth: string | null;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    postcode: string;
    country: string;
    nationalInsuranceNumberSealed: string | null;
    utrSealed: string | null;
    companyNumberSealed: string | null;
    complete: boolean;
  } | null;
};

/** The sellers' names and tax details (sealed), by user id. */
export async function reportSellers(db: Db, userIds: number[]): Promise<ReportSellerRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{
    id: number;
    first_name: string | null;
    last_name: string | null;
    kind: TaxDetailsKind | null;
    legal_name: string | null;
    date_of_birth: string | null;
    address_line1: string | null;
    address_line2: string | null;
    city: string | null;
    postcode: string | null;
    country: string | null;
    national_insurance_number_sealed: string | null;
    utr_sealed: string | null;
    company_number_sealed: string | null;
    complete: boolean;
  }>(sql`
    select u.id, u.first_name, u.last_name,
      seller_tax_details.kind,
      seller_tax_details.legal_name,
      seller_tax_details.date_of_birth::text as date_of_birth,
      seller_tax_details.address_line1,
      seller_tax_details.address_line2,
      seller_tax_details.city,
      seller_tax_details.postcode,
      seller_tax_details.country,
      seller_tax_details.national_insurance_number_sealed,
      seller_tax_details.utr_sealed,
      seller_tax_details.company_number_sealed,
      coalesce(${TAX_DETAILS_COMPLETE}, false) as complete
    from users u
    left join seller_tax_details on seller_tax_details.user_id = u.id
    where u.id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by u.id`);
  return result.rows.map((row) => ({
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    details:
      row.kind === null || row.legal_name === null
        ? null
        : {
            kind: row.kind,
            legalName: row.legal_name,
            dateOfBirth: row.date_of_birth,
            addressLine1: row.address_line1 ?? "",
            addressLine2: row.address_line2,
            city: row.city ?? "",
            postcode: row.postcode ?? "",
            country: row.country ?? "GB",
            nationalInsuranceNumberSealed: row.national_insurance_number_sealed,
            utrSealed: row.utr_sealed,
            companyNumberSealed: row.company_number_sealed,
            complete: row.complete,
          },
  }));
}
