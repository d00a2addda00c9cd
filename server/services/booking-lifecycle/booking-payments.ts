import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { HOLD_LIMITS } from "../../../common/domain/booking-status";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import { keepsCardForHold } from "../../../common/domain/security-deposits";
import { bookingReference, type TPaymentIntent } from "../../../common/schemas/bookings";
import { type Actor, mayActOn } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { payments, stripeEvents } from "../../db/schema";
import { ConflictError, notFound } from "../../lib/errors";
import { auditLabel } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  applyStatusChange,
  findBookingView,
  lockBooking,
  recordRefund,
  setPaymentIntent,
} from "../../repositories/bookings.repository";
import { payoutsReady } from "../../repositories/payout-accounts.repository";
import { findTenancyByBooking } from "../../repositories/tenancies.repository";
import { damageClaimIdOf, recordDamagePayment } from "../damage-claims.service";
import type { BookingNotifier } from "../messaging/booking-notifier";
import { postCardPayment, postStayConfirmed } from "../money/booking-ledger";
import type { StripeGateway } from "../payments/stripe-gateway";
import { requireStatementAccepted, statementNotAccepted } from "../tenancies/tenancy-statements";
import type { BookingHousekeeping } from "./booking-housekeeping";

/**
 * Paying for a booking by card: how long a new booking holds its nights, the payment intent the guest pays, and
 * Stripe's word on the payment (which confirms the booking, or refunds a payment that came after its hold lapsed).
 * Refunds for a cancelled stay are part of cancelling it (booking-transitions.ts).
 */
