import { type SQL, sql } from "drizzle-orm";
import { OPEN_MAINTENANCE_STATUSES } from "../../../common/domain/maintenance";
import type { BookingStatus } from "../../../common/domain/property-options";
import type { Db, Tx } from "../../db/client";
import { isoTimeOf as iso } from "../../db/columns";
import { unreadInAssignment } from "../conversations.repository";

/**
 * Property management: who manages a property (assignments with their history), what a manager sees of the
 * properties currently assigned to them (their conversations with the owner are in conversations.repository.ts).
 */

/** A person as these answers name them. */
export type PersonRow = { id: number; first_name: string | null; last_name: string | null; email: string };

// ---------------------------------------------------------------- assignments

export type AssignmentRow = {
  id: number;
  manager_id: number;
  manager_first_name: string | null;
  manager_last_name: string | null;
  manager_email: string;
  assigner_first_name: string | null;
  assigner_last_name: string | null;
  assigner_email: string | null;
  management_fee_bps: number;
  started_at: string;
  ended_at: string | null;
};

/** Every assignment of a property, the current one (if any) first, then the latest first. */
export async function findAssignments(db: Db, propertyId: number): Promise<AssignmentRow[]> {
  const result = await db.execute<AssignmentRow>(sql`
    select a.id, a.manager_id, m.first_name as manager_first_name, m.last_name as manager_last_name,
      m.email as manager_email, s.first_name as assigner_first_name, s.last_name as assigner_last_name,
      s.email as assigner_email, a.management_fee_bps, ${iso("a.started_at")} as started_at, ${iso("a.ended_at")} as ended_at
    from property_manager_assignments a
    join users m on m.id = a.manager_id
    left join users s on s.id = a.assigned_by
    where a.property_id = ${propertyId}
    order by a.ended_at is null desc, a.started_at desc, a.id desc`);
  return result.rows;
}

/** An account that can be made a property's manager: a property manager whose account is not frozen. */
export async function findActiveManagerByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  const result = await db.execute<PersonRow>(sql`
    select id, first_name, last_name, email from users
    where lower(email) = lower(${email}) and role = 'property_manager' and not is_frozen`);
  return result.rows[0];
}

/**
 * Holds the property's row until the transaction ends, so two changes of its manager run one after the other and
 * the second sees the first. NO KEY UPDATE: a booking being inserted (its trigger's KEY SHARE) does not wait for it.
 */
export async function lockPropertyForManagerChange(tx: Tx, propertyId: number): Promise<void> {
  await tx.execute(sql`select 1 from properties where id = ${propertyId} for no key update`);
}

/** The property's current assignment, if any. */
export async function findCurrentAssignment(db: Db, propertyId: number) {
  const result = await db.execute<{ id: number; manager_id: number; management_fee_bps: number }>(sql`
    select id, manager_id, management_fee_bps from property_manager_assignments
    where property_id = ${propertyId} and ended_at is null`);
  return result.rows[0];
}

/**
 * Ends the property's current assignment; the one ended, if there was one. Assignments start and end at the clock
 * time the property's row is held, not the transaction's start: a change that began first but waited for the row
 * would otherwise end its predecessor before that one started.
 */
export async function endCurrentAssignment(tx: Tx, propertyId: number, endedBy: number) {
  const result = await tx.execute<{ id: number; manager_id: number }>(sql`
    update property_manager_assignments set ended_at = clock_timestamp(), ended_by = ${endedBy}
    where property_id = ${propertyId} and ended_at is null
    returning id, manager_id`);
  return result.rows[0];
}

