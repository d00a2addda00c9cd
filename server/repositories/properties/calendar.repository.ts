import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../../common/domain/booking-status";
import { jobNightNote } from "../../../common/schemas/maintenance";
import type { Database, Tx } from "../../db/client";
import { availability, bookings, maintenanceJobs, pricingRules, properties } from "../../db/schema";
import { blockedNightsWhere } from "../availability.repository";

export type PricingRuleRow = typeof pricingRules.$inferSelect;
/** The columns a landlord writes; the property and the id come from the path. */
export type PricingRuleValues = Omit<typeof pricingRules.$inferInsert, "id" | "propertyId" | "createdAt">;

/** The highest priority first; on a tie, the older rule (the one that wins, see common/domain/pricing.ts). */
export async function listPricingRules(db: Database, propertyId: number): Promise<PricingRuleRow[]> {
  return db
    .select()
    .from(pricingRules)
    .where(eq(pricingRules.propertyId, propertyId))
    .orderBy(desc(pricingRules.priority), asc(pricingRules.id));
}

/**
 * Inserts the rule unless the property already has `maxRules` ("full"); undefined when the property is
 * gone. The property row is held FOR NO KEY UPDATE until commit (the lock strength of the photo limit's
 * UPDATE), so rule inserts for one property count one after another and two can never both take the last
 * place; bookings (KEY SHARE through their foreign key) are not held up by it.
 */
