import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import type { TAdminRefundRequest, TAdminRefundResponse } from "../../../common/schemas/admin-bookings";
import { bookingReference } from "../../../common/schemas/bookings";
import { bookingPart } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { ConflictError, ForbiddenError, notFound, UnprocessableError } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { findRefundablePayment, lockBooking, recordRefund } from "../../repositories/bookings.repository";
import {
  bookingHasPosting,
  findPosted,
  heldEarningsPence,
  ledgerBalances,
  postLedgerTransaction,
} from "../../repositories/ledger.repository";
import {
  bookingHasUnsentMoney,
  claimReversal,
  findReversalsByPrefix,
  reversibleTransfersOf,
} from "../../repositories/transfer-reversals.repository";
import { bookingLedgerKey } from "../money/booking-ledger";
import { refundLines, type StayShares, sharesOfCharge } from "../money/booking-postings";
import { reversalClaimKey, type TransferReversals } from "../money/transfer-reversals";
import type { StripeGateway } from "../payments/stripe-gateway";
import { adminStepParties } from "./booking-transitions";
import type { Viewer } from "./booking-views";

type LockedBooking = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

/** Names an admin's refund by the key the request carried: retrying the request finds the first refund. */
const adminRefundKey = (bookingId: number, requestKey: string) => `booking:${bookingId}:admin-refund:${requestKey}`;

/**
 * An administrator giving a guest money back after their stay has begun or ended (a complaint upheld), when
 * cancelling is no longer possible. The refund is taken from what is left of the stay's shares, nights before fee;
 * where a payee's part of it has already been transferred to them, that part is pulled back from their transfers
 * (TransferReversals), and only what the platform still holds for them is taken from their held earnings.
 */
