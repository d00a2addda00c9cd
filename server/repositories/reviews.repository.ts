import { type AnyColumn, and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { bookings, properties, reviews, users } from "../db/schema";
import { PG, pgErrorCode } from "../lib/postgres-errors";

type Executor = Database | Tx;

export type NewReview = Pick<
  typeof reviews.$inferInsert,
  | "propertyId"
  | "bookingId"
  | "guestId"
  | "rating"
  | "cleanliness"
  | "accuracy"
  | "communication"
  | "location"
  | "value"
  | "title"
  | "comment"
>;

/** What deciding whether a booking may be reviewed needs. */
export async function findBookingForReview(db: Database, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      guestId: bookings.guestId,
      propertyId: bookings.propertyId,
      ownerId: properties.ownerId,
      status: bookings.status,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

export async function reviewExistsForBooking(db: Database, bookingId: number): Promise<boolean> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
  return row !== undefined;
}

/**
 * The property's rating (average of its public reviews, 2 decimals) and review count, recomputed from
 * the reviews table. The caller holds the property's row lock, so concurrent reviews cannot both
 * compute from a table missing the other's row.
 */
async function refreshPropertyRating(tx: Executor, propertyId: number): Promise<void> {
  await tx.execute(sql`
    update ${properties}
       set rating = coalesce(s.avg_rating, 0), review_count = s.review_count
      from (select round(avg(${reviews.rating})::numeric, 2) as avg_rating, count(*)::int as review_count
              from ${reviews}
             where ${reviews.propertyId} = ${propertyId} and ${reviews.isPublic}) s
     where ${properties.id} = ${propertyId}`);
}

/**
 * Inserts the review and brings the property's rating and review count up to date, in one
 * transaction. "duplicate" when this booking already has a review (the unique index decides races).
 */
export async function insertReview(db: Database, review: NewReview): Promise<{ id: number } | "duplicate"> {
  try {
    return await db.transaction(async (tx) => {
      // Serialises review writes per property (see refreshPropertyRating).
      await tx.execute(sql`select 1 from ${properties} where ${properties.id} = ${review.propertyId} for update`);
      const [row] = await tx.insert(reviews).values(review).returning({ id: reviews.id });
      if (!row) throw new Error("review not inserted");
      await refreshPropertyRating(tx, review.propertyId);
      return row;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG.UNIQUE_VIOLATION) return "duplicate";
    throw error;
  }
}

const publicReviewColumns = {
  id: reviews.id,
  propertyId: reviews.propertyId,
  bookingId: reviews.bookingId,
  rating: reviews.rating,
  cleanliness: reviews.cleanliness,
  accuracy: reviews.accuracy,
  communication: reviews.communication,
  location: reviews.location,
  value: reviews.value,
  title: reviews.title,
  comment: reviews.comment,
  hostResponse: reviews.hostResponse,
  hostResponseDate: reviews.hostResponseDate,
  createdAt: reviews.createdAt,
  // Only what the public name needs: never the e-mail.
  guestFirstName: users.firstName,
  guestLastName: users.lastName,
  checkIn: bookings.checkIn,
};

export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReviewById>>>;

/** One review with its guest's names and the check-in of its stay. */
export async function findReviewById(db: Database, reviewId: number) {
  const [row] = await db
    .select(publicReviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.guestId))
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return row;
}

/** One page of a property's public reviews, newest first. */
export async function findPublicReviews(db: Database, propertyId: number, limit: number, offset: number) {
  return db
    .select(publicReviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.guestId))
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(and(eq(reviews.propertyId, propertyId), eq(reviews.isPublic, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Averages of a property's public reviews, to 1 decimal. The overall figure is the stored 2-decimal
 * rating rounded again, so it agrees with the rating shown wherever the property is listed.
 */
export async function findReviewSummary(db: Database, propertyId: number) {
  const avg1 = (column: AnyColumn) =>
    sql<string | null>`round(avg(${column})::numeric, 1)`.mapWith((v: string | null) =>
      v === null ? null : Number(v),
    );
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      overall: sql<number | null>`round(round(avg(${reviews.rating})::numeric, 2), 1)`.mapWith((v: string | null) =>
        v === null ? null : Number(v),
      ),
      cleanliness: avg1(reviews.cleanliness),
      accuracy: avg1(reviews.accuracy),
      communication: avg1(reviews.communication),
      location: avg1(reviews.location),
      value: avg1(reviews.value),
    })
    .from(reviews)
    .where(and(eq(reviews.propertyId, propertyId), eq(reviews.isPublic, true)));
  return (
    row ?? {
      count: 0,
      overall: null,
      cleanliness: null,
      accuracy: null,
      communication: null,
      location: null,
      value: null,
    }
  );
}

/** An active or inactive property by id or slug: its id, whether it is public, and its owner. */
export async function findPropertyRef(db: Database, ref: { id: number } | { slug: string }) {
  const [row] = await db
    .select({ id: properties.id, isActive: properties.isActive, ownerId: properties.ownerId })
    .from(properties)
    .where("id" in ref ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug))
    .limit(1);
  return row;
}

/** A review with the owner of its property, for deciding who may answer it. */
export async function findReviewForResponse(db: Database, reviewId: number) {
  const [row] = await db
    .select({
      id: reviews.id,
      guestId: reviews.guestId,
      ownerId: properties.ownerId,
      hostResponse: reviews.hostResponse,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return row;
}

/** Sets the host's response only if there is none yet; false when another answer got there first. */
export async function setHostResponse(db: Database, reviewId: number, response: string): Promise<boolean> {
  const updated = await db
    .update(reviews)
    .set({ hostResponse: response, hostResponseDate: new Date() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.hostResponse)))
    .returning({ id: reviews.id });
  return updated.length === 1;
}

/** The average of every public review of an active listing, to one decimal, and how many there are. */
export async function findPlatformRating(db: Database): Promise<{ average: number | null; reviews: number }> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating})::numeric, 1)`,
      reviews: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(and(eq(reviews.isPublic, true), eq(properties.isActive, true)));
  return { average: row?.average == null ? null : Number(row.average), reviews: row?.reviews ?? 0 };
}

/**
 * Recent public reviews worth quoting: four or five stars and a comment of at least `minLength` characters, at most
 * one per guest, newest first, each with its listing's town.
 */
export async function findQuotableReviews(db: Database, limit: number, minLength: number) {
  const recent = await db
    .select({ ...publicReviewColumns, guestId: reviews.guestId, city: properties.city })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.guestId))
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(
      and(
        eq(reviews.isPublic, true),
        eq(properties.isActive, true),
        gte(reviews.rating, 4),
        sql`length(trim(${reviews.comment})) >= ${minLength}`,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    // Enough to find `limit` different guests among the newest.
    .limit(limit * 10);
  const seen = new Set<number>();
  return recent.filter((row) => !seen.has(row.guestId) && seen.add(row.guestId)).slice(0, limit);
}