export class BookingPayments {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly log: FastifyBaseLogger,
    private readonly housekeeping: BookingHousekeeping,
    private readonly today: () => string,
    private readonly notifier?: BookingNotifier,
  ) {}

  get paymentsEnabled(): boolean {
    return this.gateway.enabled;
  }

  /** How long a new booking holds its nights: a card checkout is short; a request waits for the landlord. */
  holdForNewBooking(now = Date.now()): Date {
    return this.gateway.enabled
      ? new Date(now + HOLD_LIMITS.cardPaymentMinutes * 60_000)
      : new Date(now + HOLD_LIMITS.requestHours * 3_600_000);
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
    await this.housekeeping.releaseLapsedHolds({ bookingId });
    const row = await findBookingView(this.db, bookingId);
    if (!row) throw notFound("Booking not found");
    const { booking } = row;
    if (booking.status !== "pending") {
      const why =
        booking.cancelledBy === "system"
          ? "The hold on these dates has expired. Please start a new booking."
          : `This booking is ${booking.status}; there is nothing to pay.`;
      throw new ConflictError(why);
    }
    // A periodic tenancy takes nothing before it is agreed; its first month is taken from the saved card then.
    if (await findTenancyByBooking(this.db, bookingId)) {
      throw new ConflictError(
        "Nothing is paid for a tenancy before the landlord agrees it: save your card, and the first month's rent is taken then.",
      );
    }
    // Paying confirms a tenancy, so the tenant accepts its written statement of terms before they pay, not after.
    await requireStatementAccepted(this.db, booking, this.today());
    // The guest pays only a host who can be paid: their money would otherwise wait with nowhere to go.
    if (this.gateway.enabled && !(await payoutsReady(this.db, row.property.ownerId))) {
      throw new ConflictError(
        "This home cannot take payments yet: its host is still setting up how they are paid. Please try again later.",
      );
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
      keepCard: keepsCardForHold(booking, this.today()),
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
      if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
        const { metadata } = event.data.object;
        // A security deposit hold's capture is posted when it is taken, with the claim it pays.
        if (metadata?.securityDepositHoldId) return { duplicate: false };
        // A tenancy's rent is posted by its collection, in the transaction that charged it, period by period; taken
        // here as a booking's payment it would be counted twice, and could confirm a tenancy nobody agreed.
        if (metadata?.tenancyId) return { duplicate: false };
      }
      if (event.type === "payment_intent.succeeded" && damageClaimIdOf(event.data.object) !== undefined) {
        // A damage claim's payment names the claim, not a stay: it never confirms or pays a booking.
        await recordDamagePayment(tx, event.data.object);
        return { duplicate: false };
      }
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
      subject: locked ? guestOf(locked.booking) : null,
      target: locked ? { type: "booking", id: locked.booking.id } : { type: "payment", id: intent.id },
      details: {
        paymentIntent: intent.id,
        amount,
        ...(intent.last_payment_error?.code && { code: intent.last_payment_error.code }),
      },
    });
  }

  /**
   * Why a payment in full may not confirm this booking, by the rules a landlord's accept follows; null when it may.
   * A periodic tenancy is agreed by its landlord alone, its first month taken then; any tenancy needs its tenant to
   * have accepted the written statement of terms first.
   */
  private async cannotConfirm(tx: Tx, booking: { id: number; stayMode: string | null }): Promise<string | null> {
    if (await findTenancyByBooking(tx, booking.id)) {
      return "A periodic tenancy is agreed by its landlord, and its first month is taken then, not by a card payment.";
    }
    return statementNotAccepted(tx, booking, this.today());
  }

  /** A payment given back because it could not confirm its booking, in System Logs with the reason. */
  private async recordRefusedPayment(
    tx: Tx,
    booking: LockedBooking,
    intent: Stripe.PaymentIntent,
    reason: string,
  ): Promise<void> {
    const amount = penceToPounds(intent.amount_received).toFixed(2);
    await recordAudit(tx, {
      type: "warning",
      action: "payment.returned",
      message: `A card payment of £${amount} for booking ${bookingReference(booking.id)} was given back: ${reason}`,
      subject: guestOf(booking),
      target: { type: "booking", id: booking.id },
      details: { paymentIntent: intent.id, amount },
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
    const money = { bookingId, guestId: booking.guestId, paymentIntentId: intent.id, amountPence: paid };
    await postCardPayment(tx, money);
    const paysInFull = booking.status === "pending" && paid >= poundsToPence(booking.totalPrice);
    const refused = paysInFull ? await this.cannotConfirm(tx, booking) : null;
    if (paysInFull && !refused) {
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
      await postStayConfirmed(tx, { ...booking, ownerId: locked.ownerId }, { demo: false });
      return bookingId;
    }
    if ((booking.status === "cancelled" || refused) && inserted[0]) {
      // Paid after the hold lapsed (the nights may be someone else's now), or for a stay that may not be confirmed
      // yet: the money goes back, and the booking stays a request until its hold lapses.
      await this.gateway.refund(intent.id, paid, `late-payment-${intent.id}`);
      await recordRefund(tx, inserted[0].id, penceToPounds(paid));
      await postCardPayment(tx, money, "returned");
      if (refused) await this.recordRefusedPayment(tx, locked.booking, intent, refused);
    } else if (booking.status === "pending" && !refused) {
      this.log.error({ paymentIntent: intent.id, paid, bookingId }, "a payment was less than the booking's total");
    }
    return undefined;
  }
}

type LockedBooking = NonNullable<Awaited<ReturnType<typeof lockBooking>>>["booking"];

/** The guest of a booking, as System Logs names whom an entry concerns. */
function guestOf(booking: LockedBooking) {
  return {
    id: booking.guestId,
    label: auditLabel({
      firstName: booking.guestFirstName,
      lastName: booking.guestLastName,
      email: booking.guestEmail,
    }),
  };
}

/** The booking a payment intent pays for, from the metadata the app put on it; undefined when it names none. */
function bookingIdOf(intent: Stripe.PaymentIntent): number | undefined {
  const text = intent.metadata?.bookingId;
  const id = typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  return id <= 2_147_483_647 ? id : undefined;
}
