import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { HOLD_LIMITS } from "../../../common/domain/booking-status";
import { londonToday } from "../../../common/domain/calendar-dates";
import type { Actor, BookingAction } from "../../access/records";
import type { Database } from "../../db/client";
import type { BookingNotifier } from "../messaging/booking-notifier";
import type { StripeGateway } from "../payments/stripe-gateway";
import { BookingHousekeeping } from "./booking-housekeeping";
import { BookingPayments } from "./booking-payments";
import { BookingTransitions, type TenancyAgreement } from "./booking-transitions";
import { BookingViews, type Viewer } from "./booking-views";

/**
 * What happens to a booking after it is made (docs/decisions/006-booking-lifecycle-and-payments.md). This is the one
 * face the routes and other services see; each job lives in its own module of this folder:
 *
 * - booking-views.ts: the guest's and the landlord's views of bookings;
 * - booking-transitions.ts: the landlord's answer and cancelling with the policy's refund (cancellation-refund.ts);
 * - booking-payments.ts: paying by card, and Stripe's word on each payment;
 * - booking-housekeeping.ts: holds that lapse and stays that complete, for the background job.
 *
 * Every status change goes through common/domain/booking-status.ts.
 */
export class BookingLifecycleService {
  private readonly views: BookingViews;
  private readonly transitions: BookingTransitions;
  private readonly payments: BookingPayments;
  private readonly housekeeping: BookingHousekeeping;

  constructor(
    db: Database,
    gateway: StripeGateway,
    log: FastifyBaseLogger,
    notifier?: BookingNotifier,
    /** The clock for "today" (check-in passed, stay begun); tests fix it. */
    now: () => Date = () => new Date(),
    /** Periodic tenancies: agreeing one takes its first month's rent instead of the booking's total. */
    tenancies?: TenancyAgreement,
  ) {
    const today = () => londonToday(now());
    this.housekeeping = new BookingHousekeeping(db, today, notifier);
    this.views = new BookingViews(db, gateway, this.housekeeping, today);
    this.transitions = new BookingTransitions(db, gateway, this.views, this.housekeeping, today, notifier, tenancies);
    this.payments = new BookingPayments(db, gateway, log, this.housekeeping, today, notifier);
  }

  // ------------------------------------------------------------------ views

  myBookings(guestId: number) {
    return this.views.myBookings(guestId);
  }

  landlordBookings(viewer: Viewer) {
    return this.views.landlordBookings(viewer);
  }

  bookingFor(viewer: Viewer, bookingId: number) {
    return this.views.bookingFor(viewer, bookingId);
  }

  // ------------------------------------------------------------------ a person changing a booking

  checkPart(viewer: Viewer, bookingId: number, action: BookingAction) {
    return this.transitions.checkPart(viewer, bookingId, action);
  }

  accept(viewer: Viewer, bookingId: number) {
    return this.transitions.accept(viewer, bookingId);
  }

  decline(viewer: Viewer, bookingId: number, reason?: string) {
    return this.transitions.decline(viewer, bookingId, reason);
  }

  cancel(viewer: Viewer, bookingId: number, reason?: string) {
    return this.transitions.cancel(viewer, bookingId, reason);
  }

  // ------------------------------------------------------------------ paying by card

  get paymentsEnabled(): boolean {
    return this.payments.paymentsEnabled;
  }

  /** A new request's hold: a periodic tenancy waits for its landlord's answer like any request (nothing is paid first). */
  holdForRequest(now = Date.now()): Date {
    return new Date(now + HOLD_LIMITS.requestHours * 3_600_000);
  }

  holdForNewBooking(now?: number) {
    return this.payments.holdForNewBooking(now);
  }

  paymentIntent(viewer: Actor, bookingId: number) {
    return this.payments.paymentIntent(viewer, bookingId);
  }

  handleStripeEvent(event: Stripe.Event) {
    return this.payments.handleStripeEvent(event);
  }

  // ------------------------------------------------------------------ what time does

  releaseLapsedHolds(scope?: { propertyId?: number; bookingId?: number }) {
    return this.housekeeping.releaseLapsedHolds(scope);
  }

  runJobs(today?: string) {
    return this.housekeeping.runJobs(today);
  }
}
