import type { BookingActor, BookingTransition } from "../../common/domain/booking-status";
import { londonToday } from "../../common/domain/calendar-dates";
import { penceToPounds } from "../../common/domain/pricing";
import type { BookingStatus } from "../../common/domain/property-options";
import type {
  TAdminBooking,
  TAdminBookingDetails,
  TAdminBookingStats,
  TAdminBookingsQuery,
  TBookingHistoryEntry,
} from "../../common/schemas/admin-bookings";
import { bookingReference, type TGuestBooking } from "../../common/schemas/bookings";
import { pageOffset } from "../../common/schemas/paging";
import type { Database } from "../db/client";
import { InvalidInputError, notFound } from "../lib/errors";
import {
  type AdminBookingRow,
  countAdminBookingSearch,
  findAdminBookings,
  findBookingAccounts,
  findBookingHistory,
  findBookingPayments,
} from "../repositories/admin-bookings.repository";
import { readBookingTallies } from "../repositories/booking-tallies.repository";
import { findCountedNights } from "../repositories/counted-nights.sql";
import type { AdminRefunds } from "./booking-lifecycle/admin-refunds";
import type { BookingLifecycleService } from "./booking-lifecycle/booking-lifecycle.service";

/** A search counts and pages this far; past it, narrowing the search finds a booking sooner. */
export const SEARCH_MATCH_CAP = 1_000;

type Viewer = Parameters<BookingLifecycleService["bookingFor"]>[0];
type Named = { firstName: string | null; lastName: string | null; email: string | null };

/** "Ada Lovelace", or the e-mail when no name was given. */
function nameOf(person: Named): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || person.email || "Unknown guest";
}

const detailText = (details: Record<string, unknown>, key: string): string | null =>
  typeof details[key] === "string" ? details[key] : null;

/**
 * Booking Oversight: every booking on the platform, its figures, and the whole of one booking with its
 * history. Confirming and cancelling go through the booking lifecycle's own routes, as for landlords.
 */
