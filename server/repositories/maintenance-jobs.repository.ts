import { and, asc, count, eq, inArray, isNull, not, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type DisplayedMaintenanceStatus,
  type MaintenancePriority,
  type MaintenanceTransition,
  type OfferStatus,
  OPEN_MAINTENANCE_STATUSES,
} from "../../common/domain/maintenance";
import type { Database, Db, Tx } from "../db/client";
import {
  bookings,
  maintenanceJobEvents,
  maintenanceJobPhotos,
  maintenanceJobs,
  maintenanceOffers,
  properties,
  propertyManagerAssignments,
  users,
} from "../db/schema";

/**
 * The SQL of maintenance work orders: a job as its pages show it (with the facts the access module relates a user
 * to it by), its offers, timeline and photos, and the contractor's lists and earnings. The property's manager is its
 * current assignment (property_manager_assignments with no end), read here and never written.
 */
export type JobRow = typeof maintenanceJobs.$inferSelect;
export type JobChanges = Partial<Omit<typeof maintenanceJobs.$inferInsert, "id" | "propertyId" | "createdAt">>;

const owner = alias(users, "job_owner");
const manager = alias(users, "job_manager");
const contractor = alias(users, "job_contractor");
const reporter = alias(users, "job_reporter");
const assignment = alias(propertyManagerAssignments, "current_assignment");

/** Whether `contractorId` holds an open offer of the job. */
const hasOpenOffer = (contractorId: number) =>
  sql`exists (select 1 from ${maintenanceOffers} o where o.job_id = ${maintenanceJobs.id}
                 and o.contractor_id = ${contractorId} and o.status = 'open')`;

function viewColumns(viewerId: number) {
  return {
    job: maintenanceJobs,
    property: {
      slug: properties.slug,
      title: properties.title,
      city: properties.city,
      address: properties.address,
      ownerId: properties.ownerId,
      underMaintenance: properties.underMaintenance,
    },
    owner: { firstName: owner.firstName, lastName: owner.lastName, phone: owner.phoneNumber },
    managerId: assignment.managerId,
    manager: { firstName: manager.firstName, lastName: manager.lastName, phone: manager.phoneNumber },
    contractor: { firstName: contractor.firstName, lastName: contractor.lastName },
    reporter: { firstName: reporter.firstName, lastName: reporter.lastName, role: reporter.role },
    /** The contractors it is offered to (open offers) and the one who took it. */
    contractorIds: sql<number[]>`array(
      select o.contractor_id from ${maintenanceOffers} o where o.job_id = ${maintenanceJobs.id} and o.status = 'open'
      union
      select ${maintenanceJobs.contractorId} where ${maintenanceJobs.contractorId} is not null)`,
    photos: sql<{ id: number; key: string }[]>`coalesce((
      select json_agg(json_build_object('id', ph.id, 'key', ph.photo_key) order by ph.id)
        from ${maintenanceJobPhotos} ph where ph.job_id = ${maintenanceJobs.id}), '[]'::json)`,
    /** The viewer's own offer of the job, whatever its state. */
    myOffer: sql<OfferStatus | null>`(
      select o.status from ${maintenanceOffers} o
       where o.job_id = ${maintenanceJobs.id} and o.contractor_id = ${viewerId})`,
  };
}

