import { hash } from "@node-rs/argon2";
import { and, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { LedgerLine } from "../../common/domain/ledger";
import { poundsToPence } from "../../common/domain/pricing";
import { auditLabel, sentenceName } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { ledgerAccountId } from "../repositories/ledger.repository";
import { findTransfersDue } from "../repositories/payout-transfers.repository";
import { transferLines } from "../services/money/booking-postings";
import { postJobCost } from "../services/money/job-costs";
import { DEMO_TRANSFER_MEMO, payeePurses, transferClaimKey } from "../services/money/payout-transfers";
import type { Database, Tx } from "./client";
import { replayMigration } from "./migrate";
import {
  auditLogs,
  availability,
  bookings,
  ledgerEntries,
  ledgerTransactions,
  maintenanceJobs,
  payments,
  payoutAccounts,
  payoutTransfers,
  pricingRules,
  properties,
  propertyAmenities,
  propertyMetrics,
  propertyPhotos,
  propertyPriceChanges,
  propertyVerifications,
  reviews,
  savedProperties,
  users,
} from "./schema";
import { planBlockedDates, planPricingRules } from "./seed-calendar";
import { planConversations, writeConversations } from "./seed-conversations";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "./seed-data/people";
import { addDays, createRandom, money, stampUpTo, toMs } from "./seed-kit";
import { planListings, planPriceHistory, planVerifications, recordShortLetPermissions } from "./seed-listings";
import { planManagement, writeManagement } from "./seed-management";
import { planMetrics } from "./seed-metrics";
import { planPeople } from "./seed-people";
import { planPhotosAndAmenities } from "./seed-photos-amenities";
import { planReviews } from "./seed-reviews";
import { planSavedListings } from "./seed-saved";
import { guestCancellation, type PlannedBooking, pendingRequestTimes, planStays } from "./seed-stays";
import { type SealedDemoTaxDetails, sealDemoTaxDetails, writeDemoTaxDetails } from "./seed-tax-details";

export type SeedResult = { seeded: boolean; users: number; properties: number; bookings: number };

/** Any constant: two instances starting together must not both seed. */
const SEED_LOCK = 7_406_202;

/**
 * Adds the demo marketplace (people, listings, photos, stays, payments, reviews, pricing rules,
 * blocked dates and metrics) when the database holds no properties yet. Everything happens in one
 * transaction, and the same `today` always produces the same rows.
 */
export async function seedDemoData(
  db: Database,
  options: { today?: string; serverKeys?: ServerKeys } = {},
): Promise<SeedResult> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(toMs(today))) {
    throw new Error(`seedDemoData: today must be a YYYY-MM-DD date, got ${today}`);
  }
  const notSeeded: SeedResult = { seeded: false, users: 0, properties: 0, bookings: 0 };
  // Cheap check first, so a populated database never pays for the password hash.
  if (await hasProperties(db)) return notSeeded;
  const passwordHash = await hash(DEMO_PASSWORD);
  const demoAdminSecret = await options.serverKeys?.seal("two-factor-secrets", DEMO_ADMIN_TOTP_SECRET);
  // The demo sellers' tax details, sealed with the same key: without it they could not be read back, so none.
  const taxDetails = options.serverKeys ? await sealDemoTaxDetails(options.serverKeys) : [];

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProperties(tx)) return notSeeded;
    const plan = buildPlan(today, passwordHash);
    const result = await writePlan(tx, plan, taxDetails);
    // The demo administrator has two-factor on with the published demo key, as administrators must (an account that
    // was there before the seed keeps its own).
    if (demoAdminSecret) {
      await tx
        .update(users)
        .set({ totpSecret: demoAdminSecret, totpEnabledAt: new Date() })
        .where(sql`lower(${users.email}) = ${plan.admin.row.email.toLowerCase()} and ${users.totpSecret} is null`);
    }
    return result;
  });
}

