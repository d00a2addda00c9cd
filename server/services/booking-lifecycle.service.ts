import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { type BookingActor, type BookingTransition, HOLD_LIMITS, transition } from "../../common/domain/booking-status";
import { londonToday, nightsBetween } from "../../common/domain/calendar-dates";
import { refundPence } from "../../common/domain/cancellation-policy";
import { penceToPounds, poundsToPence } from "../../common/domain/pricing";
import { tenancyReminders } from "../../common/domain/stay-mode-rules";
import { ZAdminReason } from "../../common/schemas/admin";
import {
  bookingReference,
  type TGuestBooking,
  type TLandlordBooking,
  type TPaymentIntent,
} from "../../common/schemas/bookings";
import { type Actor, type BookingAction, bookingPart, listScope, mayActOn } from "../access/records";
import type { Database, Tx } from "../db/client";
import { payments, stripeEvents } from "../db/schema";
import { AppError, notFound } from "../lib/errors";
import { auditLabel, publicGuestName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import { foldBookingTallies } from "../repositories/booking-tallies.repository";
import {
  applyStatusChange,
  type BookingView,
  completeStays,
  expireHolds,
  findBookingView,
  findGuestBookingViews,
  findLandlordBookings,
  findRefundablePayment,
  lockBooking,
  recordRefund,
  setPaymentIntent,
} from "../repositories/bookings.repository";
import type { BookingNews, BookingNotifier } from "./messaging/booking-notifier";
import type { StripeGateway } from "./payments/stripe-gateway";

/** The signed-in person acting on a booking; named in the audit log when they act as an admin. */
type Viewer = Actor & { email: string; firstName: string | null; lastName: string | null };

/**
 * What happens to a booking after it is made: the guest's views of it, paying by card,
 * the landlord's answer, cancelling with the policy's refund, and the jobs that expire holds and
 * complete stays. Every status change goes through common/domain/booking-status.ts.
 */
export class BookingLifecycleService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly log: FastifyBaseLogger,
    private readonly notifier?: BookingNotifier,
    /** The clock for "today" (check-in passed, stay begun); tests fix it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private today(): string {
    return londonToday(this.now());
  }

  get paymentsEnabled(): boolean {
    return this.gateway.enabled;
  }

  /** How long a new booking holds its nights: a card checkout is short; a request waits for the landlord. */
  holdForNewBooking(now = Date.now()): Date {
    return this.gateway.enabled
      ? new Date(now + HOLD_LIMITS.cardPaymentMinutes * 60_000)
      : new Date(now + HOLD_LIMITS.requestHours * 3_600_000);
  }

  async myBookings(guestId: number): Promise<TGuestBooking[]> {
    const today = this.today();
    const rows = await findGuestBookingViews(this.db, guestId);
    return rows.map((row) => this.toGuestBooking(row, guestId, today));
  }

  /** GET /api/bookings/landlord-bookings: the bookings of the viewer's properties (all of them for an admin). */
  async landlordBookings(viewer: Viewer): Promise<TLandlordBooking[]> {
    const today = this.today();
    const scope = listScope(viewer, "read", "property-booking");
    const rows = await findLandlordBookings(this.db, "ownerId" in scope ? scope.ownerId : undefined);
    return rows.map(({ booking, ...row }) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      propertyId: booking.propertyId,
      propertyTitle: row.propertyTitle,
      propertyAddress: row.propertyAddress,
      propertyCity: row.propertyCity,
      guestId: booking.guestId,
      guestName: publicGuestName(row.guestFirstName, row.guestLastName),
      checkInDate: booking.checkIn,
      checkOutDate: booking.checkOut,
      nights: nightsBetween(booking.checkIn, booking.checkOut),
      guests: booking.guestCount,
      totalPrice: booking.totalPrice,
      status: booking.status,
      holdExpiresAt: booking.status === "pending" ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
      createdAt: booking.createdAt.toISOString(),
      // With card payments on, a pending booking waits for the guest's payment, not for the landlord.
      awaitingPayment: booking.status === "pending" && this.gateway.enabled,
      canAccept: booking.status === "pending" && !this.gateway.enabled && booking.checkIn >= today,
      canDecline: booking.status === "pending",
      canCancel: booking.status === "confirmed" && booking.checkIn > today,
      // The owner talks to the guest; an admin looking at another landlord's bookings is not in that conversation.
      canMessage: mayActOn(viewer, "message", "message-thread", {
        guestId: booking.guestId,
        ownerId: row.ownerId,
        managerId: null,
      }),
      cancellation:
        booking.status === "cancelled"
          ? {
              cancelledBy: (booking.cancelledBy ?? "system") as BookingActor,
              refundAmount: booking.refundAmount ?? "0.00",
            }
          : null,
      stayMode: booking.stayMode,
      // A tenancy asked for or agreed: what the law asks of the landlord, dated from the confirmation.
      tenancyReminders:
        booking.stayMode === "tenancy" && (booking.status === "pending" || booking.status === "confirmed")
          ? tenancyReminders({
              checkIn: booking.checkIn,
              confirmedOn: booking.confirmedAt ? londonToday(booking.confirmedAt) : null,
              depositPence: booking.depositAmount === null ? null : poundsToPence(booking.depositAmount),
            })
          : [],
    }));
  }

  /** One booking, for its guest, the property's landlord or an admin; anyone else gets a 404. */
  async bookingFor(viewer: Viewer, bookingId: number): Promise<TGuestBooking> {
    await this.releaseLapsedHolds({ bookingId });
    const row = await findBookingView(this.db, bookingId);
    if (!row) throw notFound("Booking not found");
    bookingPart(viewer, { guestId: row.booking.guestId, ownerId: row.property.ownerId }, "read");
    return this.toGuestBooking(row, viewer.id, this.today());
  }

  /**
   * Checks the viewer's part in a booking before anything else happens (the access module: its guest, the
   * host with landlord features open, or an admin; else the landlord gate's 403 or a 404), so a refused
   * request changes nothing, not even a lapsed hold.
   */
  async checkPart(viewer: Viewer, bookingId: number, action: BookingAction): Promise<void> {
    const row = await findBookingView(this.db, bookingId);
    if (!row) throw notFound("Booking not found");
    bookingPart(viewer, { guestId: row.booking.guestId, ownerId: row.property.ownerId }, action);
  }

  /**
   * POST /api/create-payment-intent. The amount is the booking's total on the server. Without card
   * payments the answer says so and the booking stays a request for the landlord.
   */
  async paymentIntent(viewer: Actor, bookingId: number): Promise<TPaymentIntent> {
    // Only the guest pays for their booking; anyone else learns nothing, and releases no lapsed hold either.
    const seen = await findBookingView(this.db, bookingId);
    if (!seen || !mayActOn(viewer, "create", "booking", { guestId: seen.booking.guestId })) {
      throw notFound("Booking not found");
    }
    await this.releaseLapsedHolds({ bookingId });
    const row = await findBookingView(this.db, bookingId);
    if (!row) throw notFound("Booking not found");
    const { booking } = row;
    if (booking.status !== "pending") {
      const why =
        booking.cancelledBy === "system"
          ? "The hold on these dates has expired. Please start a new booking."
          : `This booking is ${booking.status}; there is nothing to pay.`;
      throw new AppError(409, why);
    }
    const answer = {
      bookingId,
      amount: Number(booking.totalPrice),
      currency: "gbp" as const,
      holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    };
    if (!this.gateway.enabled) {
      return { ...answer, paymentsEnabled: false, clientSecret: null, publishableKey: null };
    }
    const intent = await this.gateway.paymentIntentFor({
      id: booking.id,
      amountPence: poundsToPence(booking.totalPrice),
      existingIntentId: booking.paymentIntentId,
      receiptEmail: booking.guestEmail,
    });
    if (intent.id !== booking.paymentIntentId) {
      await this.db.transaction(async (tx) => {
        const locked = await lockBooking(tx, bookingId);
        if (locked?.booking.status === "pending") {
          await setPaymentIntent(tx, bookingId, intent.id);
        }
      });
    }
    return {
      ...answer,
      paymentsEnabled: true,
      clientSecret: intent.clientSecret,
      publishableKey: this.gateway.publishableKey,
    };
  }

  /**
   * The landlord (or an admin) accepts a request: without card payments this confirms the stay. A request
   * whose check-in day has passed can only be declined: confirming it would book nights already gone.
   */
  async accept(viewer: Viewer, bookingId: number): Promise<TGuestBooking> {
    return this.change(viewer, bookingId, "respond", "accept_request", async ({ booking }) => {
      if (this.gateway.enabled) {
        throw new AppError(409, "This booking is confirmed by the guest's card payment, not by accepting it.");
      }
      if (booking.checkIn < this.today()) {
        throw new AppError(409, "This request's check-in date has passed; it can only be declined.");
      }
      return { set: { confirmedAt: new Date(), holdExpiresAt: null } };
    });
  }

  async decline(viewer: Viewer, bookingId: number, reason?: string): Promise<TGuestBooking> {
    return this.change(viewer, bookingId, "respond", "decline_request", async ({ actor }) => {
      if (actor === "admin") requireAdminReason(reason);
      return {
        set: { cancelledAt: new Date(), cancelledBy: actor, cancellationReason: reason ?? null, refundAmount: "0" },
      };
    });
  }

  /**
   * Cancels a booking. The guest withdraws a pending request (nothing paid, nothing refunded) or
   * cancels a confirmed stay with the refund of the policy it was booked under; a landlord or admin cancelling
   * refunds in full. A card payment is refunded through Stripe inside the transaction, so a failed
   * refund leaves the booking as it was.
   */
  async cancel(
    viewer: Viewer,
    bookingId: number,
    reason?: string,
  ): Promise<{ booking: TGuestBooking; refund: string }> {
    let refund = "0.00";
    const booking = await this.change(
      viewer,
      bookingId,
      "cancel",
      undefined,
      async ({ booking, actor, policy }, tx) => {
        if (actor === "admin") requireAdminReason(reason);
        const today = this.today();
        if (booking.status === "confirmed" && booking.checkIn <= today) {
          throw new AppError(409, "A stay cannot be cancelled once it has begun. Please contact the landlord.");
        }
        const refundDue =
          booking.status === "pending"
            ? 0
            : refundPence({
                policy,
                cancelledBy: actor,
                today,
                checkIn: booking.checkIn,
                ...split(booking),
              });
        refund = penceToPounds(refundDue).toFixed(2);
        const payment = await findRefundablePayment(tx, booking.id);
        let stripeRefundId: string | undefined;
        if (payment && refundDue > 0 && payment.stripePaymentIntentId && this.gateway.enabled) {
          const paidPence = poundsToPence(payment.amount) - poundsToPence(payment.refundedAmount);
          const amount = Math.min(refundDue, paidPence);
          // One key per booking (a booking is cancelled once): if this transaction rolls back after Stripe
          // refunded, the retried cancel gets that same refund back, never a second one (decision 006).
          stripeRefundId = await this.gateway.refund(
            payment.stripePaymentIntentId,
            amount,
            `booking-${booking.id}-cancel`,
          );
          await recordRefund(tx, payment.id, penceToPounds(amount));
        }
        return {
          set: {
            cancelledAt: new Date(),
            cancelledBy: actor,
            cancellationReason: reason ?? null,
            refundAmount: refund,
          },
          details: { refund, ...(stripeRefundId && { stripeRefundId }) },
        };
      },
    );
    return { booking, refund };
  }

  /**
   * The one path for a person changing a booking's status: lock the row, find the viewer's part in
   * it (guest, landlord, admin; strangers get a 404), ask the lifecycle whether the transition is
   * allowed, then write it with its event.
   */
  private async change(
    viewer: Viewer,
    bookingId: number,
    action: BookingAction,
    name: BookingTransition | undefined,
    prepare: (
      context: {
        booking: BookingView["booking"];
        actor: Exclude<BookingActor, "system">;
        policy: "flexible" | "moderate" | "strict";
      },
      tx: Tx,
    ) => Promise<{ set?: StatusSet; details?: Record<string, unknown> }>,
  ): Promise<TGuestBooking> {
    // The viewer's part first: someone refused changes nothing, not even a lapsed hold.
    await this.checkPart(viewer, bookingId, action);
    await this.releaseLapsedHolds({ bookingId });
    await this.db.transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      if (!locked) throw notFound("Booking not found");
      const actor = bookingPart(viewer, { guestId: locked.booking.guestId, ownerId: locked.ownerId }, action);
      const { booking } = locked;
      const chosen = name ?? cancellationFor(booking.status, actor);
      const verdict = transition(chosen, booking.status, actor);
      if (!verdict.ok) throw new AppError(409, cannotChange(booking.status, verdict.reason));
      const { set, details } = await prepare({ booking, actor, policy: locked.cancellationPolicy }, tx);
      await applyStatusChange(tx, {
        bookingId,
        transition: chosen,
        from: booking.status,
        to: verdict.to,
        actor,
        actorUserId: viewer.id,
        set,
        details,
      });
      if (actor === "admin") await this.recordAdminAction(tx, viewer, booking, chosen, set?.cancellationReason);
      const news = NEWS[chosen];
      if (news) await this.notifier?.add(tx, bookingId, news);
    });
    return this.bookingFor(viewer, bookingId);
  }

  /** An admin's answer to a booking goes into System Logs with the booking's change, in its transaction. */
  private async recordAdminAction(
    tx: Tx,
    admin: Viewer,
    booking: BookingView["booking"],
    fired: BookingTransition,
    reason: string | null | undefined,
  ): Promise<void> {
    const reference = bookingReference(booking.id);
    const action =
      fired === "accept_request"
        ? "booking.confirmed_by_admin"
        : fired === "decline_request"
          ? "booking.declined_by_admin"
          : "booking.cancelled_by_admin";
    const verb =
      fired === "accept_request" ? "confirmed" : fired === "decline_request" ? "declined the request" : "cancelled";
    await recordAudit(tx, {
      type: fired === "accept_request" ? "success" : "warning",
      action,
      message: `${verb[0]?.toUpperCase()}${verb.slice(1)} booking ${reference}${reason ? `: ${reason}` : ""}`,
      actor: { id: admin.id, label: auditLabel(admin) },
      subject: {
        id: booking.guestId,
        label: auditLabel({
          firstName: booking.guestFirstName,
          lastName: booking.guestLastName,
          email: booking.guestEmail,
        }),
      },
      target: { type: "booking", id: booking.id },
      details: { reference, transition: fired, from: booking.status, ...(reason && { reason }) },
    });
  }

  /** Cancels lapsed holds (all, one property's or one booking's) and tells their guests. */
  async releaseLapsedHolds(scope: { propertyId?: number; bookingId?: number } = {}): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const expired = await expireHolds(tx, scope);
      for (const id of expired) await this.notifier?.add(tx, id, "cancelled");
      return expired;
    });
  }

  /**
   * POST /api/stripe/webhook: each event id is handled once (recorded in the same transaction as its
   * effects, so a failure lets Stripe's retry try again). A succeeded payment is recorded and confirms
   * its pending booking; a payment for a booking whose hold already lapsed is refunded in full.
   */
  async handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (fresh.length === 0) return { duplicate: true };
      if (event.type === "payment_intent.succeeded") {
        const confirmedBookingId = await this.recordPayment(tx, event.data.object);
        if (confirmedBookingId) await this.notifier?.add(tx, confirmedBookingId, "confirmed");
        return { duplicate: false };
      } else if (event.type === "payment_intent.payment_failed") {
        this.log.info({ paymentIntent: event.data.object.id }, "card payment failed; the hold stays until it lapses");
        await this.recordFailedPayment(tx, event.data.object);
      }
      return { duplicate: false };
    });
  }

  /** A refused card goes into System Logs (and the admin's Pending Issues); the hold runs on, so the guest can retry. */
  private async recordFailedPayment(tx: Tx, intent: Stripe.PaymentIntent): Promise<void> {
    const named = bookingIdOf(intent);
    const locked = named === undefined ? undefined : await lockBooking(tx, named);
    const why = intent.last_payment_error?.message;
    const amount = penceToPounds(intent.amount).toFixed(2);
    await recordAudit(tx, {
      type: "error",
      action: "payment.failed",
      message: `A card payment of £${amount} failed${locked ? ` for booking ${bookingReference(locked.booking.id)}` : ""}${why ? `: ${why}` : ""}`,
      subject: locked
        ? {
            id: locked.booking.guestId,
            label: auditLabel({
              firstName: locked.booking.guestFirstName,
              lastName: locked.booking.guestLastName,
              email: locked.booking.guestEmail,
            }),
          }
        : null,
      target: locked ? { type: "booking", id: locked.booking.id } : { type: "payment", id: intent.id },
      details: {
        paymentIntent: intent.id,
        amount,
        ...(intent.last_payment_error?.code && { code: intent.last_payment_error.code }),
      },
    });
  }

  /** Records a succeeded payment; answers the booking's id when the payment confirmed it. */
  private async recordPayment(tx: Tx, intent: Stripe.PaymentIntent): Promise<number | undefined> {
    const named = bookingIdOf(intent);
    const locked = named === undefined ? undefined : await lockBooking(tx, named);
    if (!locked) {
      this.log.error({ paymentIntent: intent.id }, "a payment arrived for no known booking");
      return undefined;
    }
    const bookingId = locked.booking.id;
    const paid = intent.amount_received;
    const inserted = await tx
      .insert(payments)
      .values({
        bookingId,
        amount: penceToPounds(paid).toFixed(2),
        currency: intent.currency,
        status: "succeeded",
        stripePaymentIntentId: intent.id,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    const { booking } = locked;
    if (booking.status === "pending" && paid >= poundsToPence(booking.totalPrice)) {
      await applyStatusChange(tx, {
        bookingId,
        transition: "confirm_payment",
        from: "pending",
        to: "confirmed",
        actor: "system",
        actorUserId: null,
        set: { confirmedAt: new Date(), holdExpiresAt: null, paymentIntentId: intent.id },
        details: { paymentIntent: intent.id, amount: penceToPounds(paid) },
      });
      return bookingId;
    }
    if (booking.status === "cancelled" && inserted[0]) {
      // Paid after the hold lapsed: the nights may be someone else's now, so the money goes back.
      await this.gateway.refund(intent.id, paid, `late-payment-${intent.id}`);
      await recordRefund(tx, inserted[0].id, penceToPounds(paid));
    } else if (booking.status === "pending") {
      this.log.error({ paymentIntent: intent.id, paid, bookingId }, "a payment was less than the booking's total");
    }
    return undefined;
  }

  /** The background jobs' work: release lapsed holds, complete finished stays, fold the booking tallies. */
  async runJobs(today = this.today()): Promise<{ expired: number[]; completed: number[] }> {
    const expired = await this.releaseLapsedHolds();
    const completed = await completeStays(this.db, today);
    // Keeps the booking tallies a handful of rows, so counting bookings stays instant.
    await foldBookingTallies(this.db);
    return { expired, completed };
  }

  private toGuestBooking(row: BookingView, viewerId: number, today: string): TGuestBooking {
    const { booking, property } = row;
    const isGuest = booking.guestId === viewerId;
    const cancellable = booking.status === "pending" || (booking.status === "confirmed" && booking.checkIn > today);
    const refundNow =
      !isGuest || !cancellable
        ? null
        : booking.status === "pending"
          ? "0.00"
          : penceToPounds(
              refundPence({
                policy: property.cancellationPolicy,
                cancelledBy: "guest",
                today,
                checkIn: booking.checkIn,
                ...split(booking),
              }),
            ).toFixed(2);
    const holdLive = booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() > Date.now();
    return {
      id: booking.id,
      reference: bookingReference(booking.id),
      propertyId: booking.propertyId,
      guestId: booking.guestId,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: nightsBetween(booking.checkIn, booking.checkOut),
      guestCount: booking.guestCount,
      totalPrice: booking.totalPrice,
      stayMode: booking.stayMode,
      serviceFee: booking.serviceFee,
      status: booking.status,
      holdExpiresAt: booking.status === "pending" ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
      guestInfo: {
        firstName: booking.guestFirstName,
        lastName: booking.guestLastName,
        email: booking.guestEmail,
        phone: booking.guestPhone,
      },
      createdAt: booking.createdAt.toISOString(),
      property: {
        id: property.id,
        slug: property.slug,
        title: property.title,
        city: property.city,
        images: row.images,
        cancellationPolicy: property.cancellationPolicy,
      },
      payment: row.payment && {
        status: row.payment.status as NonNullable<TGuestBooking["payment"]>["status"],
        amount: row.payment.amount,
        currency: row.payment.currency,
      },
      canCancel: isGuest && cancellable,
      refundIfCancelledNow: refundNow,
      canPay: isGuest && booking.status === "pending" && this.gateway.enabled && holdLive,
      cancellation:
        booking.status === "cancelled"
          ? {
              cancelledAt: (booking.cancelledAt ?? booking.createdAt).toISOString(),
              cancelledBy: (booking.cancelledBy ?? "system") as BookingActor,
              reason: booking.cancellationReason,
              refundAmount: booking.refundAmount ?? "0.00",
            }
          : null,
      review: row.review,
      canReview: isGuest && booking.status === "completed" && row.review === null,
    };
  }
}

/** What each transition tells the booking's people. */
const NEWS: Partial<Record<BookingTransition, BookingNews>> = {
  confirm_payment: "confirmed",
  accept_request: "confirmed",
  decline_request: "cancelled",
  withdraw_request: "cancelled",
  expire_hold: "cancelled",
  cancel_booking: "cancelled",
};

type StatusSet = Parameters<typeof applyStatusChange>[1]["set"];

/**
 * An admin stepping into someone else's booking says why (System Logs keeps it; the guest and landlord may ask):
 * the same rule as the admin pages' reason dialog.
 */
function requireAdminReason(reason: string | undefined): void {
  const checked = ZAdminReason.safeParse({ reason });
  if (!checked.success) throw new AppError(400, checked.error.issues[0]?.message ?? "Please give a reason");
}

/** "Cancel" means withdrawing a pending request for its guest, declining it for the landlord. */
function cancellationFor(status: string, actor: Exclude<BookingActor, "system">): BookingTransition {
  if (status !== "pending") return "cancel_booking";
  return actor === "guest" ? "withdraw_request" : "decline_request";
}

function cannotChange(status: string, reason: string): string {
  if (status === "cancelled") return "This booking is already cancelled.";
  if (status === "completed") return "This stay is already completed and cannot be changed.";
  return reason;
}

/** The nights and the service fee of a booking, in pence (older rows have no recorded fee). */
function split(booking: BookingView["booking"]): { subtotalPence: number; serviceFeePence: number } {
  const totalPence = poundsToPence(booking.totalPrice);
  const serviceFeePence = booking.serviceFee === null ? 0 : poundsToPence(booking.serviceFee);
  return { subtotalPence: totalPence - serviceFeePence, serviceFeePence };
}

/** The booking a payment intent pays for, from the metadata the app put on it; undefined when it names none. */
function bookingIdOf(intent: Stripe.PaymentIntent): number | undefined {
  const text = intent.metadata?.bookingId;
  const id = typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  return id <= 2_147_483_647 ? id : undefined;
}