export class AdminRefunds {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly reversals: TransferReversals,
    private readonly today: () => string,
  ) {}

  async refund(
    admin: Viewer,
    bookingId: number,
    request: TAdminRefundRequest,
    requestKey: string,
  ): Promise<TAdminRefundResponse> {
    const key = adminRefundKey(bookingId, requestKey);
    await this.db.transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      if (!locked) throw notFound("Booking not found");
      const part = bookingPart(admin, { guestId: locked.booking.guestId, ownerId: locked.ownerId }, "cancel");
      if (part !== "admin") {
        throw new ForbiddenError(
          "A refund after the stay has begun is made by an administrator who is not its guest or host.",
        );
      }
      const earlier = await findPosted(tx, key);
      if (earlier) {
        const earlierPence = -(earlier.lines.find((line) => line.account.kind === "platform_cash")?.amountPence ?? 0);
        if (earlierPence !== request.amountPence) {
          throw new ConflictError(
            `This request's key already refunded £${penceToPounds(earlierPence).toFixed(2)}; send a new key for another refund.`,
          );
        }
        return;
      }
      await this.refundLocked(tx, admin, locked, request, key);
    });
    const made = await findReversalsByPrefix(this.db, `${key}:`);
    // Sent at once where possible; a reversal Stripe refuses now is finished by the payout job's next run.
    await this.reversals.sendClaims(made.filter((claim) => claim.sentAt === null).map((claim) => claim.id));
    return this.answer(bookingId, key);
  }

  private async refundLocked(
    tx: Tx,
    admin: Viewer,
    locked: LockedBooking,
    request: TAdminRefundRequest,
    key: string,
  ): Promise<void> {
    const { booking, ownerId } = locked;
    if (await bookingHasUnsentMoney(tx, booking.id)) {
      throw new ConflictError("A transfer for this stay is being sent right now. Please try again in a few minutes.");
    }
    const { charge, parties, left, payment, refundable } = await this.refundableOf(tx, booking, ownerId);
    if (request.amountPence > refundable) {
      throw new UnprocessableError(
        `At most £${penceToPounds(refundable).toFixed(2)} of this stay can still be refunded.`,
      );
    }
    // What each payee held of this stay before the refund: only beyond it does their transfer have to give back.
    const heldBefore = await ledgerBalances(tx, { bookingId: booking.id });
    let stripeRefundId: string | null = null;
    if (!charge.demo) {
      if (!payment?.stripePaymentIntentId) throw new ConflictError("The card payment of this stay cannot be found.");
      // The key is the request's: if this transaction rolls back after Stripe refunded, the retried request gets that
      // same refund back, never a second one.
      stripeRefundId = await this.gateway.refund(
        payment.stripePaymentIntentId,
        request.amountPence,
        key.replaceAll(":", "-"),
      );
      await recordRefund(tx, payment.id, penceToPounds(request.amountPence));
    }
    const lines = refundLines(parties, left, { amountPence: request.amountPence, collected: true });
    await postLedgerTransaction(tx, {
      kind: "refund",
      idempotencyKey: key,
      demo: charge.demo,
      bookingId: booking.id,
      stripeObjectId: stripeRefundId,
      memo: `${charge.demo ? "Demo refund after the stay began" : "Refund after the stay began"}: ${request.reason}`,
      lines,
    });
    const reversals: Array<{ payeeId: number; amountPence: number }> = [];
    for (const line of lines) {
      const payeeId = line.account.partyId;
      if (line.account.kind !== "earnings_held" || payeeId == null || line.amountPence <= 0) continue;
      const heldOfStay = -(
        heldBefore.find((a) => a.kind === "earnings_held" && a.partyId === payeeId)?.balancePence ?? 0
      );
      const heldInAll = await heldEarningsPence(tx, payeeId, charge.demo);
      const covered = Math.max(0, Math.min(line.amountPence, heldOfStay, heldInAll + line.amountPence));
      reversals.push(
        ...(await this.claimReversals(
          tx,
          { bookingId: booking.id, payeeId, demo: charge.demo, key },
          line.amountPence - covered,
        )),
      );
    }
    await recordAudit(tx, {
      type: "warning",
      action: "booking.refunded_by_admin",
      message: `Refunded £${penceToPounds(request.amountPence).toFixed(2)} of booking ${bookingReference(booking.id)}: ${request.reason}`,
      ...adminStepParties(admin, booking),
      details: {
        reference: bookingReference(booking.id),
        amountPence: request.amountPence,
        reason: request.reason,
        demo: charge.demo,
        reversals,
        ...(stripeRefundId && { stripeRefundId }),
      },
    });
  }

  /**
   * What an admin may still refund of the stay, in pence, for its details; null when it is not a stay refunded here
   * (not begun, or nothing paid).
   */
  async refundablePence(bookingId: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      if (!locked) return null;
      try {
        return (await this.refundableOf(tx, locked.booking, locked.ownerId)).refundable;
      } catch (error) {
        if (error instanceof ConflictError) return null;
        throw error;
      }
    });
  }

  /**
   * A stay an admin refunds (begun or ended, paid) and how much of it is left to give back: what is left of its shares,
   * and of a card payment, what the card has not had back.
   */
  private async refundableOf(tx: Tx, booking: LockedBooking["booking"], ownerId: number) {
    const begun = booking.status === "completed" || (booking.status === "confirmed" && booking.checkIn <= this.today());
    if (!begun) {
      throw new ConflictError(
        booking.status === "confirmed"
          ? "This stay has not begun: cancel it instead, and the cancellation policy's refund is made."
          : `A ${booking.status} booking cannot be refunded here.`,
      );
    }
    const charge = await findPosted(tx, bookingLedgerKey.charge(booking.id));
    if (!charge || !(await bookingHasPosting(tx, booking.id, "payment_collected"))) {
      throw new ConflictError("No payment is recorded for this stay, so there is nothing to refund.");
    }
    const { parties, shares } = sharesOfCharge(charge.lines, ownerId);
    const left = await sharesLeft(tx, booking.id, shares, parties);
    const payment = charge.demo ? undefined : await findRefundablePayment(tx, booking.id);
    const paidLeft = payment ? poundsToPence(payment.amount) - poundsToPence(payment.refundedAmount) : left.totalPence;
    return { charge, parties, left, payment, refundable: Math.min(left.totalPence, paidLeft) };
  }

  /**
   * Claims reversals of `needPence` from the payee's sent transfers of the stay, newest first, each no more than is
   * left of it. Were their transfers to cover less (never expected: a share is sent only from what the stay earned),
   * the rest stays owed in their held earnings and comes out of what they earn next.
   */
  private async claimReversals(
    tx: Tx,
    of: { bookingId: number; payeeId: number; demo: boolean; key: string },
    needPence: number,
  ): Promise<Array<{ payeeId: number; amountPence: number }>> {
    const claimed: Array<{ payeeId: number; amountPence: number }> = [];
    let need = needPence;
    for (const transfer of await reversibleTransfersOf(tx, of.bookingId, of.payeeId, of.demo)) {
      if (need <= 0) break;
      const amountPence = Math.min(need, transfer.reversiblePence);
      if (amountPence <= 0) continue;
      await claimReversal(tx, {
        transferId: transfer.id,
        bookingId: of.bookingId,
        payeeId: of.payeeId,
        amountPence,
        demo: of.demo,
        claimKey: reversalClaimKey(of.key, transfer.id),
      });
      claimed.push({ payeeId: of.payeeId, amountPence });
      need -= amountPence;
    }
    return claimed;
  }

  private async answer(bookingId: number, key: string): Promise<TAdminRefundResponse> {
    const posted = await findPosted(this.db, key);
    if (!posted) throw new Error(`the refund ${key} was not recorded`);
    const reversals = await findReversalsByPrefix(this.db, `${key}:`);
    return {
      bookingId,
      refundedPence: -(posted.lines.find((line) => line.account.kind === "platform_cash")?.amountPence ?? 0),
      demo: posted.demo,
      stripeRefundId: posted.stripeObjectId,
      reversals: reversals.map((reversal) => ({
        payeeId: reversal.payeeId,
        amountPence: reversal.amountPence,
        status: reversal.sentAt ? ("sent" as const) : ("pending" as const),
      })),
    };
  }
}

/**
 * What is left of the stay's shares once earlier refunds took theirs back: a second refund is taken from the rest,
 * so no share gives back more than it was credited and the pence still add up.
 */
async function sharesLeft(
  tx: Tx,
  bookingId: number,
  shares: StayShares,
  parties: { landlordId: number; managerId?: number | null },
): Promise<StayShares> {
  const refunded = await ledgerBalances(tx, { bookingId, kind: "refund" });
  const taken = (kind: "platform_fees" | "earnings_held", partyId: number | null = null) =>
    refunded.find((a) => a.kind === kind && a.partyId === partyId)?.balancePence ?? 0;
  const fee = shares.serviceFeePence - taken("platform_fees");
  const manager = parties.managerId == null ? 0 : shares.managerFeePence - taken("earnings_held", parties.managerId);
  const landlord =
    shares.totalPence - shares.serviceFeePence - shares.managerFeePence - taken("earnings_held", parties.landlordId);
  return { totalPence: fee + manager + landlord, serviceFeePence: fee, managerFeePence: manager };
}