export async function insertPricingRuleWithinLimit(
  db: Database,
  propertyId: number,
  values: PricingRuleValues,
  maxRules: number,
): Promise<PricingRuleRow | "full" | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select 1 from ${properties} where ${properties.id} = ${propertyId} for no key update`,
    );
    if (locked.rows.length === 0) return undefined;
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pricingRules)
      .where(eq(pricingRules.propertyId, propertyId));
    if ((existing?.count ?? 0) >= maxRules) return "full";
    const [row] = await tx
      .insert(pricingRules)
      .values({ ...values, propertyId })
      .returning();
    if (!row) throw new Error("pricing rule not inserted");
    return row;
  });
}

/** Replaces every field of the rule; undefined when the property has no rule with that id. */
export async function replacePricingRule(db: Database, propertyId: number, ruleId: number, values: PricingRuleValues) {
  const [row] = await db
    .update(pricingRules)
    .set(values)
    .where(and(eq(pricingRules.id, ruleId), eq(pricingRules.propertyId, propertyId)))
    .returning();
  return row;
}

export async function deletePricingRule(db: Database, propertyId: number, ruleId: number): Promise<boolean> {
  const rows = await db
    .delete(pricingRules)
    .where(and(eq(pricingRules.id, ruleId), eq(pricingRules.propertyId, propertyId)))
    .returning({ id: pricingRules.id });
  return rows.length > 0;
}

/** Bookings that are not cancelled and share a night with [from, until). */
export async function bookingsBetween(db: Database, propertyId: number, from: string, until: string) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      guestFirstName: bookings.guestFirstName,
      guestLastName: bookings.guestLastName,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        ne(bookings.status, "cancelled"),
        lt(bookings.checkIn, until),
        sql`${bookings.checkOut} > ${from}::date`,
      ),
    )
    .orderBy(asc(bookings.checkIn));
}

/** Blocked nights in [from, until), with the landlord's notes. */
export async function blockedNightsBetween(db: Database, propertyId: number, from: string, until: string) {
  return db
    .select({ date: availability.date, notes: availability.notes })
    .from(availability)
    .where(blockedNightsWhere(propertyId, from, until));
}

/** A pending or confirmed stay: it holds its nights, so they cannot be blocked. */
export type HeldStay = { checkIn: string; checkOut: string; status: (typeof HOLDING_STATUSES)[number] };

export type BlockOutcome = { changed: number } | { heldBy: HeldStay[] };

/**
 * Holds the property row FOR UPDATE until the transaction ends, then answers the pending and confirmed stays that
 * end after the night `from` (and begin by the night `to`, when given), by check-in. The row lock conflicts with
 * the KEY SHARE lock the bookings_no_blocked_nights trigger (drizzle/0009) takes for each new booking, so a booking
 * insert in flight finishes before this read (and is seen by it), and one that starts later waits for the
 * transaction and then sees the nights it blocked. A booking and a block of the same night never both succeed.
 */
async function lockPropertyNights(tx: Tx, propertyId: number, from: string, to: string | null): Promise<HeldStay[]> {
  await tx.execute(sql`select 1 from ${properties} where ${properties.id} = ${propertyId} for update`);
  return tx
    .select({ checkIn: bookings.checkIn, checkOut: bookings.checkOut, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        inArray(bookings.status, [...HOLDING_STATUSES]),
        to === null ? undefined : lte(bookings.checkIn, to),
        sql`${bookings.checkOut} > ${from}::date`,
      ),
    )
    .orderBy(asc(bookings.checkIn)) as Promise<HeldStay[]>;
}

/**
 * The landlord blocks the nights `from`..`to` (both included), unless a pending or confirmed booking holds one of
 * them. A night blocked for a maintenance job becomes the landlord's own: it stays blocked when the job moves.
 */
export async function blockNights(
  db: Database,
  propertyId: number,
  range: { from: string; to: string; note: string | null },
): Promise<BlockOutcome> {
  return db.transaction(async (tx) => {
    const heldBy = await lockPropertyNights(tx, propertyId, range.from, range.to);
    if (heldBy.length > 0) return { heldBy };

    // One row per night; a night already blocked changes only when a new note is given or it was a job's.
    const written = await tx.execute<{ id: number }>(sql`
      insert into ${availability} (property_id, date, status, notes)
      select ${propertyId}, night::date, 'blocked', ${range.note}::text
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as night
      on conflict (property_id, date) do update
         set status = 'blocked', notes = coalesce(excluded.notes, ${availability}.notes), maintenance_job_id = null
       where ${availability}.status <> 'blocked'
          or ${availability}.maintenance_job_id is not null
          or (excluded.notes is not null and excluded.notes is distinct from ${availability}.notes)
      returning id`);
    return { changed: written.rows.length };
  });
}

/**
 * Blocks the nights `from`..`to` for a maintenance job, inside the job's transaction, tagged with the job so that
 * moving or ending it frees exactly these nights. Nights someone already blocked (the landlord, another job) are
 * left as they are: they are empty anyway, and stay whoever's they were. When a pending or confirmed stay holds one
 * of the nights, nothing is written and the answer lists those stays and every stay held after `from` (from which
 * the next free window follows).
 */
export async function blockNightsForJob(
  tx: Tx,
  propertyId: number,
  jobId: number,
  range: { from: string; to: string; note: string },
): Promise<{ changed: number } | { heldBy: HeldStay[]; upcoming: HeldStay[] }> {
  const upcoming = await lockPropertyNights(tx, propertyId, range.from, null);
  const heldBy = upcoming.filter((stay) => stay.checkIn <= range.to);
  if (heldBy.length > 0) return { heldBy, upcoming };
  const written = await tx.execute<{ id: number }>(sql`
    insert into ${availability} (property_id, date, status, notes, maintenance_job_id)
    select ${propertyId}, night::date, 'blocked', ${range.note}::text, ${jobId}::int
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as night
    on conflict (property_id, date) do update
       set status = 'blocked', notes = excluded.notes, maintenance_job_id = excluded.maintenance_job_id
     where ${availability}.status <> 'blocked'
    returning id`);
  return { changed: written.rows.length };
}

/**
 * Frees the nights blocked for a job (from the night `from` on, when given); answers how many. A night another open
 * job of the property also needs empty (it was blocked first by this one) passes to that job instead of opening, so
 * two overlapping jobs keep the property empty until both are done.
 */
export async function releaseJobNights(tx: Tx, jobId: number, from?: string): Promise<number> {
  // The property's row first, as every change to its nights takes it: two jobs of one property moving or ending at
  // once then wait in turn instead of each holding nights the other needs.
  await tx.execute(sql`
    select 1 from ${properties}
     where ${properties.id} = (select ${maintenanceJobs.propertyId} from ${maintenanceJobs} where ${maintenanceJobs.id} = ${jobId})
       for update`);
  const fromNight = from === undefined ? sql`true` : sql`a.date >= ${from}::date`;
  const handover = await tx.execute<{ night_id: number; job_id: number; title: string }>(sql`
    select a.id as night_id, other.id as job_id, other.title
      from ${availability} a
      join lateral (
        select j.id, j.title
          from ${maintenanceJobs} j
         where j.property_id = a.property_id
           and j.id <> ${jobId}
           and j.status in ('pending', 'scheduled', 'in_progress')
           and j.vacant_nights is not null
           and a.date >= j.scheduled_date
           and a.date < j.scheduled_date + j.vacant_nights
         order by j.id
         limit 1
      ) other on true
     where a.maintenance_job_id = ${jobId} and ${fromNight}`);
  const heirs = new Map<number, { title: string; nightIds: number[] }>();
  for (const row of handover.rows) {
    const heir = heirs.get(row.job_id) ?? { title: row.title, nightIds: [] };
    heir.nightIds.push(row.night_id);
    heirs.set(row.job_id, heir);
  }
  for (const [heirId, heir] of heirs) {
    await tx
      .update(availability)
      .set({ maintenanceJobId: heirId, notes: jobNightNote({ id: heirId, title: heir.title }) })
      .where(inArray(availability.id, heir.nightIds));
  }
  const rows = await tx
    .delete(availability)
    .where(and(eq(availability.maintenanceJobId, jobId), from === undefined ? undefined : gte(availability.date, from)))
    .returning({ id: availability.id });
  return rows.length;
}

/**
 * Opens the landlord's blocked nights `from`..`to` (both included) again; answers how many there were. Nights blocked
 * for a maintenance job stay until the job is moved, finished or called off.
 */
export async function unblockNights(db: Database, propertyId: number, from: string, to: string): Promise<number> {
  const rows = await db
    .delete(availability)
    .where(
      and(
        eq(availability.propertyId, propertyId),
        eq(availability.status, "blocked"),
        isNull(availability.maintenanceJobId),
        gte(availability.date, from),
        lte(availability.date, to),
      ),
    )
    .returning({ id: availability.id });
  return rows.length;
}
