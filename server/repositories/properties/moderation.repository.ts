import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  ADMIN_PROPERTY_STATUS_DETAILS,
  type AdminPropertyStatus,
  type AdminPropertyStatusDetail,
  STATUS_OF_DETAIL,
} from "../../../common/schemas/admin-properties";
import type { Database, Db, Tx } from "../../db/client";
import { propertyVerifications } from "../../db/schema";
import { likeContains } from "../../lib/like-pattern";

/**
 * The SQL of Property Management: listings with their owners and bookings, searched and paged for the admin,
 * and the row lock and writes of removing, restoring and verifying one.
 */

export type AdminPropertyFilter = {
  /** Free text: part of the title, the place or the owner's name or e-mail. */
  q?: string;
  status?: AdminPropertyStatus;
  /** Today's date in London: a listing available only from a later date is not bookable yet. */
  today: string;
};

/**
 * Why a listing has its status, in one expression used both to show it and to filter by it. Removal and
 * deactivation come first: an unlisted listing is inactive whatever else is set.
 */
function statusDetailSql(today: string): SQL {
  return sql`case
    when not p.is_active and p.removed_at is not null then 'removed'
    when not p.is_active then 'deactivated_by_owner'
    when p.under_maintenance then 'under_maintenance'
    when p.available_from > ${today}::date then 'available_later'
    else 'bookable' end`;
}

/**
 * The status filter, or nothing. Inactive is exactly "not listed" (the expression's first two arms), said again as a
 * plain test so that the inactive listings are read through properties_inactive_created_idx instead of testing every
 * listing; the other statuses are all listed ones.
 */
function statusCondition(filter: AdminPropertyFilter): SQL {
  if (!filter.status) return sql`true`;
  const details = ADMIN_PROPERTY_STATUS_DETAILS.filter((d) => STATUS_OF_DETAIL[d] === filter.status);
  const listed = filter.status === "inactive" ? sql`not p.is_active` : sql`p.is_active`;
  return sql`${listed} and (${statusDetailSql(filter.today)}) in (${sql.join(
    details.map((d) => sql`${d}`),
    sql`, `,
  )})`;
}

/**
 * The ids (and listing dates) of the listings a search finds: by title, by place, or by owner, each arm planned
 * on its own so that each can use its trigram index (with the exact indexed expression): properties_text_trgm_idx
 * narrowed to the title by the second test, properties_place_trgm_idx, and users_search_trgm_idx joined to the
 * owners' listings. One OR over the three could not: the owners' arm is a join.
 */
function searchMatches(q: string, filter: AdminPropertyFilter): SQL {
  const pattern = likeContains(q);
  const status = statusCondition(filter);
  return sql`
    select p.id, p.created_at from properties p
    where p.title ilike ${pattern} and ${status}
    union
    select p.id, p.created_at from properties p
    where (p.city || ' ' || p.region) ilike ${pattern} and ${status}
    union
    select p.id, p.created_at from users u join properties p on p.owner_id = u.id
    where (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email) ilike ${pattern}
      and ${status}`;
}

export type AdminPropertyRow = {
  id: number;
  slug: string;
  title: string;
  city: string;
  region: string;
  price_per_month: string;
  price_per_night: string;
  status_detail: AdminPropertyStatusDetail;
  available_from: string | null;
  owner_id: number;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
  bookings: number;
  created_at: string;
  removed_at: string | null;
  removal_reason: string | null;
  removed_by: number | null;
  remover_first_name: string | null;
  remover_last_name: string | null;
  remover_email: string | null;
  verified_at: string | null;
  verification_checks: string[] | null;
  verified_by: number | null;
  verifier_first_name: string | null;
  verifier_last_name: string | null;
  verifier_email: string | null;
  images: string[];
};

/**
 * The listings of `ids` (already chosen and ordered by the caller's page) with their owner, remover, photos (main
 * first) and bookings that are not cancelled; newest first. `withImages` false leaves photos out (the export).
 */
