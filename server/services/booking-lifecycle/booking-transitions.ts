import { type BookingActor, type BookingTransition, transition } from "../../../common/domain/booking-status";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import { ZAdminReason } from "../../../common/schemas/admin";
import { bookingReference, type TGuestBooking } from "../../../common/schemas/bookings";
import { type BookingAction, bookingPart } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { ConflictError, InvalidInputError, notFound } from "../../lib/errors";
import { auditLabel } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  applyStatusChange,
  type BookingView,
  findBookingView,
  findRefundablePayment,
  lockBooking,
  recordRefund,
} from "../../repositories/bookings.repository";
import { payoutsReady } from "../../repositories/payout-accounts.repository";
import type { BookingNews, BookingNotifier } from "../messaging/booking-notifier";
import { postStayConfirmed, postStayRefund } from "../money/booking-ledger";
import type { StripeGateway } from "../payments/stripe-gateway";
import { requireStatementAccepted } from "../tenancies/tenancy-statements";
import type { BookingHousekeeping } from "./booking-housekeeping";
import type { BookingViews, Viewer } from "./booking-views";
import { policyRefundPence } from "./cancellation-refund";

/**
 * A person changing a booking's status: the landlord (or an admin) accepting or declining a request, and the guest,
 * landlord or admin cancelling with the policy's refund. Every change goes through common/domain/booking-status.ts;
 * a card payment confirming a booking is in booking-payments.ts, holds lapsing in booking-housekeeping.ts.
 */
export class BookingTransitions {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly views: BookingViews,
    private readonly housekeeping: BookingHousekeeping,
    private readonly today: () => string,
    private readonly notifier?: BookingNotifier,
    private readonly tenancies?: TenancyAgreement,
  ) {}

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
   * The landlord (or an admin) accepts a request: without card payments this confirms the stay. A request
   * whose check-in day has passed can only be declined: confirming it would book nights already gone.
   */
  async accept(viewer: Viewer, bookingId: number): Promise<TGuestBooking> {
    return this.change(viewer, bookingId, "respond", "accept_request", async ({ booking, ownerId }, tx) => {
      // A periodic tenancy is agreed by its landlord, card payments or not: its first month is taken then.
      const periodic = (await this.tenancies?.isPeriodic(tx, booking.id)) ?? false;
      if (this.gateway.enabled && !periodic) {
        throw new ConflictError("This booking is confirmed by the guest's card payment, not by accepting it.");
      }
      if (booking.checkIn < this.today()) {
        throw new ConflictError("This request's check-in date has passed; it can only be declined.");
      }
      await requirePayoutsReady(tx, ownerId);
      // A tenancy is agreed only after its tenant accepted the written statement of terms.
      await requireStatementAccepted(tx, booking, this.today());
      if (periodic) await this.tenancies?.agree(tx, booking.id);
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
      async ({ booking, ownerId, actor, policy }, tx) => {
        if (actor === "admin") requireAdminReason(reason);
        if (booking.status === "confirmed" && (await this.tenancies?.isPeriodic(tx, booking.id))) {
          throw new ConflictError("An agreed tenancy is not cancelled: the tenant ends it by giving notice.");
        }
        const today = this.today();
        if (booking.status === "confirmed" && booking.checkIn <= today) {
          throw new ConflictError("A stay cannot be cancelled once it has begun. Please contact the landlord.");
        }
        const refundDue = booking.status === "pending" ? 0 : policyRefundPence(booking, policy, actor, today);
        refund = penceToPounds(refundDue).toFixed(2);
        const payment = await findRefundablePayment(tx, booking.id);
        let stripeRefundId: string | undefined;
        let refundedPence = refundDue;
        if (payment && refundDue > 0 && payment.stripePaymentIntentId && this.gateway.enabled) {
          const paidPence = poundsToPence(payment.amount) - poundsToPence(payment.refundedAmount);
          const amount = Math.min(refundDue, paidPence);
          refundedPence = amount;
          // One key per booking (a booking is cancelled once): if this transaction rolls back after Stripe
          // refunded, the retried cancel gets that same refund back, never a second one (decision 006).
          stripeRefundId = await this.gateway.refund(
            payment.stripePaymentIntentId,
            amount,
            `booking-${booking.id}-cancel`,
          );
          await recordRefund(tx, payment.id, penceToPounds(amount));
        }
        await postStayRefund(tx, { id: booking.id, ownerId }, { amountPence: refundedPence, stripeRefundId });
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
        ownerId: number;
        actor: Exclude<BookingActor, "system">;
        policy: "flexible" | "moderate" | "strict";
      },
      tx: Tx,
    ) => Promise<{ set?: StatusSet; details?: Record<string, unknown> }>,
  ): Promise<TGuestBooking> {
    // The viewer's part first: someone refused changes nothing, not even a lapsed hold.
    await this.checkPart(viewer, bookingId, action);
    await this.housekeeping.releaseLapsedHolds({ bookingId });
    await this.db.transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      if (!locked) throw notFound("Booking not found");
      const actor = bookingPart(viewer, { guestId: locked.booking.guestId, ownerId: locked.ownerId }, action);
      const { booking } = locked;
      const chosen = name ?? cancellationFor(booking.status, actor);
      const verdict = transition(chosen, booking.status, actor);
      if (!verdict.ok) throw new ConflictError(cannotChange(booking.status, verdict.reason));
      const { set, details } = await prepare(
        { booking, ownerId: locked.ownerId, actor, policy: locked.cancellationPolicy },
        tx,
      );
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
      if (verdict.to === "confirmed" && !(await this.tenancies?.isPeriodic(tx, bookingId))) {
        // Accepting confirms a stay only without card payments, so nothing was collected: demo money.
        await postStayConfirmed(tx, { ...booking, ownerId: locked.ownerId }, { demo: !this.gateway.enabled });
      }
      if (actor === "admin") await this.recordAdminAction(tx, viewer, booking, chosen, set?.cancellationReason);
      const news = NEWS[chosen];
      if (news) await this.notifier?.add(tx, bookingId, news);
    });
    return this.views.bookingFor(viewer, bookingId);
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
      ...adminStepParties(admin, booking),
      details: { reference, transition: fired, from: booking.status, ...(reason && { reason }) },
    });
  }
}

