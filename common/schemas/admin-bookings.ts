import { z } from "zod";
import { BOOKING_TRANSITIONS, type BookingTransition } from "../domain/booking-status";
import { LARGEST_LINE_PENCE } from "../domain/ledger";
import { poundsToPence } from "../domain/pricing";
import { BOOKING_STATUSES } from "../domain/property-options";
import { ADMIN_BOOKING_COLUMNS, bookingRecordFields, ZBookingActor, ZBookingRecord } from "../entities/booking";
import { keysMask } from "../entities/field-kinds";
import { propertyRecordFields } from "../entities/property";
import { ZAdminReason } from "./admin";
import { PAYMENT_STATUSES, ZGuestBooking } from "./bookings";
import { ZPageQuery, ZSearchText } from "./paging";

/** Booking Oversight's status filter: every booking, or those of one status. */
export const ADMIN_BOOKING_STATUS_FILTERS = ["all", ...BOOKING_STATUSES] as const;
export type TAdminBookingStatusFilter = (typeof ADMIN_BOOKING_STATUS_FILTERS)[number];

/**
 * GET /api/admin/bookings: `q` finds bookings by the property's title, its place (borough, town or region), or
 * the guest's name (as given on the booking or on the account) or account e-mail; `status` narrows to one status.
 */
export const ZAdminBookingsQuery = z.strictObject({
  ...ZPageQuery.shape,
  q: ZSearchText,
  status: z
    .enum(ADMIN_BOOKING_STATUS_FILTERS, {
      error: `Status must be one of ${ADMIN_BOOKING_STATUS_FILTERS.join(", ")}`,
    })
    .default("all"),
});
export type TAdminBookingsQuery = z.infer<typeof ZAdminBookingsQuery>;

/** One booking on Booking Oversight: what an admin sees of a booking, with what an admin may do next. */
export const ZAdminBooking = ZBookingRecord.pick(keysMask(ADMIN_BOOKING_COLUMNS)).extend({
  propertySlug: propertyRecordFields.slug,
  propertyTitle: propertyRecordFields.title,
  propertyCity: propertyRecordFields.city,
  /** The name the booking was made in, in full (admins see it all); the account's when the booking has none. */
  guestName: z.string(),
  guestEmail: z.string(),
  guests: bookingRecordFields.guestCount,
  /** The same total as totalPrice, as a number of pounds. */
  totalAmount: z.number(),
  /** Pending, but waiting for the guest's card payment (card payments are on), not for an answer. */
  awaitingPayment: z.boolean(),
  /** A pending request the admin can confirm: card payments off and check-in not yet passed. */
  canConfirm: z.boolean(),
  /** A pending booking (declined) or a confirmed stay that has not begun (cancelled with a full refund). */
  canCancel: z.boolean(),
});
export type TAdminBooking = z.infer<typeof ZAdminBooking>;

/** GET /api/admin/bookings/stats: over every booking on the platform. */
export const ZAdminBookingStats = z.object({
  total: z.number().int(),
  /** Pounds of confirmed and completed bookings, as the landlord figures count revenue. */
  revenue: z.number(),
  pending: z.number().int(),
  confirmed: z.number().int(),
});
export type TAdminBookingStats = z.infer<typeof ZAdminBookingStats>;

const ZAccountPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** One status change of a booking, from its history. */
export const ZBookingHistoryEntry = z.object({
  id: z.number().int(),
  transition: z.enum(Object.keys(BOOKING_TRANSITIONS) as [BookingTransition, ...BookingTransition[]]),
  from: bookingRecordFields.status,
  to: bookingRecordFields.status,
  actor: ZBookingActor,
  /** The signed-in person who made the change; null for the system's jobs and card payments. */
  actorName: z.string().nullable(),
  /** ISO instant. */
  at: z.string(),
  /** Pounds refunded by this change (a cancellation), as a decimal string. */
  refund: z.string().nullable(),
  /** Why it was cancelled or declined, when a reason was given. */
  reason: z.string().nullable(),
  /** The card payment's or the refund's reference at the payment provider. */
  providerReference: z.string().nullable(),
});
export type TBookingHistoryEntry = z.infer<typeof ZBookingHistoryEntry>;

/** One card payment of a booking and what of it went back. */
export const ZAdminPayment = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  refundedAmount: z.string(),
  /** The payment provider's reference, for looking the payment up there. */
  providerReference: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

/**
 * GET /api/admin/bookings/{id}: the booking as its guest sees it (less what only the guest may do), the guest's
 * account and the owner, every status change, every payment, and what the admin may do next.
 */
export const ZAdminBookingDetails = ZGuestBooking.omit({
  canCancel: true,
  refundIfCancelledNow: true,
  canPay: true,
  canReview: true,
}).extend({
  ...ZAdminBooking.pick({ awaitingPayment: true, canConfirm: true, canCancel: true }).shape,
  guestAccount: ZAccountPerson,
  owner: ZAccountPerson,
  /** Oldest first. */
  history: z.array(ZBookingHistoryEntry),
  /** Oldest first. */
  payments: z.array(ZAdminPayment),
  /**
   * What an admin may still refund, in pence, of a stay that has begun or ended (a complaint upheld); null for any
   * other booking, which is cancelled instead.
   */
  refundablePence: z.number().int().nullable(),
});
export type TAdminBookingDetails = z.infer<typeof ZAdminBookingDetails>;

/**
 * POST /api/admin/bookings/{id}/refund: money given back to the guest after the stay has begun or ended (a complaint
 * upheld), in whole pence, with the administrator's reason. The Idempotency-Key header names the refund, so a
 * retried request refunds once.
 */
export const ZAdminRefundRequest = ZAdminReason.extend({
  amountPence: z
    .number({ error: "Please give the amount to refund in pence" })
    .int("The amount must be a whole number of pence")
    .positive("The amount must be more than zero")
    .max(LARGEST_LINE_PENCE, "The amount is more than any stay costs"),
});
export type TAdminRefundRequest = z.infer<typeof ZAdminRefundRequest>;

/**
 * The Refund form: the amount in pounds as an admin types it (at most what is still refundable), and the reason.
 * It is sent as ZAdminRefundRequest, in pence.
 */
export function adminRefundFormSchema(refundablePence: number) {
  return ZAdminRefundRequest.pick({ reason: true }).extend({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Give the amount in pounds, such as 12.50")
      .refine((pounds) => poundsToPence(pounds) > 0, "The amount must be more than zero")
      .refine(
        (pounds) => poundsToPence(pounds) <= refundablePence,
        `At most £${(refundablePence / 100).toFixed(2)} can still be refunded`,
      ),
  });
}
export type TAdminRefundForm = z.infer<ReturnType<typeof adminRefundFormSchema>>;

export const ZAdminRefundHeaders = z.looseObject({
  "idempotency-key": z
    .string({ error: "Send an Idempotency-Key header naming this refund, so a retried request refunds once" })
    .regex(/^[\w-]{8,100}$/, "The Idempotency-Key must be 8 to 100 letters, digits, - or _"),
});

/** The refund made, and what it pulled back from payees' transfers (pending ones are finished by the payout job). */
export const ZAdminRefundResponse = z.object({
  bookingId: z.number().int(),
  refundedPence: z.number().int(),
  /** Demo money: no card was refunded and no real transfer reversed. */
  demo: z.boolean(),
  stripeRefundId: z.string().nullable(),
  reversals: z.array(
    z.object({
      payeeId: z.number().int(),
      amountPence: z.number().int(),
      status: z.enum(["sent", "pending"]),
    }),
  ),
});
export type TAdminRefundResponse = z.infer<typeof ZAdminRefundResponse>;