function detailsOf(chosen: SQL, today: string, withImages: boolean): SQL {
  return sql`
    select p.id, p.slug, p.title, p.city, p.region, p.price_per_month, p.price_per_night,
      ${statusDetailSql(today)} as status_detail,
      to_char(p.available_from, 'YYYY-MM-DD') as available_from,
      o.id as owner_id, o.first_name as owner_first_name, o.last_name as owner_last_name, o.email as owner_email,
      counts.bookings,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(p.removed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as removed_at,
      p.removal_reason, p.removed_by,
      r.first_name as remover_first_name, r.last_name as remover_last_name, r.email as remover_email,
      to_char(v.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as verified_at,
      v.checks as verification_checks, v.verified_by,
      vu.first_name as verifier_first_name, vu.last_name as verifier_last_name, vu.email as verifier_email,
      ${
        withImages
          ? sql`coalesce(
              (select json_agg(pp.url order by pp.is_main desc, pp.display_order, pp.id)
               from property_photos pp where pp.property_id = p.id),
              '[]'::json)`
          : sql`'[]'::json`
      } as images
    from (${chosen}) chosen
    join properties p on p.id = chosen.id
    join users o on o.id = p.owner_id
    left join users r on r.id = p.removed_by
    -- The standing verification, through its partial unique index.
    left join property_verifications v on v.property_id = p.id and v.withdrawn_at is null
    left join users vu on vu.id = v.verified_by
    cross join lateral (
      -- Through an index on property_id: only this listing's bookings are read.
      select count(*)::int as bookings from bookings b where b.property_id = p.id and b.status <> 'cancelled'
    ) counts
    order by p.created_at desc nulls last, p.id desc nulls last`;
}

/**
 * The ids of the listings of one page (or the first `limit`), newest first. Without a search, the newest-first
 * index (properties_created_idx; hence NULLS LAST, as it is built) is walked until the page is full. A search's
 * matches are found first through the trigram indexes, then sorted: walking the index instead would read every
 * listing when a search matches only a few.
 */
function pageOfIds(filter: AdminPropertyFilter, limit: number, offset: number): SQL {
  if (!filter.q) {
    return sql`
      select p.id from properties p where ${statusCondition(filter)}
      order by p.created_at desc nulls last, p.id desc nulls last
      limit ${limit} offset ${offset}`;
  }
  return sql`
    select m.id from (${searchMatches(filter.q, filter)}) m
    order by m.created_at desc nulls last, m.id desc nulls last
    limit ${limit} offset ${offset}`;
}

/**
 * One page of listings, newest first, and how many match. The page's ids are chosen first, so owners, photos and
 * counts are read for the page's rows only, however deep the page. A search finds its matches once for both the
 * page and the count (a broad one, such as "london", reads most listings).
 */
export async function findAdminProperties(
  db: Database,
  filter: AdminPropertyFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminPropertyRow[]; total: number }> {
  if (!filter.q) {
    const [rows, total] = await Promise.all([
      db.execute<AdminPropertyRow>(detailsOf(pageOfIds(filter, page.limit, page.offset), filter.today, true)),
      countAdminProperties(db, filter),
    ]);
    return { rows: rows.rows, total };
  }
  const found = await db.execute<{ id: number; total: number }>(sql`
    with matches as materialized (${searchMatches(filter.q, filter)})
    select m.id, (select count(*) from matches)::int as total from matches m
    order by m.created_at desc nulls last, m.id desc nulls last
    limit ${page.limit} offset ${page.offset}`);
  const first = found.rows[0];
  // A page past the end has no row to carry the count.
  if (!first) return { rows: [], total: page.offset === 0 ? 0 : await countAdminProperties(db, filter) };
  const ids = sql.join(
    found.rows.map((r) => sql`${r.id}::int`),
    sql`, `,
  );
  const rows = await db.execute<AdminPropertyRow>(
    detailsOf(sql`select unnest(array[${ids}]) as id`, filter.today, true),
  );
  return { rows: rows.rows, total: first.total };
}