export async function insertAssignment(
  tx: Tx,
  values: { propertyId: number; managerId: number; assignedBy: number; managementFeeBps: number },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into property_manager_assignments (property_id, manager_id, assigned_by, management_fee_bps, started_at)
    values (${values.propertyId}, ${values.managerId}, ${values.assignedBy}, ${values.managementFeeBps},
            clock_timestamp())
    returning id`);
  const row = result.rows[0];
  if (!row) throw new Error("assignment not inserted");
  return row.id;
}

// ---------------------------------------------------------------- the manager's views

/** The properties assigned to `managerId` now: the condition the landlord figures' scope uses too. */
export const currentlyManagedBy = (managerId: number): SQL =>
  sql`(select a.property_id from property_manager_assignments a where a.manager_id = ${managerId} and a.ended_at is null)`;

const openMaintenance = sql.raw(OPEN_MAINTENANCE_STATUSES.map((s) => `'${s}'`).join(", "));

export type ManagedPropertyFactsRow = {
  property_id: number;
  assignment_id: number;
  assigned_at: string;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
  open_maintenance: number;
  active_bookings: number;
  unread_messages: number;
};

/**
 * What Managed Properties shows of each property assigned to `managerId` now, besides the landlord's figures:
 * the assignment, the owner, open jobs, confirmed stays not yet checked out (by `today`, London) and unread
 * messages from the owner.
 */
export async function findManagedPropertyFacts(
  db: Db,
  managerId: number,
  today: string,
): Promise<ManagedPropertyFactsRow[]> {
  const result = await db.execute<ManagedPropertyFactsRow>(sql`
    select a.property_id, a.id as assignment_id, ${iso("a.started_at")} as assigned_at,
      o.first_name as owner_first_name, o.last_name as owner_last_name, o.email as owner_email,
      (select count(*)::int from maintenance_jobs j
        where j.property_id = a.property_id and j.status in (${openMaintenance})) as open_maintenance,
      (select count(*)::int from bookings b
        where b.property_id = a.property_id and b.status = 'confirmed' and b.check_out > ${today}::date) as active_bookings,
      ${unreadInAssignment(sql`a.id`, managerId)} as unread_messages
    from property_manager_assignments a
    join properties p on p.id = a.property_id
    join users o on o.id = p.owner_id
    where a.manager_id = ${managerId} and a.ended_at is null`);
  return result.rows;
}

export type ManagedBookingsFilter = { status?: BookingStatus; when: "upcoming" | "past" | "all"; today: string };

function managedBookingsWhere(managerId: number, filter: ManagedBookingsFilter): SQL {
  const conditions: SQL[] = [sql`b.property_id in ${currentlyManagedBy(managerId)}`];
  if (filter.status) conditions.push(sql`b.status = ${filter.status}`);
  if (filter.when === "upcoming") conditions.push(sql`b.check_out >= ${filter.today}::date`);
  if (filter.when === "past") conditions.push(sql`b.check_out < ${filter.today}::date`);
  return sql.join(conditions, sql` and `);
}

export type ManagedBookingRow = {
  id: number;
  property_id: number;
  property_title: string;
  guest_first_name: string | null;
  guest_last_name: string | null;
  check_in: string;
  check_out: string;
  guest_count: number;
  status: BookingStatus;
  total_price: string;
};

/**
 * One page of the bookings of the properties `managerId` manages now: upcoming ones soonest first, past ones (and
 * all) latest first. The name is the one the booking was made in, else the account's.
 */
export async function findManagedBookings(
  db: Db,
  managerId: number,
  filter: ManagedBookingsFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ManagedBookingRow[]; total: number }> {
  const where = managedBookingsWhere(managerId, filter);
  const order =
    filter.when === "upcoming" ? sql`b.check_in asc, b.id asc` : sql`b.check_in desc nulls last, b.id desc nulls last`;
  const [rows, count] = await Promise.all([
    db.execute<ManagedBookingRow>(sql`
      select b.id, b.property_id, p.title as property_title,
        coalesce(b.guest_first_name, g.first_name) as guest_first_name,
        coalesce(b.guest_last_name, g.last_name) as guest_last_name,
        b.check_in::text, b.check_out::text, b.guest_count, b.status, b.total_price::text
      from bookings b
      join properties p on p.id = b.property_id
      join users g on g.id = b.guest_id
      where ${where}
      order by ${order}
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from bookings b where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}