export class AdminBookingsService {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: BookingLifecycleService,
    /** The clock for "today" (check-in passed, stay begun), the one the lifecycle uses. */
    private readonly now: () => Date = () => new Date(),
    private readonly refunds?: Pick<AdminRefunds, "refundablePence">,
  ) {}

  /**
   * What an admin may do next, by the lifecycle's rules for an admin: confirm a request (not a card booking, which
   * the guest's payment confirms, and not once its check-in day has passed); decline any pending booking; cancel a
   * confirmed stay that has not begun.
   */
  private nextSteps(status: BookingStatus, checkIn: string, today: string) {
    return {
      awaitingPayment: status === "pending" && this.lifecycle.paymentsEnabled,
      canConfirm: status === "pending" && !this.lifecycle.paymentsEnabled && checkIn >= today,
      canCancel: status === "pending" || (status === "confirmed" && checkIn > today),
    };
  }

  async findBookings(query: TAdminBookingsQuery): Promise<{ items: TAdminBooking[]; total: number; capped: boolean }> {
    const filter = { search: query.q, status: query.status === "all" ? undefined : query.status };
    const offset = pageOffset(query);
    if (filter.search && offset + query.pageSize > SEARCH_MATCH_CAP) {
      throw new InvalidInputError(
        `A search shows its first ${SEARCH_MATCH_CAP.toLocaleString("en-GB")} bookings; narrow the search to see others`,
      );
    }
    const [rows, counted] = await Promise.all([
      findAdminBookings(this.db, filter, { limit: query.pageSize, offset }),
      filter.search
        ? countAdminBookingSearch(this.db, { ...filter, search: filter.search }, SEARCH_MATCH_CAP)
        : readBookingTallies(this.db).then((tallies) => ({
            // Without a search the count is exact, from the tallies: counting a million bookings is not.
            total: filter.status
              ? (tallies.get(filter.status)?.bookings ?? 0)
              : [...tallies.values()].reduce((sum, t) => sum + t.bookings, 0),
            capped: false,
          })),
    ]);
    const today = londonToday(this.now());
    const nights = await findCountedNights(
      this.db,
      rows.map((row) => row.booking.id),
      today,
    );
    return { items: rows.map((row) => this.toAdminBooking(row, today, nights.get(row.booking.id) ?? 0)), ...counted };
  }

  /** From the booking tallies the database keeps, so the figures cost nothing however many bookings there are. */
  async stats(): Promise<TAdminBookingStats> {
    const tallies = await readBookingTallies(this.db);
    const of = (status: BookingStatus) => tallies.get(status) ?? { bookings: 0, pence: 0 };
    const total = [...tallies.values()].reduce((sum, t) => sum + t.bookings, 0);
    return {
      total,
      revenue: penceToPounds(of("confirmed").pence + of("completed").pence),
      pending: of("pending").bookings,
      confirmed: of("confirmed").bookings,
    };
  }

  /** The whole booking; the lifecycle's view releases a lapsed hold first, so the status is current. */
  async bookingDetails(viewer: Viewer, bookingId: number): Promise<TAdminBookingDetails> {
    const booking = await this.lifecycle.bookingFor(viewer, bookingId);
    const [accounts, history, bookingPayments] = await Promise.all([
      findBookingAccounts(this.db, bookingId),
      findBookingHistory(this.db, bookingId),
      findBookingPayments(this.db, bookingId),
    ]);
    if (!accounts) throw notFound("Booking not found");
    // What the guest may do (pay, review, cancel under the policy) is theirs; the admin's next steps replace it.
    const {
      canCancel: _guestCancel,
      refundIfCancelledNow: _guestRefund,
      canPay: _pay,
      canReview: _review,
      ...view
    } = booking;
    return {
      ...view,
      ...this.nextSteps(booking.status, booking.checkIn, londonToday(this.now())),
      refundablePence: (await this.refunds?.refundablePence(bookingId)) ?? null,
      guestAccount: { id: accounts.guest.id, name: nameOf(accounts.guest), email: accounts.guest.email },
      owner: { id: accounts.owner.id, name: nameOf(accounts.owner), email: accounts.owner.email },
      history: history.map(({ event, actor }) => toHistoryEntry(event, actor, booking)),
      payments: bookingPayments.map((payment) => ({
        id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        refundedAmount: payment.refundedAmount,
        providerReference: payment.stripePaymentIntentId,
        createdAt: payment.createdAt.toISOString(),
      })),
    };
  }

  /** `nights`: what the stay counts for (a periodic tenancy's real nights, not its calendar hold). */
  private toAdminBooking(row: AdminBookingRow, today: string, nights: number): TAdminBooking {
    const { booking, account } = row;
    const bookedName = nameOf({ firstName: booking.guestFirstName, lastName: booking.guestLastName, email: null });
    return {
      id: booking.id,
      reference: bookingReference(booking.id),
      propertyId: booking.propertyId,
      propertySlug: row.propertySlug,
      propertyTitle: row.propertyTitle,
      propertyCity: row.propertyCity,
      guestId: booking.guestId,
      guestName: booking.guestFirstName || booking.guestLastName ? bookedName : nameOf(account),
      guestEmail: booking.guestEmail ?? account.email,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights,
      guests: booking.guestCount,
      totalPrice: booking.totalPrice,
      totalAmount: Number(booking.totalPrice),
      status: booking.status,
      createdAt: booking.createdAt.toISOString(),
      ...this.nextSteps(booking.status, booking.checkIn, today),
    };
  }
}

/**
 * One status change as an admin reads it. The reason of a cancellation lives on the booking (it is cancelled
 * once), so it goes with the change that cancelled it; refunds and payment references come from the change.
 */
function toHistoryEntry(
  event: Awaited<ReturnType<typeof findBookingHistory>>[number]["event"],
  actor: Named | null,
  booking: TGuestBooking,
): TBookingHistoryEntry {
  const details = event.details;
  return {
    id: event.id,
    transition: event.transition as BookingTransition,
    from: event.fromStatus,
    to: event.toStatus,
    actor: event.actor as BookingActor,
    actorName: actor ? nameOf(actor) : null,
    at: event.createdAt.toISOString(),
    refund: detailText(details, "refund"),
    reason: event.toStatus === "cancelled" ? (booking.cancellation?.reason ?? null) : null,
    providerReference: detailText(details, "stripeRefundId") ?? detailText(details, "paymentIntent"),
  };
}