/** Who an admin's step on a booking is by, whom it concerns (the guest) and what, as System Logs records them. */
export function adminStepParties(admin: Viewer, booking: BookingView["booking"]) {
  return {
    actor: { id: admin.id, label: auditLabel(admin) },
    subject: {
      id: booking.guestId,
      label: auditLabel({
        firstName: booking.guestFirstName,
        lastName: booking.guestLastName,
        email: booking.guestEmail,
      }),
    },
    target: { type: "booking" as const, id: booking.id },
  };
}

/**
 * A stay is confirmed only for a landlord who can be paid for it: the guest's money would otherwise sit with the
 * platform with nowhere to go. Requests still arrive meanwhile; the manage page tells the landlord why they wait.
 */
export async function requirePayoutsReady(db: Tx | Database, ownerId: number): Promise<void> {
  if (!(await payoutsReady(db, ownerId))) {
    throw new ConflictError(
      "Bookings are confirmed only once the landlord's payouts are set up. Set them up in Payout Settings, then accept.",
    );
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

/** What accepting needs of periodic tenancies (tenancies.service.ts): whether a booking is one, and agreeing it. */
export type TenancyAgreement = {
  isPeriodic: (tx: Tx, bookingId: number) => Promise<boolean>;
  agree: (tx: Tx, bookingId: number) => Promise<void>;
};

type StatusSet = Parameters<typeof applyStatusChange>[1]["set"];

/**
 * An admin stepping into someone else's booking says why (System Logs keeps it; the guest and landlord may ask):
 * the same rule as the admin pages' reason dialog.
 */
function requireAdminReason(reason: string | undefined): void {
  const checked = ZAdminReason.safeParse({ reason });
  if (!checked.success) throw new InvalidInputError(checked.error.issues[0]?.message ?? "Please give a reason");
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