function viewQuery(db: Db, viewerId: number) {
  return db
    .select(viewColumns(viewerId))
    .from(maintenanceJobs)
    .innerJoin(properties, eq(properties.id, maintenanceJobs.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .innerJoin(reporter, eq(reporter.id, maintenanceJobs.reportedBy))
    .leftJoin(assignment, and(eq(assignment.propertyId, properties.id), isNull(assignment.endedAt)))
    .leftJoin(manager, eq(manager.id, assignment.managerId))
    .leftJoin(contractor, eq(contractor.id, maintenanceJobs.contractorId));
}

export type JobView = Awaited<ReturnType<typeof viewQuery>>[number];

/** One job as `viewerId` sees it (their offer included); inside a transaction it reads what the lock guards. */
export async function findJobView(db: Db, jobId: number, viewerId: number): Promise<JobView | undefined> {
  const [row] = await viewQuery(db, viewerId).where(eq(maintenanceJobs.id, jobId)).limit(1);
  return row;
}

/**
 * The job row held until the transaction ends: every change to a job is made by one request at a time, and the
 * second of two (two contractors accepting) sees what the first did. Only the job's own row is locked, in a
 * statement of its own, so what is read next is read after the lock was granted. NO KEY UPDATE, as the job's id
 * never changes: another job's change may still tag a night with this job (its foreign key check shares the row)
 * instead of waiting on it while this change waits for the property it holds.
 */
export async function lockJob(tx: Tx, jobId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: maintenanceJobs.id })
    .from(maintenanceJobs)
    .where(eq(maintenanceJobs.id, jobId))
    .for("no key update");
  return rows.length > 0;
}

/** Which jobs a list shows: every one, or those related to a user in one of these ways. */
export type JobScope =
  | { everyone: true }
  | { ownerId?: number; managerId?: number; contractorId?: number; reporterId?: number };

export type JobFilter = {
  scope: JobScope;
  status?: DisplayedMaintenanceStatus | "open";
  priority?: MaintenancePriority;
  propertyId?: number;
};

function scopeCondition(scope: JobScope): SQL | undefined {
  if ("everyone" in scope) return undefined;
  const reasons: SQL[] = [];
  if (scope.ownerId !== undefined) reasons.push(eq(properties.ownerId, scope.ownerId));
  if (scope.managerId !== undefined) reasons.push(eq(assignment.managerId, scope.managerId));
  if (scope.contractorId !== undefined) {
    reasons.push(sql`(${maintenanceJobs.contractorId} = ${scope.contractorId} or ${hasOpenOffer(scope.contractorId)})`);
  }
  if (scope.reporterId !== undefined) reasons.push(eq(maintenanceJobs.reportedBy, scope.reporterId));
  return reasons.length > 0 ? or(...reasons) : sql`false`;
}

function statusCondition(status: JobFilter["status"]): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case "open":
      return inArray(maintenanceJobs.status, [...OPEN_MAINTENANCE_STATUSES]);
    // As displayed: an urgent job nobody has taken shows as urgent, not pending.
    case "urgent":
      return and(eq(maintenanceJobs.status, "pending"), eq(maintenanceJobs.isUrgent, true));
    case "pending":
      return and(eq(maintenanceJobs.status, "pending"), not(maintenanceJobs.isUrgent));
    default:
      return eq(maintenanceJobs.status, status);
  }
}

