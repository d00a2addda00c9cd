import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { bookings, petRequests, properties, rentIncreases, tenancyStatements, users } from "../db/schema";

/** What a tenancy's rights need of its booking, listing and two parties (PDFs, letters and views). */
export async function findTenancy(db: Db, bookingId: number) {
  const rows = await db.execute<{
    id: number;
    status: string;
    stay_mode: string | null;
    check_in: string;
    check_out: string;
    total_price: string;
    deposit_amount: string | null;
    created_at: Date | string;
    guest_id: number;
    owner_id: number;
    property_id: number;
    title: string;
    address: string;
    city: string;
    postcode: string | null;
    furnishing_status: string;
    epc_rating: string | null;
    terms_and_conditions: string | null;
    pets_allowed: boolean | null;
    guest_email: string;
    guest_first_name: string | null;
    guest_last_name: string | null;
    owner_email: string;
    owner_first_name: string | null;
    owner_last_name: string | null;
    /** A periodic tenancy's agreed monthly rent; null for a fixed-term one, whose rent is read from its total. */
    agreed_rent_pence: number | null;
  }>(sql`
    select b.id, b.status::text, b.stay_mode::text,
           (select t.monthly_rent_pence from tenancies t where t.booking_id = b.id) as agreed_rent_pence, b.check_in::text, b.check_out::text, b.total_price::text,
           b.deposit_amount::text, b.created_at, b.guest_id, p.owner_id, p.id as property_id, p.title, p.address,
           p.city, p.postcode, p.furnishing_status::text, p.epc_rating, p.terms_and_conditions,
           (p.tenant_preferences ->> 'petsAllowed')::boolean as pets_allowed,
           g.email as guest_email, g.first_name as guest_first_name, g.last_name as guest_last_name,
           o.email as owner_email, o.first_name as owner_first_name, o.last_name as owner_last_name
      from bookings b
      join properties p on p.id = b.property_id
      join users g on g.id = b.guest_id
      join users o on o.id = p.owner_id
     where b.id = ${bookingId}`);
  return rows.rows[0];
}
export type TenancyRow = NonNullable<Awaited<ReturnType<typeof findTenancy>>>;

/** Holds the booking row until the transaction ends: its rights change one at a time, after its status. */
export async function lockTenancyBooking(tx: Tx, bookingId: number) {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for("update");
}

// ---------------------------------------------------------------- rent increases

const increaseColumns = {
  id: rentIncreases.id,
  bookingId: rentIncreases.bookingId,
  previousMonthlyRentPence: rentIncreases.previousMonthlyRentPence,
  monthlyRentPence: rentIncreases.monthlyRentPence,
  startsOn: rentIncreases.startsOn,
  servedOn: rentIncreases.servedOn,
  noticeSha256: rentIncreases.noticeSha256,
  createdAt: rentIncreases.createdAt,
};

/** A tenancy's increases, latest start first (the PDFs left out). */
export function findRentIncreases(db: Db, bookingId: number) {
  return db
    .select(increaseColumns)
    .from(rentIncreases)
    .where(eq(rentIncreases.bookingId, bookingId))
    .orderBy(desc(rentIncreases.startsOn));
}

/** The increase whose rent applies on `onDate`: the latest to have started by then. */
export async function findIncreaseStartedBy(db: Db, bookingId: number, onDate: string) {
  const [row] = await db
    .select({ monthlyRentPence: rentIncreases.monthlyRentPence, startsOn: rentIncreases.startsOn })
    .from(rentIncreases)
    .where(and(eq(rentIncreases.bookingId, bookingId), lte(rentIncreases.startsOn, onDate)))
    .orderBy(desc(rentIncreases.startsOn))
    .limit(1);
  return row;
}

export async function insertRentIncrease(tx: Tx, values: typeof rentIncreases.$inferInsert) {
  const [row] = await tx.insert(rentIncreases).values(values).returning({ id: rentIncreases.id });
  return row?.id;
}

export async function findRentIncreaseNotice(db: Db, id: number) {
  const [row] = await db
    .select({ bookingId: rentIncreases.bookingId, pdf: rentIncreases.noticePdf, startsOn: rentIncreases.startsOn })
    .from(rentIncreases)
    .where(eq(rentIncreases.id, id));
  return row;
}

// ---------------------------------------------------------------- pet requests

const petColumns = {
  id: petRequests.id,
  bookingId: petRequests.bookingId,
  description: petRequests.description,
  status: petRequests.status,
  askedOn: petRequests.askedOn,
  answerDueOn: petRequests.answerDueOn,
  refusalReason: petRequests.refusalReason,
  answeredAt: petRequests.answeredAt,
  flaggedAt: petRequests.flaggedAt,
  propertyTitle: properties.title,
  tenantFirstName: users.firstName,
  tenantLastName: users.lastName,
};
export type PetRequestRow = Awaited<ReturnType<typeof findPetRequests>>[number];

