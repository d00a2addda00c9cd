import { and, desc, eq, sql } from "drizzle-orm";
import type { BookingActor, BookingTransition } from "../../common/domain/booking-status";
import type { BookingStatus } from "../../common/domain/property-options";
import { LANDLORD_BOOKING_COLUMNS, storedBookingColumns } from "../../common/entities/booking";
import type { Db, Tx } from "../db/client";
import { columnsOf } from "../db/columns";
import { bookingEvents, bookings, payments, properties } from "../db/schema";

/**
 * A booking with what its guest's pages show: the property, its photos, payment and review. The
 * policy shown with the property is the booking's own (the one it was made under), not the property's
 * current one.
 */
const bookingViewColumns = {
  booking: bookings,
  property: {
    id: properties.id,
    ownerId: properties.ownerId,
    slug: properties.slug,
    title: properties.title,
    city: properties.city,
    cancellationPolicy: bookings.cancellationPolicy,
  },
  images: sql<string[]>`coalesce((
      select json_agg(pp.url order by pp.is_main desc, pp.display_order, pp.id)
        from property_photos pp where pp.property_id = ${properties.id}), '[]'::json)`,
  payment: sql<{ status: string; amount: string; currency: string; refundedAmount: string } | null>`(
      select json_build_object('status', pm.status, 'amount', pm.amount::text, 'currency', pm.currency,
                               'refundedAmount', pm.refunded_amount::text)
        from payments pm where pm.booking_id = ${bookings.id}
       order by pm.created_at desc, pm.id desc limit 1)`,
  review: sql<{ id: number; rating: number } | null>`(
      select json_build_object('id', r.id, 'rating', r.rating)
        from reviews r where r.booking_id = ${bookings.id} limit 1)`,
};

export type BookingView = {
  booking: typeof bookings.$inferSelect;
  property: {
    id: number;
    ownerId: number;
    slug: string;
    title: string;
    city: string;
    cancellationPolicy: "flexible" | "moderate" | "strict";
  };
  images: string[];
  payment: { status: string; amount: string; currency: string; refundedAmount: string } | null;
  review: { id: number; rating: number } | null;
};

function viewQuery(db: Db) {
  return db.select(bookingViewColumns).from(bookings).innerJoin(properties, eq(properties.id, bookings.propertyId));
}

/** A guest's bookings, newest first. */
export async function findGuestBookingViews(db: Db, guestId: number): Promise<BookingView[]> {
  return viewQuery(db)
    .where(eq(bookings.guestId, guestId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(500);
}

export async function findBookingView(db: Db, bookingId: number): Promise<BookingView | undefined> {
  const [row] = await viewQuery(db).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/**
 * The booking and its property's owner, locked for a status change until the transaction ends, with
 * the policy its refund follows: the booking's own, so a later change of the property's does not apply.
 */
export async function lockBooking(tx: Tx, bookingId: number) {
  const [row] = await tx
    .select({ booking: bookings, ownerId: properties.ownerId, cancellationPolicy: bookings.cancellationPolicy })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings })
    .limit(1);
  return row;
}

export type StatusChange = {
  bookingId: number;
  transition: BookingTransition;
  from: BookingStatus;
  to: BookingStatus;
  actor: BookingActor;
  actorUserId: number | null;
  set?: Partial<typeof bookings.$inferInsert>;
  details?: Record<string, unknown>;
};

/**
 * Writes a status change decided by common/domain/booking-status.ts, and its event. The WHERE on the
 * old status makes a change that lost a race a no-op (false) instead of overwriting the winner.
 */
export async function applyStatusChange(tx: Tx, change: StatusChange): Promise<boolean> {
  const updated = await tx
    .update(bookings)
    .set({ ...change.set, status: change.to })
    .where(and(eq(bookings.id, change.bookingId), eq(bookings.status, change.from)))
    .returning({ id: bookings.id });
  if (updated.length === 0) return false;
  await tx.insert(bookingEvents).values({
    bookingId: change.bookingId,
    transition: change.transition,
    fromStatus: change.from,
    toStatus: change.to,
    actor: change.actor,
    actorUserId: change.actorUserId,
    details: change.details ?? {},
  });
  return true;
}

/**
 * Cancels every pending booking whose hold has lapsed (optionally only one property's or one
 * booking's), with one event each. One statement: two app instances running it at once each cancel a
 * booking at most once, because PostgreSQL re-checks the WHERE after waiting for the other's row lock.
 */
export async function expireHolds(db: Db, scope: { propertyId?: number; bookingId?: number } = {}): Promise<number[]> {
  const result = await db.execute<{ booking_id: number }>(sql`
    with expired as (
      update bookings
         set status = 'cancelled', cancelled_at = now(), cancelled_by = 'system',
             cancellation_reason = 'The hold expired before the booking was paid or accepted.',
             refund_amount = 0
       where status = 'pending' and hold_expires_at <= now()
         ${scope.propertyId === undefined ? sql`` : sql`and property_id = ${scope.propertyId}`}
         ${scope.bookingId === undefined ? sql`` : sql`and id = ${scope.bookingId}`}
      returning id, hold_expires_at)
    insert into booking_events (booking_id, transition, from_status, to_status, actor, details)
    select id, 'expire_hold', 'pending', 'cancelled', 'system', json_build_object('holdExpiresAt', hold_expires_at)
      from expired
    returning booking_id`);
  return result.rows.map((r) => r.booking_id);
}

/** Marks confirmed stays whose check-out day has come as completed; safe to run concurrently, like expireHolds. */
export async function completeStays(db: Db, today: string): Promise<number[]> {
  const result = await db.execute<{ booking_id: number }>(sql`
    with done as (
      update bookings set status = 'completed', completed_at = now()
       where status = 'confirmed' and check_out <= ${today}::date
      returning id)
    insert into booking_events (booking_id, transition, from_status, to_status, actor)
    select id, 'complete_stay', 'confirmed', 'completed', 'system' from done
    returning booking_id`);
  return result.rows.map((r) => r.booking_id);
}

/** The latest succeeded card payment of a booking, locked with it. */
export async function findRefundablePayment(tx: Tx, bookingId: number) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt))
    .for("update")
    .limit(1);
  return row;
}