/** One page of the jobs a filter selects, newest first, and how many there are. */
export async function findJobViews(
  db: Database,
  viewerId: number,
  filter: JobFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: JobView[]; total: number }> {
  const where = and(
    scopeCondition(filter.scope),
    statusCondition(filter.status),
    filter.priority ? eq(maintenanceJobs.priority, filter.priority) : undefined,
    filter.propertyId ? eq(maintenanceJobs.propertyId, filter.propertyId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    viewQuery(db, viewerId)
      .where(where)
      .orderBy(sql`${maintenanceJobs.createdAt} desc nulls last`, sql`${maintenanceJobs.id} desc nulls last`)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(maintenanceJobs)
      .innerJoin(properties, eq(properties.id, maintenanceJobs.propertyId))
      .leftJoin(assignment, and(eq(assignment.propertyId, properties.id), isNull(assignment.endedAt)))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** A contractor's current work: open offers, then what they took and have not finished, soonest first. */
export async function findContractorJobViews(db: Database, contractorId: number): Promise<JobView[]> {
  return viewQuery(db, contractorId)
    .where(
      or(
        and(eq(maintenanceJobs.status, "pending"), hasOpenOffer(contractorId)),
        and(
          eq(maintenanceJobs.contractorId, contractorId),
          inArray(maintenanceJobs.status, ["scheduled", "in_progress"]),
        ),
      ),
    )
    .orderBy(sql`${maintenanceJobs.scheduledDate} asc nulls last`, asc(maintenanceJobs.id))
    .limit(500);
}

/** The completed and cancelled jobs a contractor had taken, the most recently finished first. */
export async function findContractorHistory(
  db: Database,
  contractorId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: JobView[]; total: number }> {
  const where = and(
    eq(maintenanceJobs.contractorId, contractorId),
    inArray(maintenanceJobs.status, ["completed", "cancelled"]),
  );
  const [rows, [counted]] = await Promise.all([
    viewQuery(db, contractorId)
      .where(where)
      .orderBy(
        sql`coalesce(${maintenanceJobs.completedAt}, ${maintenanceJobs.updatedAt}) desc nulls last`,
        sql`${maintenanceJobs.id} desc nulls last`,
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(maintenanceJobs).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** A new job, pending; answers its id. */
export async function insertJob(
  tx: Tx,
  values: Pick<
    typeof maintenanceJobs.$inferInsert,
    "propertyId" | "reportedBy" | "bookingId" | "title" | "description" | "category" | "priority" | "isUrgent"
  >,
): Promise<number> {
  const [row] = await tx.insert(maintenanceJobs).values(values).returning({ id: maintenanceJobs.id });
  if (!row) throw new Error("maintenance job not inserted");
  return row.id;
}

export async function updateJob(tx: Tx, jobId: number, changes: JobChanges): Promise<void> {
  await tx
    .update(maintenanceJobs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(maintenanceJobs.id, jobId));
}

/** A line of the job's timeline, written in the transaction of what it records. */
export async function insertJobEvent(
  tx: Tx,
  event: { jobId: number; actorId: number; transition: MaintenanceTransition | "report"; note?: string | null },
): Promise<void> {
  await tx.insert(maintenanceJobEvents).values({ ...event, note: event.note ?? null });
}

/** The timeline, oldest first, with who acted. */
export async function findJobEvents(db: Db, jobId: number) {
  return db
    .select({
      transition: maintenanceJobEvents.transition,
      note: maintenanceJobEvents.note,
      createdAt: maintenanceJobEvents.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(maintenanceJobEvents)
    .leftJoin(users, eq(users.id, maintenanceJobEvents.actorId))
    .where(eq(maintenanceJobEvents.jobId, jobId))
    .orderBy(asc(maintenanceJobEvents.id));
}

/** Every offer of the job, oldest first, with the contractor's name. */
export async function findJobOffers(db: Db, jobId: number) {
  return db
    .select({
      contractorId: maintenanceOffers.contractorId,
      status: maintenanceOffers.status,
      declineReason: maintenanceOffers.declineReason,
      createdAt: maintenanceOffers.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(maintenanceOffers)
    .innerJoin(users, eq(users.id, maintenanceOffers.contractorId))
    .where(eq(maintenanceOffers.jobId, jobId))
    .orderBy(asc(maintenanceOffers.createdAt), asc(maintenanceOffers.id));
}

/**
 * Offers the job, on the terms just set, to exactly these contractors: an open offer to anyone else is withdrawn (its
 * terms are gone), and each named contractor's offer is opened or renewed, so every one of them is told the terms.
 * Answers the contractors offered.
 */
export async function openOffers(tx: Tx, jobId: number, contractorIds: number[], offeredBy: number): Promise<number[]> {
  await tx
    .update(maintenanceOffers)
    .set({ status: "withdrawn", answeredAt: sql`now()` })
    .where(
      and(
        eq(maintenanceOffers.jobId, jobId),
        eq(maintenanceOffers.status, "open"),
        notInArray(maintenanceOffers.contractorId, contractorIds),
      ),
    );
  const rows = await tx
    .insert(maintenanceOffers)
    .values(contractorIds.map((contractorId) => ({ jobId, contractorId, offeredBy })))
    .onConflictDoUpdate({
      target: [maintenanceOffers.jobId, maintenanceOffers.contractorId],
      set: { status: "open", declineReason: null, offeredBy, createdAt: sql`now()`, answeredAt: null },
    })
    .returning({ contractorId: maintenanceOffers.contractorId });
  return rows.map((r) => r.contractorId);
}

const openOfferOf = (jobId: number, contractorId: number) =>
  and(
    eq(maintenanceOffers.jobId, jobId),
    eq(maintenanceOffers.contractorId, contractorId),
    eq(maintenanceOffers.status, "open"),
  );

/** The contractor's open offer becomes the accepted one; every other open offer of the job is withdrawn. */
export async function acceptOffer(tx: Tx, jobId: number, contractorId: number): Promise<void> {
  await tx
    .update(maintenanceOffers)
    .set({ status: "accepted", answeredAt: sql`now()` })
    .where(openOfferOf(jobId, contractorId));
  await withdrawOpenOffers(tx, jobId);
}

export async function declineOffer(tx: Tx, jobId: number, contractorId: number, reason: string): Promise<void> {
  await tx
    .update(maintenanceOffers)
    .set({ status: "declined", declineReason: reason, answeredAt: sql`now()` })
    .where(openOfferOf(jobId, contractorId));
}

/** The job is taken or over: nobody may still take it. */
export async function withdrawOpenOffers(tx: Tx, jobId: number): Promise<void> {
  await tx
    .update(maintenanceOffers)
    .set({ status: "withdrawn", answeredAt: sql`now()` })
    .where(and(eq(maintenanceOffers.jobId, jobId), eq(maintenanceOffers.status, "open")));
}

/** Of `ids`, the accounts a job can be offered to: contractors who are not frozen. */
export async function findActiveContractorIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, "contractor"), eq(users.isFrozen, false)));
  return rows.map((r) => r.id);
}

/** Every contractor a job can be offered to, with how many jobs each has completed, by name. */
export async function findContractorChoices(db: Database) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      completedJobs: sql<number>`(select count(*)::int from ${maintenanceJobs} j
                                   where j.contractor_id = ${users.id} and j.status = 'completed')`,
    })
    .from(users)
    .where(and(eq(users.role, "contractor"), eq(users.isFrozen, false)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
}

/** The property's owner and current manager, for a job about to be reported there. */
export async function findPropertyRunners(db: Db, propertyId: number) {
  const [row] = await db
    .select({ id: properties.id, ownerId: properties.ownerId, managerId: assignment.managerId })
    .from(properties)
    .leftJoin(assignment, and(eq(assignment.propertyId, properties.id), isNull(assignment.endedAt)))
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row;
}

export async function countJobPhotos(tx: Tx, jobId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(maintenanceJobPhotos).where(eq(maintenanceJobPhotos.jobId, jobId));
  return row?.n ?? 0;
}

export async function insertJobPhoto(tx: Tx, jobId: number, photoKey: string, uploadedBy: number): Promise<void> {
  await tx.insert(maintenanceJobPhotos).values({ jobId, photoKey, uploadedBy });
}

/** Removes the photo's row; answers its key (to delete its files once committed), or undefined when there is none. */
export async function deleteJobPhoto(tx: Tx, jobId: number, photoId: number): Promise<string | undefined> {
  const [row] = await tx
    .delete(maintenanceJobPhotos)
    .where(and(eq(maintenanceJobPhotos.id, photoId), eq(maintenanceJobPhotos.jobId, jobId)))
    .returning({ key: maintenanceJobPhotos.photoKey });
  return row?.key;
}

/**
 * What the ledger credited a contractor for their work, by London month of the payment and by settlement: the job
 * payments (and any administrator's correction) on their held earnings. A job's pay counts as collected once its
 * transfer to the contractor's Stripe account is recorded, expected while StayLondon still holds it; demo money is
 * demo. Moving held money to their Stripe account and back changes where it is, not what they earned, so transfers and
 * their reversals are left out.
 */
export async function sumEarningsByMonth(db: Database, contractorId: number) {
  const result = await db.execute<{
    month: string;
    settlement: "collected" | "expected" | "demo";
    pence: string;
    jobs: number;
  }>(sql`
    with credited as (
      select t.created_at, t.demo, t.kind, t.maintenance_job_id, -e.amount_pence as pence
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings_held' and a.party_id = ${contractorId}
        join ledger_transactions t on t.id = e.transaction_id and t.kind in ('job_cost', 'adjustment')
    )
    select to_char(c.created_at at time zone 'Europe/London', 'YYYY-MM') as month,
           case
             when c.demo then 'demo'
             when c.kind = 'job_cost' and exists (
               select 1
                 from ledger_transactions s
                 join ledger_entries se on se.transaction_id = s.id
                 join ledger_accounts sa on sa.id = se.account_id
                  and sa.kind = 'earnings_transferred' and sa.party_id = ${contractorId}
                where s.kind = 'transfer' and s.maintenance_job_id = c.maintenance_job_id) then 'collected'
             else 'expected'
           end as settlement,
           sum(c.pence)::text as pence,
           count(distinct c.maintenance_job_id) filter (where c.kind = 'job_cost')::int as jobs
      from credited c
     group by 1, 2
     order by 1, 2`);
  return result.rows.map((row) => ({ ...row, pence: Number(row.pence) }));
}

/** How many of a contractor's jobs are completed, and how many of those still wait for their payment. */
export async function countCompletedJobs(db: Database, contractorId: number) {
  const [row] = await db
    .select({
      completed: count(),
      awaitingPayment: sql<number>`(count(*) filter (where ${maintenanceJobs.paidAt} is null))::int`,
    })
    .from(maintenanceJobs)
    .where(and(eq(maintenanceJobs.contractorId, contractorId), eq(maintenanceJobs.status, "completed")));
  return { completed: row?.completed ?? 0, awaitingPayment: row?.awaitingPayment ?? 0 };
}

/** Who a job's e-mails go to: its owner, current manager, reporter and contractor. */
export async function findJobPeople(db: Db, jobId: number) {
  const person = <E, F>(u: { email: E; firstName: F }) => ({ email: u.email, firstName: u.firstName });
  const [row] = await db
    .select({
      title: maintenanceJobs.title,
      propertyId: maintenanceJobs.propertyId,
      propertyTitle: properties.title,
      scheduledDate: maintenanceJobs.scheduledDate,
      vacantNights: maintenanceJobs.vacantNights,
      estimatedHours: maintenanceJobs.estimatedHours,
      finalCost: maintenanceJobs.finalCost,
      owner: person(owner),
      manager: person(manager),
      reporter: person(reporter),
      contractor: person(contractor),
    })
    .from(maintenanceJobs)
    .innerJoin(properties, eq(properties.id, maintenanceJobs.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .innerJoin(reporter, eq(reporter.id, maintenanceJobs.reportedBy))
    .leftJoin(assignment, and(eq(assignment.propertyId, properties.id), isNull(assignment.endedAt)))
    .leftJoin(manager, eq(manager.id, assignment.managerId))
    .leftJoin(contractor, eq(contractor.id, maintenanceJobs.contractorId))
    .where(eq(maintenanceJobs.id, jobId))
    .limit(1);
  return row;
}

/** The guests of confirmed stays at the property over the night of `date`: the work happens while they are there. */
export async function findGuestsStayingOn(db: Db, propertyId: number, date: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        eq(bookings.status, "confirmed"),
        sql`${bookings.checkIn} <= ${date}::date`,
        sql`${bookings.checkOut} > ${date}::date`,
      ),
    );
}

/** The users a contractor list of ids names, for the offered e-mails. */
export async function findPeople(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, ids));
}