function petQuery(db: Db) {
  return db
    .select(petColumns)
    .from(petRequests)
    .innerJoin(bookings, eq(bookings.id, petRequests.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(users, eq(users.id, bookings.guestId));
}

/** A tenancy's pet requests, newest first. */
export function findPetRequests(db: Db, bookingId: number) {
  return petQuery(db).where(eq(petRequests.bookingId, bookingId)).orderBy(desc(petRequests.createdAt));
}

/** Requests left unanswered past their last day, for administrators, oldest due first. */
export function findOverduePetRequests(db: Db, today: string) {
  return petQuery(db)
    .where(and(eq(petRequests.status, "pending"), sql`${petRequests.answerDueOn} < ${today}`))
    .orderBy(petRequests.answerDueOn)
    .limit(500);
}

/** Writes a pending request; undefined when the tenancy already has one waiting. */
export async function insertPetRequest(tx: Tx, values: typeof petRequests.$inferInsert) {
  const [row] = await tx
    .insert(petRequests)
    .values(values)
    .onConflictDoNothing({ target: petRequests.bookingId, where: sql`${petRequests.status} = 'pending'` })
    .returning({ id: petRequests.id });
  return row?.id;
}

/** A request with its tenancy's parties, locked until the transaction ends. */
export async function lockPetRequest(tx: Tx, id: number) {
  const [row] = await tx
    .select({ request: petRequests, guestId: bookings.guestId, ownerId: properties.ownerId })
    .from(petRequests)
    .innerJoin(bookings, eq(bookings.id, petRequests.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(petRequests.id, id))
    .for("update", { of: petRequests });
  return row;
}

export async function answerPetRequest(
  tx: Tx,
  id: number,
  answer: { status: "approved" | "refused"; refusalReason: string | null; answeredBy: number },
) {
  await tx
    .update(petRequests)
    .set({ ...answer, answeredAt: new Date() })
    .where(and(eq(petRequests.id, id), eq(petRequests.status, "pending")));
}

type DuePetRow = {
  id: number;
  booking_id: number;
  asked_on: string;
  answer_due_on: string;
  description: string;
  title: string;
  owner_email: string;
  owner_first_name: string | null;
  guest_email: string;
  guest_first_name: string | null;
};
const dueParties = sql`
  select r.id, r.booking_id, r.asked_on::text, r.answer_due_on::text, r.description, p.title,
         o.email as owner_email, o.first_name as owner_first_name, g.email as guest_email, g.first_name as guest_first_name
    from marked r
    join bookings b on b.id = r.booking_id
    join properties p on p.id = b.property_id
    join users o on o.id = p.owner_id
    join users g on g.id = b.guest_id`;

/**
 * Marks as reminded the pending requests whose last day is within `daysBefore` days of `today` and not yet passed,
 * answering them: each is reminded once, whichever instance runs the job.
 */
export async function claimPetReminders(tx: Tx, today: string, daysBefore: number) {
  const rows = await tx.execute<DuePetRow>(sql`
    with marked as (
      update pet_requests set reminded_at = now()
       where status = 'pending' and reminded_at is null and flagged_at is null
         and answer_due_on >= ${today}::date and answer_due_on <= ${today}::date + ${daysBefore}::int
      returning *)
    ${dueParties}`);
  return rows.rows;
}

/** Marks as flagged the pending requests past their last day (asked from `dutyFrom`), answering them: once each. */
export async function claimOverduePetRequests(tx: Tx, today: string, dutyFrom: string) {
  const rows = await tx.execute<DuePetRow>(sql`
    with marked as (
      update pet_requests set flagged_at = now()
       where status = 'pending' and flagged_at is null and answer_due_on < ${today}::date
         and asked_on >= ${dutyFrom}::date
      returning *)
    ${dueParties}`);
  return rows.rows;
}

// ---------------------------------------------------------------- the written statement of terms

export async function findAcceptedStatement(db: Db, bookingId: number, withPdf = false) {
  const [row] = await db
    .select({
      version: tenancyStatements.version,
      sha256: tenancyStatements.sha256,
      acceptedAt: tenancyStatements.acceptedAt,
      ...(withPdf ? { pdf: tenancyStatements.pdf } : {}),
    })
    .from(tenancyStatements)
    .where(eq(tenancyStatements.bookingId, bookingId));
  return row as (typeof row & { pdf?: Buffer }) | undefined;
}

/** Records the acceptance; undefined when the tenancy's statement was already accepted. */
export async function insertAcceptedStatement(tx: Tx, values: typeof tenancyStatements.$inferInsert) {
  const [row] = await tx
    .insert(tenancyStatements)
    .values(values)
    .onConflictDoNothing({ target: tenancyStatements.bookingId })
    .returning({ id: tenancyStatements.id });
  return row?.id;
}