export async function setPaymentIntent(tx: Tx, bookingId: number, paymentIntentId: string): Promise<void> {
  await tx.update(bookings).set({ paymentIntentId }).where(eq(bookings.id, bookingId));
}

/** Adds a refund to a payment; the payment counts as refunded once all of it has gone back. */
export async function recordRefund(tx: Tx, paymentId: number, pounds: number): Promise<void> {
  const amount = pounds.toFixed(2);
  await tx
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${amount}::numeric`,
      status: sql`case when ${payments.refundedAmount} + ${amount}::numeric >= ${payments.amount}
                       then 'refunded'::payment_status else ${payments.status} end`,
    })
    .where(eq(payments.id, paymentId));
}

/** The people and facts a booking e-mail needs. */
export async function findBookingParties(db: Db, bookingId: number) {
  const rows = await db.execute<{
    id: number;
    check_in: string;
    check_out: string;
    guest_count: number;
    total_price: string;
    refund_amount: string | null;
    hold_expires_at: Date | null;
    cancelled_by: string | null;
    stay_mode: "short_let" | "mid_let" | "tenancy" | null;
    deposit_amount: string | null;
    confirmed_at: Date | null;
    title: string;
    guest_email: string;
    guest_first_name: string | null;
    owner_email: string;
    owner_first_name: string | null;
    /** A periodic tenancy's agreed monthly rent and last day (once notice is given); null for any other stay. */
    tenancy_rent_pence: number | null;
    tenancy_ends_on: string | null;
    /** Whether a periodic tenancy's rent is demo money (no card is charged); null for any other stay. */
    tenancy_demo: boolean | null;
  }>(sql`
    select b.id, b.check_in, b.check_out, b.guest_count, b.total_price::text, b.refund_amount::text,
           b.hold_expires_at, b.cancelled_by, b.stay_mode, b.deposit_amount::text, b.confirmed_at, p.title,
           g.email as guest_email, g.first_name as guest_first_name,
           o.email as owner_email, o.first_name as owner_first_name,
           t.monthly_rent_pence as tenancy_rent_pence, t.ends_on::text as tenancy_ends_on,
           t.demo as tenancy_demo
      from bookings b
      join properties p on p.id = b.property_id
      join users g on g.id = b.guest_id
      join users o on o.id = p.owner_id
      left join tenancies t on t.booking_id = b.id
     where b.id = ${bookingId}`);
  return rows.rows[0];
}

/**
 * What the landlord's list reads of each booking: the columns behind its answer, the stay's dates and party size,
 * what a cancellation returned, and what a tenancy's reminders are dated from (confirmation, the deposit to protect).
 */
const LANDLORD_BOOKING_READ = [
  ...storedBookingColumns(LANDLORD_BOOKING_COLUMNS),
  "checkIn",
  "checkOut",
  "guestCount",
  "cancelledBy",
  "refundAmount",
  "confirmedAt",
  "depositAmount",
  "stayPurpose",
  "stayPurposeOther",
  "mainHomeAddress",
] as const;
const landlordBookingColumns = columnsOf(bookings, LANDLORD_BOOKING_READ);

export type LandlordBookingRow = {
  booking: Pick<typeof bookings.$inferSelect, (typeof LANDLORD_BOOKING_READ)[number]>;
  propertyTitle: string;
  propertyAddress: string;
  propertyCity: string;
  ownerId: number;
  guestFirstName: string | null;
  guestLastName: string | null;
};

/** Bookings of the properties `ownerId` owns (every owner's for an admin: `ownerId` undefined), newest first. */
export async function findLandlordBookings(db: Db, ownerId: number | undefined): Promise<LandlordBookingRow[]> {
  const guest = sql`(select json_build_object('first', u.first_name, 'last', u.last_name) from users u where u.id = ${bookings.guestId})`;
  const rows = await db
    .select({
      booking: landlordBookingColumns,
      propertyTitle: properties.title,
      propertyAddress: properties.address,
      propertyCity: properties.city,
      ownerId: properties.ownerId,
      guest: sql<{ first: string | null; last: string | null }>`${guest}`,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(ownerId === undefined ? undefined : eq(properties.ownerId, ownerId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1000);
  return rows.map(({ guest: g, ...row }) => ({ ...row, guestFirstName: g.first, guestLastName: g.last }));
}