async function hasProperties(db: Database | Tx): Promise<boolean> {
  const rows = await db.select({ id: properties.id }).from(properties).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The plan: every row worked out in memory first, with people and listings referred to by key
// ---------------------------------------------------------------------------------------------

type Plan = ReturnType<typeof buildPlan>;

/**
 * Each part plans its own rows (seed-people, seed-listings, seed-stays and so on). The parts that draw random numbers
 * share one sequence, so they run in the order they always have: listings, photos and amenities, stays, reviews,
 * saved listings, blocked dates, then metrics. Moving one would change every row planned after it.
 */
function buildPlan(today: string, passwordHash: string) {
  const rnd = createRandom(20_260_101);
  const stamp = stampUpTo(today);

  const { admin, people, firstNames } = planPeople({ today, stamp, passwordHash });
  const { listings, propertyRows } = planListings({ today, rnd, stamp });
  const { photoRows, amenityRows } = planPhotosAndAmenities({ rnd, stamp, listings });
  const { plannedBookings, heldNights } = planStays({ today, rnd, stamp, listings });
  const reviewPlans = planReviews({ today, rnd, stamp, listings, stays: plannedBookings, firstNames });
  const saved = planSavedListings({ today, rnd, stamp, listings });
  const pricing = planPricingRules({ today, stamp, listings });
  const blocked = planBlockedDates({ today, rnd, listings, heldNights });

  // Property management and maintenance: manager@ runs some of landlord@'s listings, contractor@ works on them.
  const management = planManagement({
    today,
    stamp,
    heldNights,
    blockedNights: new Set(blocked.map((b) => `${b.slug}|${b.date}`)),
  });

  const metrics = planMetrics({ today, rnd, stamp, listings, stays: plannedBookings, heldNights });
  recordShortLetPermissions(propertyRows, plannedBookings);
  const priceHistory = planPriceHistory({ today, stamp, listings, propertyRows });
  const verifications = planVerifications({ today, stamp, listings });

  // Guests' questions to landlord@ and manager@, and the demo guest's conversation about a coming stay.
  const conversations = planConversations({ today, stamp, stays: plannedBookings, now: Date.now() });

  return {
    today,
    stamp,
    admin,
    people,
    propertyRows,
    photoRows,
    amenityRows,
    priceHistory,
    verifications,
    plannedBookings,
    reviewPlans,
    saved,
    pricing,
    blocked,
    metrics,
    management,
    conversations,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing the plan: a handful of multi-row inserts inside the caller's transaction
// ---------------------------------------------------------------------------------------------

/**
 * A multi-row insert written as `insert ... select * from unnest($1::type[], $2::type[], ...)`:
 * one statement with one array parameter per column, whatever the number of rows. Drizzle's
 * `insert().values([...])` spends about 0.1 ms of CPU per row building its VALUES list, which for
 * the few thousand stays, payments and reviews was most of the seed's time. Column names and SQL
 * types come from the Drizzle table, so the rows keep their schema types. (Array and json
 * columns cannot go through unnest; those tables use `insert().values()`.)
 */
async function insertMany<TTable extends PgTable, TKey extends keyof TTable["$inferSelect"] & string = never>(
  tx: Tx,
  table: TTable,
  rows: TTable["$inferInsert"][],
  returning: readonly TKey[] = [],
): Promise<Pick<TTable["$inferSelect"], TKey>[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  // Every key any row has (rows may differ: only pending stays have a hold); a missing value is NULL.
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
  const column = (key: string) => {
    const c = columns[key];
    if (!c) throw new Error(`seed: ${key} is not a column`);
    return c;
  };
  const names = sql.raw(keys.map((k) => `"${column(k).name}"`).join(", "));
  const arrays = sql.join(
    keys.map((k) => {
      const values = rows.map((row) => (row as Record<string, unknown>)[k] ?? null);
      return sql`${sql.param(values)}::${sql.raw(`${column(k).getSQLType()}[]`)}`;
    }),
    sql`, `,
  );
  const back =
    returning.length > 0 ? sql` returning ${sql.raw(returning.map((k) => `"${column(k).name}"`).join(", "))}` : sql``;
  const result = await tx.execute<Record<string, unknown>>(
    sql`insert into ${table} (${names}) select * from unnest(${arrays})${back}`,
  );
  return result.rows.map((row) => Object.fromEntries(returning.map((k) => [k, row[column(k).name]]))) as Pick<
    TTable["$inferSelect"],
    TKey
  >[];
}

async function writePlan(tx: Tx, plan: Plan, taxDetails: SealedDemoTaxDetails[]): Promise<SeedResult> {
  // People: the admin first, since the landlords' approvals point at it. Accounts that already
  // exist (an e-mail registered before the seed ran) are kept as they are.
  const insertedAdmin = await tx.insert(users).values(plan.admin.row).onConflictDoNothing().returning({ id: users.id });
  const [adminRow] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, plan.admin.row.email.toLowerCase()));
  if (!adminRow) throw new Error("seed: the admin account is missing");
  const insertedOthers = await tx
    .insert(users)
    .values(plan.people.map((p) => ({ ...p.row, approvedBy: p.approvedByAdmin ? adminRow.id : null })))
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  // System Logs start with the approvals the demo admin made, on the days they were made.
  const adminLabel = auditLabel(plan.admin.row);
  const approvals = plan.people.flatMap((p) => {
    const created = insertedOthers.find((u) => u.email.toLowerCase() === p.row.email.toLowerCase());
    if (!created || !p.approvedByAdmin || !p.row.approvedAt) return [];
    const name = `${p.row.firstName} ${p.row.lastName}`;
    return [
      {
        type: "success" as const,
        action: "landlord.approved" as const,
        message: `Approved ${name} as a landlord`,
        actorId: adminRow.id,
        actorLabel: adminLabel,
        subjectUserId: created.id,
        subjectLabel: auditLabel(p.row),
        targetType: "user" as const,
        targetId: String(created.id),
        createdAt: p.row.approvedAt,
      },
    ];
  });
  if (approvals.length > 0) await tx.insert(auditLogs).values(approvals);
  const emails = [plan.admin.row.email, ...plan.people.map((p) => p.row.email)].map((e) => e.toLowerCase());
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const idByEmail = new Map(found.map((u) => [u.email.toLowerCase(), u.id]));
  const personRowOf = (key: string) => {
    const person = key === "admin" ? plan.admin : plan.people.find((p) => p.key === key);
    if (!person) throw new Error(`seed: no person ${key}`);
    return person.row;
  };
  const userId = (key: string) => {
    const id = idByEmail.get(personRowOf(key).email.toLowerCase());
    if (id === undefined) throw new Error(`seed: no user for ${key}`);
    return id;
  };

  // Payees are paid through demo payout accounts, ready at once, so demo bookings and jobs run as they would with
  // Stripe set up. A landlord still awaiting approval has not set payouts up yet.
  const payees = plan.people.filter(
    (p) =>
      (p.row.role === "landlord" && p.row.isApproved) ||
      p.row.role === "property_manager" ||
      p.row.role === "contractor",
  );
  if (payees.length > 0) {
    await tx
      .insert(payoutAccounts)
      .values(
        payees.map((p) => ({
          userId: userId(p.key),
          demo: true,
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
        })),
      )
      .onConflictDoNothing({ target: payoutAccounts.userId });
  }
  // The demo sellers' tax details, so Tax Reports, HMRC's platform report and real payouts have what they need.
  await writeDemoTaxDetails(tx, taxDetails, userId);

  // Listings: the four samples keep ids 1 to 4; the sequence moves past them before the rest.
  const samples = plan.propertyRows.filter((p) => p.row.id !== undefined);
  const rest = plan.propertyRows.filter((p) => p.row.id === undefined);
  const withOwner = (p: (typeof plan.propertyRows)[number]) => ({ ...p.row, ownerId: userId(p.owner) });
  const resetSequence = () =>
    tx.execute(sql`select setval(pg_get_serial_sequence('properties', 'id'), (select max(id) from properties))`);
  const insertedSamples = await tx
    .insert(properties)
    .values(samples.map(withOwner))
    .returning({ id: properties.id, slug: properties.slug });
  await resetSequence();
  const insertedRest = await tx
    .insert(properties)
    .values(rest.map(withOwner))
    .returning({ id: properties.id, slug: properties.slug });
  await resetSequence();
  const propertyId = new Map([...insertedSamples, ...insertedRest].map((p) => [p.slug, p.id]));
  const pid = (slug: string) => {
    const id = propertyId.get(slug);
    if (id === undefined) throw new Error(`seed: no property ${slug}`);
    return id;
  };

  await insertMany(
    tx,
    propertyPhotos,
    plan.photoRows.map((p) => ({ ...p.row, propertyId: pid(p.slug) })),
  );
  await insertMany(
    tx,
    propertyAmenities,
    plan.amenityRows.map((a) => ({ ...a.row, propertyId: pid(a.slug) })),
  );
  // The trigger recorded each listing's price from its listing; the reduced ones get their real history instead.
  const reduced = [...new Set(plan.priceHistory.map((h) => pid(h.slug)))];
  if (reduced.length > 0)
    await tx.delete(propertyPriceChanges).where(inArray(propertyPriceChanges.propertyId, reduced));
  await insertMany(
    tx,
    propertyPriceChanges,
    plan.priceHistory.map((h) => ({ ...h.row, propertyId: pid(h.slug) })),
  );
  // Check lists differ in length, which the column-wise bulk insert cannot carry: a plain insert, for a few rows.
  if (plan.verifications.length > 0) {
    await tx
      .insert(propertyVerifications)
      .values(plan.verifications.map((v) => ({ ...v.row, propertyId: pid(v.slug), verifiedBy: adminRow.id })));
  }

  // Stays and their payments.
  const insertedBookings = await insertMany(
    tx,
    bookings,
    plan.plannedBookings.map((b) => ({
      propertyId: pid(b.slug),
      guestId: userId(b.guestKey),
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      totalPrice: money(b.totalPrice),
      serviceFee: money(b.totalPrice - b.nights * b.pricePerNight),
      status: b.status,
      guestCount: b.guestCount,
      createdAt: b.createdAt,
      // A request waits at most 48 hours for its landlord: seeded ones were made within the last day.
      ...(b.status === "pending" && pendingRequestTimes(b.createdAt)),
      ...(b.status === "cancelled" && guestCancellation(b.createdAt, money(b.totalPrice))),
    })),
    ["id", "propertyId", "checkIn", "guestId"],
  );
  const bookingKey = (propertyIdValue: number, checkIn: string, guestId: number) =>
    `${propertyIdValue}|${checkIn}|${guestId}`;
  const bookingId = new Map(insertedBookings.map((b) => [bookingKey(b.propertyId, b.checkIn, b.guestId), b.id]));
  if (bookingId.size !== insertedBookings.length)
    throw new Error("seed: two stays share a property, guest and arrival");
  const idOf = (b: PlannedBooking) => {
    const id = bookingId.get(bookingKey(pid(b.slug), b.checkIn, userId(b.guestKey)));
    if (id === undefined) throw new Error("seed: booking id not found");
    return id;
  };
  const paid = plan.plannedBookings.filter((b) => b.status === "confirmed" || b.status === "completed");
  await insertMany(
    tx,
    payments,
    paid.map((b) => ({
      bookingId: idOf(b),
      amount: money(b.totalPrice),
      currency: "gbp",
      status: "succeeded" as const,
      createdAt: new Date(b.createdAt.getTime() + 4 * 60_000),
    })),
  );

  // The stays' money, recorded in the ledger exactly as a real database's stays were when the ledger began.
  await replayMigration(tx, "0035_ledger_from_bookings");

  await insertMany(
    tx,
    reviews,
    plan.reviewPlans.map(({ booking, row }) => ({
      ...row,
      propertyId: pid(booking.slug),
      bookingId: idOf(booking),
      guestId: userId(booking.guestKey),
    })),
  );
  // Ratings are computed from the reviews, never typed in.
  await tx.execute(sql`
    update properties p
       set rating = s.avg_rating, review_count = s.review_count
      from (select property_id, round(avg(rating)::numeric, 2) as avg_rating, count(*)::int as review_count
              from reviews
             where is_public
             group by property_id) s
     where p.id = s.property_id`);

  await insertMany(
    tx,
    savedProperties,
    plan.saved.map((s) => ({ userId: userId(s.userKey), propertyId: pid(s.slug), createdAt: s.createdAt })),
  );
  // Pricing rules hold an integer[] column, which unnest would flatten: a plain multi-row insert.
  await tx.insert(pricingRules).values(plan.pricing.map((r) => ({ ...r.row, propertyId: pid(r.slug) })));
  await insertMany(
    tx,
    availability,
    plan.blocked.map((b) => ({ propertyId: pid(b.slug), date: b.date, status: "blocked" as const, notes: b.notes })),
  );
  const titles = new Map(plan.propertyRows.map((p) => [p.slug, p.row.title]));
  await writeManagement(tx, plan.management, {
    userId,
    name: (key) => sentenceName(personRowOf(key)),
    label: (key) => auditLabel(personRowOf(key)),
    propertyId: pid,
    propertyTitle: (slug) => titles.get(slug) ?? slug,
    bookingId: idOf,
  });
  // Before the past transfers, so what owners were sent leaves their paid jobs' costs held, as the payout job would.
  await postPaidJobCosts(tx);
  await writePastTransfers(tx, plan);
  await writeConversations(tx, plan.conversations, { userId, propertyId: pid, bookingId: idOf });
  await insertMany(
    tx,
    propertyMetrics,
    plan.metrics.map((m) => ({ ...m.row, propertyId: pid(m.slug) })),
  );

  return {
    seeded: true,
    users: insertedAdmin.length + insertedOthers.length,
    properties: insertedSamples.length + insertedRest.length,
    bookings: insertedBookings.length,
  };
}

/**
 * The demo's paid jobs in the ledger, posted as an owner marking each paid posts it, on the day it was marked paid:
 * without them contractors' earnings, owners' statements and the books would disagree.
 */
async function postPaidJobCosts(tx: Tx): Promise<void> {
  const paid = await tx
    .select({
      jobId: maintenanceJobs.id,
      ownerId: properties.ownerId,
      contractorId: maintenanceJobs.contractorId,
      finalCost: maintenanceJobs.finalCost,
      paidAt: maintenanceJobs.paidAt,
    })
    .from(maintenanceJobs)
    .innerJoin(properties, eq(properties.id, maintenanceJobs.propertyId))
    .where(and(isNotNull(maintenanceJobs.paidAt), isNotNull(maintenanceJobs.contractorId)))
    .orderBy(maintenanceJobs.paidAt, maintenanceJobs.id);
  for (const job of paid) {
    const costPence = job.finalCost === null ? 0 : poundsToPence(job.finalCost);
    if (job.contractorId === null || job.paidAt === null || costPence <= 0) continue;
    await postJobCost(tx, { ...job, contractorId: job.contractorId, paidAt: job.paidAt, costPence, demo: true });
  }
}

/**
 * The demo transfers the payout job would already have sent: each share it releases (the same query decides what is
 * due, and how much), sent the day after check-in (a contractor's pay just after the owner paid the job) with the job's
 * claim key and ledger lines. Without them the job's
 * first run would send the whole history at once, and every statement would show it as paid out today. Written as a
 * few set-wise inserts with the sending day as their time, since the ledger takes new rows dated in the past and the
 * seed must stay quick; payees with no ready payout account keep their shares held, as the job would leave them.
 */
async function writePastTransfers(tx: Tx, plan: Plan): Promise<void> {
  const due = await findTransfersDue(tx, plan.today, Number.MAX_SAFE_INTEGER);
  const checkIns = new Map(
    (
      await tx
        .select({ id: bookings.id, checkIn: bookings.checkIn })
        .from(bookings)
        .where(
          inArray(
            bookings.id,
            due.flatMap((d) => (d.bookingId === null ? [] : [d.bookingId])),
          ),
        )
    ).map((b) => [b.id, b.checkIn]),
  );
  // A contractor's pay goes in the job's run after the owner marks the job paid.
  const jobsPaid = new Map(
    (
      await tx
        .select({ id: maintenanceJobs.id, paidAt: maintenanceJobs.paidAt })
        .from(maintenanceJobs)
        .where(isNotNull(maintenanceJobs.paidAt))
    ).map((j) => [j.id, j.paidAt]),
  );
  const take = payeePurses();
  const sends = due.flatMap((d) => {
    const checkIn = d.bookingId === null ? undefined : checkIns.get(d.bookingId);
    const jobPaidAt = d.maintenanceJobId === null ? undefined : jobsPaid.get(d.maintenanceJobId);
    if ((checkIn === undefined && !jobPaidAt) || !d.demo) return [];
    const amountPence = take(d);
    if (amountPence <= 0) return [];
    // The job's early-morning run on the day after check-in (never later than the seed's today), or its run a
    // few minutes after a job was paid.
    const sentAt =
      checkIn !== undefined
        ? plan.stamp(addDays(checkIn, 1), 6 * 60)
        : new Date((jobPaidAt as Date).getTime() + 5 * 60_000);
    const claimKey = transferClaimKey(d, d.payeeId, d.claimsMade + 1);
    return [{ due: d, amountPence, sentAt, claimKey, lines: transferLines(d.payeeId, amountPence, "out") }];
  });
  if (sends.length === 0) return;

  await insertMany(
    tx,
    payoutTransfers,
    sends.map((s) => ({
      bookingId: s.due.bookingId,
      maintenanceJobId: s.due.maintenanceJobId,
      payeeId: s.due.payeeId,
      amountPence: s.amountPence,
      demo: true,
      claimKey: s.claimKey,
      sentAt: s.sentAt,
      createdAt: s.sentAt,
    })),
  );
  const posted = await insertMany(
    tx,
    ledgerTransactions,
    sends.map((s) => ({
      kind: "transfer" as const,
      idempotencyKey: s.claimKey,
      demo: true,
      bookingId: s.due.bookingId,
      maintenanceJobId: s.due.maintenanceJobId,
      memo: DEMO_TRANSFER_MEMO,
      createdAt: s.sentAt,
    })),
    ["id", "idempotencyKey"],
  );
  const transactionIds = new Map(posted.map((p) => [p.idempotencyKey, p.id]));
  // Only a few accounts (each payee's two and the platform's and Stripe's cash): opened or found once each.
  const accountIds = new Map<string, number>();
  const accountName = (line: LedgerLine) => `${line.account.kind}:${line.account.partyId ?? ""}`;
  for (const line of sends.flatMap((s) => s.lines)) {
    if (!accountIds.has(accountName(line))) accountIds.set(accountName(line), await ledgerAccountId(tx, line.account));
  }
  const known = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`seed: no ${what}`);
    return value;
  };
  await insertMany(
    tx,
    ledgerEntries,
    sends.flatMap((s) =>
      s.lines.map((line) => ({
        transactionId: known(transactionIds.get(s.claimKey), `transaction ${s.claimKey}`),
        accountId: known(accountIds.get(accountName(line)), `account ${accountName(line)}`),
        amountPence: line.amountPence,
      })),
    ),
  );
}

/** The demo accounts, for tests and the README. */
export { DEMO_ACCOUNTS, DEMO_PASSWORD };
