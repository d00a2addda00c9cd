import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { BookingStatus } from "../../common/domain/property-options";
import { ADMIN_BOOKING_COLUMNS, storedBookingColumns } from "../../common/entities/booking";
import type { Database } from "../db/client";
import { columnsOf } from "../db/columns";
import { bookingEvents, bookings, payments, properties, users } from "../db/schema";
import { likeContains } from "../lib/like-pattern";

/**
 * Booking Oversight's reads over every booking on the platform. Built for a million bookings: pages walk the
 * `(created_at desc nulls last, id desc nulls last)` order through an index and stop after one page (the order must
 * name `nulls last` as the indexes do, or PostgreSQL cannot use them and sorts every booking); a search first finds the matching
 * bookings through trigram indexes, one source at a time, so neither a rare nor a common word makes PostgreSQL
 * test every booking. The expressions below are exactly those of the trigram indexes (the planner matches them
 * literally): properties_text_trgm_idx, properties_place_trgm_idx, users_search_trgm_idx and
 * bookings_guest_name_trgm_idx.
 */

/** Title and description of the listing; the title alone is then checked, so a word in a description finds nothing. */
const LISTING_TEXT = sql.raw(`(p.title || ' ' || p.description)`);
/** Borough or town and region ("Camden London"), as the public search's location filter reads it. */
const LISTING_PLACE = sql.raw(`(p.city || ' ' || p.region)`);
/** The name the booking was made in. */
const BOOKING_GUEST_NAME = sql.raw(`(coalesce(b.guest_first_name, '') || ' ' || coalesce(b.guest_last_name, ''))`);
/** The booking account's name and e-mail (older bookings carry no name of their own). */
const ACCOUNT_TEXT = sql.raw(`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email)`);

export type AdminBookingFilter = { search?: string; status?: BookingStatus };

/**
 * The bookings matching a search, by each of its sources in turn (listing title or place, the booking's guest
 * name, the account's name or e-mail), each cut to its newest `limit`: the union of those is enough for the
 * newest `limit` overall. Cutting each source lets PostgreSQL pick per source whether to walk the newest
 * bookings (a common word) or fetch the few matches and sort them (a rare one).
 */
function searchSources(search: string, status: BookingStatus | undefined, limit: number, ordered: boolean): SQL {
  const pattern = likeContains(search);
  const ofStatus = status ? sql`and b.status = ${status}` : sql``;
  const newestFirst = ordered ? sql`order by b.created_at desc nulls last, b.id desc nulls last` : sql``;
  const columns = ordered ? sql`b.id, b.created_at` : sql`b.id`;
  return sql`
    (select ${columns} from bookings b
      where b.property_id in (
              select p.id from properties p
               where (${LISTING_TEXT} ilike ${pattern} and p.title ilike ${pattern})
                  or ${LISTING_PLACE} ilike ${pattern})
        ${ofStatus}
      ${newestFirst} limit ${limit})
    union
    (select ${columns} from bookings b
      where ${BOOKING_GUEST_NAME} ilike ${pattern} ${ofStatus}
      ${newestFirst} limit ${limit})
    union
    (select ${columns} from bookings b
      where b.guest_id in (select u.id from users u where ${ACCOUNT_TEXT} ilike ${pattern})
        ${ofStatus}
      ${newestFirst} limit ${limit})`;
}

/** The ids of one page of bookings, newest first. */
async function findPageIds(
  db: Database,
  filter: AdminBookingFilter,
  page: { limit: number; offset: number },
): Promise<number[]> {
  const statement = filter.search
    ? sql`select id from (${searchSources(filter.search, filter.status, page.offset + page.limit, true)}) matched
           order by created_at desc nulls last, id desc nulls last limit ${page.limit} offset ${page.offset}`
    : sql`select b.id from bookings b ${filter.status ? sql`where b.status = ${filter.status}` : sql``}
           order by b.created_at desc nulls last, b.id desc nulls last limit ${page.limit} offset ${page.offset}`;
  const result = await db.execute<{ id: number }>(statement);
  return result.rows.map((row) => row.id);
}

const guestAccount = alias(users, "guest_account");

/**
 * What a Booking Oversight row reads of each booking: the columns behind its answer, and the name, e-mail and
 * party size the booking was made with (the guest's name and e-mail fall back to the account's).
 */
const ADMIN_BOOKING_READ = [
  ...storedBookingColumns(ADMIN_BOOKING_COLUMNS),
  "guestCount",
  "guestFirstName",
  "guestLastName",
  "guestEmail",
] as const;

export type AdminBookingRow = Awaited<ReturnType<typeof findAdminBookings>>[number];

/** One page of bookings, newest first, with their listing and the guest's account. */
export async function findAdminBookings(
  db: Database,
  filter: AdminBookingFilter,
  page: { limit: number; offset: number },
) {
  const ids = await findPageIds(db, filter, page);
  if (ids.length === 0) return [];
  return db
    .select({
      booking: columnsOf(bookings, ADMIN_BOOKING_READ),
      propertySlug: properties.slug,
      propertyTitle: properties.title,
      propertyCity: properties.city,
      account: { firstName: guestAccount.firstName, lastName: guestAccount.lastName, email: guestAccount.email },
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guestAccount, eq(guestAccount.id, bookings.guestId))
    .where(inArray(bookings.id, ids))
    .orderBy(sql`${bookings.createdAt} desc nulls last`, sql`${bookings.id} desc nulls last`);
}

/**
 * How many bookings a search matches, counting no further than `searchCap` + 1 like the public search: past that,
 * narrowing the search helps more than a number. (Without a search, the booking tallies count exactly.)
 */
export async function countAdminBookingSearch(
  db: Database,
  filter: AdminBookingFilter & { search: string },
  searchCap: number,
): Promise<{ total: number; capped: boolean }> {
  // Each source stops at searchCap + 1; if none reached it the union is the exact count, else it exceeds the cap.
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${searchSources(filter.search, filter.status, searchCap + 1, false)}) matched`,
  );
  const counted = result.rows[0]?.n ?? 0;
  return { total: Math.min(counted, searchCap), capped: counted > searchCap };
}

const owner = alias(users, "owner");

/** The booking's guest account and its property's owner. */
export async function findBookingAccounts(db: Database, bookingId: number) {
  const [row] = await db
    .select({
      guest: {
        id: guestAccount.id,
        firstName: guestAccount.firstName,
        lastName: guestAccount.lastName,
        email: guestAccount.email,
      },
      owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    })
    .from(bookings)
    .innerJoin(guestAccount, eq(guestAccount.id, bookings.guestId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

const actor = alias(users, "actor");

/** The booking's status changes, oldest first, with the name of whoever made each. */
export async function findBookingHistory(db: Database, bookingId: number) {
  return db
    .select({
      event: bookingEvents,
      actor: { firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
    })
    .from(bookingEvents)
    .leftJoin(actor, eq(actor.id, bookingEvents.actorUserId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
}

/** The booking's card payments, oldest first. */
export async function findBookingPayments(db: Database, bookingId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
