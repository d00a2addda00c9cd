import { managementFeePence } from "../../../common/domain/management-fee";
import { poundsToPence } from "../../../common/domain/pricing";
import type { Tx } from "../../db/client";
import { bookingHasPosting, findPosted, postLedgerTransaction } from "../../repositories/ledger.repository";
import { findCurrentAssignment } from "../../repositories/properties/management.repository";
import { paymentLines, refundLines, returnedPaymentLines, sharesOfCharge, stayChargeLines } from "./booking-postings";

/**
 * A booking's money in the ledger, posted by the lifecycle in the transaction that changes the booking, so the two
 * commit or fail together. The keys name the event behind each posting: a retried webhook or request finds the first
 * posting and writes nothing. The migration that began the ledger uses the same keys for the stays before it.
 */
export const bookingLedgerKey = {
  charge: (bookingId: number) => `booking:${bookingId}:charge`,
  demoPayment: (bookingId: number) => `booking:${bookingId}:payment`,
  refund: (bookingId: number) => `booking:${bookingId}:refund`,
  cardPayment: (paymentIntentId: string) => `payment:${paymentIntentId}`,
  returnedPayment: (paymentIntentId: string) => `payment:${paymentIntentId}:returned`,
};

/** The facts of a booking the ledger needs, as the bookings table keeps them (pounds as numeric text). */
export type BookingMoney = {
  id: number;
  propertyId: number;
  guestId: number;
  ownerId: number;
  totalPrice: string;
  serviceFee: string | null;
  /** The visitor levy inside the total; missing or "0" where none. */
  visitorLevy?: string | null;
};

/**
 * A stay is confirmed: the guest owes its total, split between the platform's service fee, the fee of the property's
 * manager at that moment (their agreed share of the nights) and the landlord. In demo
 * mode no card is charged, so a demo payment settles it at once and marks every figure of this stay as not real money;
 * with card payments the payment was recorded from Stripe's word just before.
 */
export async function postStayConfirmed(tx: Tx, booking: BookingMoney, mode: { demo: boolean }): Promise<void> {
  const totalPence = poundsToPence(booking.totalPrice);
  if (totalPence <= 0) return;
  const serviceFeePence = Math.min(booking.serviceFee === null ? 0 : poundsToPence(booking.serviceFee), totalPence);
  const levyPence = Math.min(
    booking.visitorLevy ? poundsToPence(booking.visitorLevy) : 0,
    totalPence - serviceFeePence,
  );
  const manager = await findCurrentAssignment(tx, booking.propertyId);
  // The manager's share is of the nights' price only: the levy is the council's.
  const managerFeePence = manager
    ? managementFeePence(totalPence - serviceFeePence - levyPence, manager.management_fee_bps)
    : 0;
  await postLedgerTransaction(tx, {
    kind: "booking_charge",
    idempotencyKey: bookingLedgerKey.charge(booking.id),
    demo: mode.demo,
    bookingId: booking.id,
    lines: stayChargeLines(
      { guestId: booking.guestId, landlordId: booking.ownerId, managerId: manager?.manager_id ?? null },
      { totalPence, serviceFeePence, managerFeePence, levyPence },
    ),
  });
  if (mode.demo) {
    await postLedgerTransaction(tx, {
      kind: "payment_collected",
      idempotencyKey: bookingLedgerKey.demoPayment(booking.id),
      demo: true,
      bookingId: booking.id,
      memo: "Demo mode: no card was charged",
      lines: paymentLines(booking.guestId, totalPence),
    });
  }
}

export type CardPayment = { bookingId: number; guestId: number; paymentIntentId: string; amountPence: number };

/**
 * A guest's card payment reached the platform's Stripe balance (whatever then happens to the booking), or, returned,
 * went straight back because it came for a booking no longer held (its hold lapsed), so nobody earned from it.
 */
export async function postCardPayment(
  tx: Tx,
  payment: CardPayment,
  outcome: "collected" | "returned" = "collected",
): Promise<void> {
  if (payment.amountPence <= 0) return;
  const returned = outcome === "returned";
  await postLedgerTransaction(tx, {
    kind: returned ? "refund" : "payment_collected",
    idempotencyKey: (returned ? bookingLedgerKey.returnedPayment : bookingLedgerKey.cardPayment)(
      payment.paymentIntentId,
    ),
    demo: false,
    bookingId: payment.bookingId,
    stripeObjectId: payment.paymentIntentId,
    memo: returned ? "A payment that came after the hold had lapsed, given back" : null,
    lines: (returned ? returnedPaymentLines : paymentLines)(payment.guestId, payment.amountPence),
  });
}

/**
 * A cancelled stay's refund, taken from what its charge recorded: from the nights' shares first and from the service
 * fee only beyond them. A booking never charged (a request withdrawn or declined) has nothing to take back. Money the
 * guest paid leaves the platform's balance; money never collected only cancels what they owed.
 */
export async function postStayRefund(
  tx: Tx,
  booking: Pick<BookingMoney, "id" | "ownerId">,
  refund: { amountPence: number; stripeRefundId?: string },
): Promise<void> {
  if (refund.amountPence <= 0) return;
  const charge = await findPosted(tx, bookingLedgerKey.charge(booking.id));
  if (!charge) return;
  const { parties, shares } = sharesOfCharge(charge.lines, booking.ownerId);
  const collected = await bookingHasPosting(tx, booking.id, "payment_collected");
  await postLedgerTransaction(tx, {
    kind: "refund",
    idempotencyKey: bookingLedgerKey.refund(booking.id),
    demo: charge.demo,
    bookingId: booking.id,
    stripeObjectId: refund.stripeRefundId ?? null,
    lines: refundLines(parties, shares, {
      amountPence: Math.min(refund.amountPence, shares.totalPence),
      collected,
    }),
  });
}