/** How many listings match. */
export async function countAdminProperties(db: Database, filter: AdminPropertyFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(
    filter.q
      ? sql`select count(*)::int as n from (${searchMatches(filter.q, filter)}) m`
      : sql`select count(*)::int as n from properties p where ${statusCondition(filter)}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Every matching listing up to `limit`, newest first, without photos (the CSV export). */
export async function findAdminPropertiesForExport(
  db: Database,
  filter: AdminPropertyFilter,
  limit: number,
): Promise<AdminPropertyRow[]> {
  const result = await db.execute<AdminPropertyRow>(detailsOf(pageOfIds(filter, limit, 0), filter.today, false));
  return result.rows;
}

/** One listing as Property Management shows it. */
export async function findAdminProperty(db: Db, id: number, today: string): Promise<AdminPropertyRow | undefined> {
  const result = await db.execute<AdminPropertyRow>(detailsOf(sql`select ${id}::int as id`, today, true));
  return result.rows[0];
}

/**
 * Locks the listing's row until the transaction ends (FOR UPDATE, so a booking being inserted, whose trigger takes
 * KEY SHARE on it, waits for the removal), with what removing and restoring need to know.
 */
export async function lockPropertyForRemoval(tx: Tx, id: number) {
  const result = await tx.execute<{
    id: number;
    title: string;
    owner_id: number;
    owner_first_name: string | null;
    owner_last_name: string | null;
    owner_email: string;
    removed_at: string | null;
  }>(sql`
    select p.id, p.title, p.owner_id, o.first_name as owner_first_name, o.last_name as owner_last_name,
      o.email as owner_email, p.removed_at
    from properties p join users o on o.id = p.owner_id
    where p.id = ${id}
    for update of p`);
  return result.rows[0];
}

/** Locks the listing's pending bookings (requests and unpaid holds) and answers them, oldest first. */
export async function lockPendingBookings(tx: Tx, propertyId: number) {
  const result = await tx.execute<{
    id: number;
    guest_id: number;
    guest_first_name: string | null;
    guest_last_name: string | null;
    guest_email: string;
  }>(sql`
    select b.id, b.guest_id, b.guest_first_name, b.guest_last_name, b.guest_email
    from bookings b
    where b.property_id = ${propertyId} and b.status = 'pending'
    order by b.id
    for update`);
  return result.rows;
}

/** Confirmed stays of the listing not over yet (check-out after today): how many, and the first one's dates. */
export async function findUnfinishedConfirmedStays(tx: Tx, propertyId: number, today: string) {
  const result = await tx.execute<{ stays: number; first_check_in: string | null; first_check_out: string | null }>(
    sql`
    select count(*)::int as stays,
      to_char(min(b.check_in), 'YYYY-MM-DD') as first_check_in,
      to_char((array_agg(b.check_out order by b.check_in))[1], 'YYYY-MM-DD') as first_check_out
    from bookings b
    where b.property_id = ${propertyId} and b.status = 'confirmed' and b.check_out > ${today}::date`,
  );
  const row = result.rows[0];
  return row?.first_check_in && row.first_check_out
    ? { stays: row.stays, firstCheckIn: row.first_check_in, firstCheckOut: row.first_check_out }
    : { stays: 0, firstCheckIn: null, firstCheckOut: null };
}

/** Unlists the listing as removed by `adminId` (the caller holds its row lock). */
export async function markPropertyRemoved(tx: Tx, id: number, adminId: number, reason: string): Promise<void> {
  await tx.execute(sql`
    update properties
    set is_active = false, removed_at = now(), removed_by = ${adminId}, removal_reason = ${reason}, updated_at = now()
    where id = ${id}`);
}

/** Clears the removal and lists the listing again (the caller holds its row lock). */
export async function clearPropertyRemoval(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`
    update properties
    set is_active = true, removed_at = null, removed_by = null, removal_reason = null, updated_at = now()
    where id = ${id}`);
}

/** The listing's standing verification, locked, if one stands. */
export async function lockStandingVerification(tx: Tx, propertyId: number) {
  const [row] = await tx
    .select({ id: propertyVerifications.id })
    .from(propertyVerifications)
    .where(and(eq(propertyVerifications.propertyId, propertyId), isNull(propertyVerifications.withdrawnAt)))
    .for("update");
  return row;
}

/** Records an administrator's verification of a listing (the caller has checked none stands). */
export async function insertVerification(
  tx: Tx,
  verification: { propertyId: number; verifiedBy: number; checks: string[]; note: string | null },
): Promise<void> {
  await tx.insert(propertyVerifications).values(verification);
}

/** Withdraws the standing verification, keeping its record with who withdrew it and why. */
export async function withdrawVerification(tx: Tx, id: number, adminId: number, reason: string): Promise<void> {
  await tx
    .update(propertyVerifications)
    .set({ withdrawnAt: sql`now()`, withdrawnBy: adminId, withdrawalReason: reason })
    .where(eq(propertyVerifications.id, id));
}
