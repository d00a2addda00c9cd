import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { bookings, properties, rentPayments, tenancies, users } from "../db/schema";

export type TenancyRow = typeof tenancies.$inferSelect;
export type RentPaymentRow = typeof rentPayments.$inferSelect;

export async function insertTenancy(tx: Tx, row: typeof tenancies.$inferInsert): Promise<TenancyRow> {
  const [inserted] = await tx.insert(tenancies).values(row).returning();
  if (!inserted) throw new Error("the tenancy was not written");
  return inserted;
}

/** The periodic tenancies among these bookings, by booking id: when each began, its rent and its end once notice is given. */
export async function findTenancyTerms(
  db: Db,
  bookingIds: readonly number[],
): Promise<Map<number, Pick<TenancyRow, "startsOn" | "monthlyRentPence" | "endsOn">>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: tenancies.bookingId,
      startsOn: tenancies.startsOn,
      monthlyRentPence: tenancies.monthlyRentPence,
      endsOn: tenancies.endsOn,
    })
    .from(tenancies)
    .where(inArray(tenancies.bookingId, [...bookingIds]));
  return new Map(rows.map(({ bookingId, ...term }) => [bookingId, term]));
}

export async function findTenancyByBooking(db: Db, bookingId: number): Promise<TenancyRow | undefined> {
  const [row] = await db.select().from(tenancies).where(eq(tenancies.bookingId, bookingId));
  return row;
}

/** The tenancy with the facts its rent and notices need: the booking's parties and status, the listing's title. */
export async function findTenancyFacts(db: Db, tenancyId: number, lock = false) {
  const query = db
    .select({
      tenancy: tenancies,
      bookingStatus: bookings.status,
      checkOut: bookings.checkOut,
      guestId: bookings.guestId,
      ownerId: properties.ownerId,
      title: properties.title,
      guestEmail: sql<string>`(select email from ${users} where id = ${bookings.guestId})`,
      guestFirstName: sql<string | null>`(select first_name from ${users} where id = ${bookings.guestId})`,
      ownerEmail: sql<string>`(select email from ${users} where id = ${properties.ownerId})`,
      ownerFirstName: sql<string | null>`(select first_name from ${users} where id = ${properties.ownerId})`,
    })
    .from(tenancies)
    .innerJoin(bookings, eq(bookings.id, tenancies.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(tenancies.id, tenancyId));
  const [row] = lock ? await query.for("update", { of: tenancies }) : await query;
  return row;
}
export type TenancyFacts = NonNullable<Awaited<ReturnType<typeof findTenancyFacts>>>;

export async function updateTenancy(db: Db, tenancyId: number, set: Partial<typeof tenancies.$inferInsert>) {
  await db.update(tenancies).set(set).where(eq(tenancies.id, tenancyId));
}

/** Agreed tenancies of confirmed bookings: those whose rent is collected. */
export async function findCollectingTenancies(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: tenancies.id })
    .from(tenancies)
    .innerJoin(bookings, eq(bookings.id, tenancies.bookingId))
    .where(and(isNotNull(tenancies.agreedAt), eq(bookings.status, "confirmed")))
    .orderBy(asc(tenancies.id));
  return rows.map((r) => r.id);
}

/** Writes a period's rent as due, once: a second writer finds the row already there. */
export async function insertRentDue(
  db: Db,
  row: { tenancyId: number; periodStart: string; periodEnd: string; amountPence: number },
): Promise<RentPaymentRow | undefined> {
  const [inserted] = await db
    .insert(rentPayments)
    .values({ ...row, status: "due", nextAttemptOn: row.periodStart })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** Rent payments to try today: not paid, with a try due. Locked, and skipped when another instance holds them. */
export async function lockRentToTry(tx: Tx, tenancyId: number, today: string): Promise<RentPaymentRow[]> {
  return tx
    .select()
    .from(rentPayments)
    .where(
      and(
        eq(rentPayments.tenancyId, tenancyId),
        ne(rentPayments.status, "paid"),
        isNotNull(rentPayments.nextAttemptOn),
        lte(rentPayments.nextAttemptOn, today),
      ),
    )
    .orderBy(asc(rentPayments.periodStart))
    .for("update", { skipLocked: true });
}

export async function updateRentPayment(db: Db, id: number, set: Partial<typeof rentPayments.$inferInsert>) {
  await db.update(rentPayments).set(set).where(eq(rentPayments.id, id));
}

export async function findRentPayments(db: Db, tenancyId: number): Promise<RentPaymentRow[]> {
  return db
    .select()
    .from(rentPayments)
    .where(eq(rentPayments.tenancyId, tenancyId))
    .orderBy(asc(rentPayments.periodStart));
}

/** Moves a booking's check-out (the calendar it holds) for its tenancy. */
export async function setBookingCheckOut(db: Db, bookingId: number, checkOut: string): Promise<void> {
  await db.update(bookings).set({ checkOut }).where(eq(bookings.id, bookingId));
}

/** Open-ended tenancies whose calendar hold ends before `horizon`, to be held further. */
export async function findHoldsToExtend(db: Db, horizon: string) {
  return db
    .select({ bookingId: bookings.id })
    .from(tenancies)
    .innerJoin(bookings, eq(bookings.id, tenancies.bookingId))
    .where(
      and(
        isNull(tenancies.endsOn),
        sql`${bookings.status} in ('pending', 'confirmed')`,
        sql`${bookings.checkOut} < ${horizon}::date`,
      ),
    );
}
