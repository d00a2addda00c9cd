import { z } from "zod";
import { STAY_MODES } from "../domain/stay-modes";
import {
  BOOKING_COLUMNS,
  bookingInputFields,
  bookingRecordFields,
  guestCountInput,
  LANDLORD_BOOKING_COLUMNS,
  withStayDateRules,
  ZBookingChangeReason,
  ZBookingRecord,
  ZStayDate,
} from "../entities/booking";
import { keysMask } from "../entities/field-kinds";
import { type PartyAsk, partyInputFields, partyProblem } from "../entities/party";
import { propertyRecordFields, ZPropertyRecord } from "../entities/property";
import { ZTenancyRecord } from "../entities/tenancy";
import { ZBodyId, ZUrlId } from "./ids";
import { ZDepositProtection } from "./tenancy-deposits";

// Kept here too: pages and services have always read them from the booking schemas.
export {
  BEYOND_BOOKING_WINDOW,
  BOOKING_WINDOW_DAYS,
  bookingReference,
  TENANCY_TOO_SHORT,
} from "../entities/booking";

/** A party that makes no sense across its fields (too many, or an old count that disagrees) is refused. */
function refineParty<T>(askOf: (value: T) => PartyAsk) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = partyProblem(askOf(value));
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [problem.path] });
  };
}

/** GET /api/properties/{id}/quote. */
export const ZQuoteQuery = withStayDateRules(
  z.strictObject({
    checkIn: ZStayDate("checkIn"),
    /** Left out by a periodic tenancy asked for with its move-in day alone (asTenancy=true). */
    checkOut: ZStayDate("checkOut").optional(),
    /** The old single count: adults, when the party's own fields are absent. */
    guests: guestCountInput("guests", true).optional(),
    ...partyInputFields(true),
    /** "true": the guest asks for this stay to be a tenancy (where the listing offers them). */
    asTenancy: z
      .enum(["true", "false"], { error: "asTenancy must be true or false" })
      .transform((value) => value === "true")
      .optional(),
    /** "true": the guest says this stay would be their main home (never a mid let). */
    mainHome: z
      .enum(["true", "false"], { error: "mainHome must be true or false" })
      .transform((value) => value === "true")
      .optional(),
  }),
).superRefine(refineParty((query) => ({ ...query })));
export type TQuoteQuery = z.infer<typeof ZQuoteQuery>;

/** Pounds as a number with at most 2 decimals (245.5 = £245.50). */
const ZPounds = z.number();

/** A rule shown as guidance, with where it comes from. */
export const ZGuidance = z.object({ topic: z.string(), text: z.string(), source: z.string() });

export const ZQuote = z.object({
  /** True when the stay can be booked as asked; otherwise `reasons` says why. */
  available: z.boolean(),
  /** Short let, mid let or tenancy, decided by the server from the dates (and the guest's ask for a tenancy). */
  mode: z.enum(STAY_MODES),
  nights: bookingRecordFields.nights,
  /** Each night's price for short and mid lets; empty for a tenancy, which is rent by the month. */
  nightly: z.array(z.object({ date: z.string(), price: ZPounds })),
  subtotal: ZPounds,
  /** Never charged on a tenancy. */
  serviceFee: ZPounds,
  /**
   * A visitor levy the stay carries, inside the total: its name, the nights it is charged on (the first five from its
   * first day) and the amount. Null where none is charged.
   */
  visitorLevy: z.object({ label: z.string(), nights: z.array(z.string()), amount: ZPounds }).nullable(),
  total: ZPounds,
  /**
   * The price of a night with 10% on it, to the penny, when every night costs the same: the figure the listing's card
   * shows, which the quote's first line repeats before the total. The total is the nights plus the whole-pound fee.
   * Null when nights differ or for a tenancy.
   */
  allInNightly: ZPounds.nullable(),
  reasons: z.array(z.string()),
  /**
   * A tenancy's rent: the monthly rent for each whole month, and the days after them; for a periodic tenancy
   * (`periodic`), its first month, the only rent taken at agreement, with rent then due monthly until notice ends it.
   * Null otherwise.
   */
  rent: z
    .object({ monthly: ZPounds, months: z.number().int(), extraDays: z.number().int(), periodic: z.boolean() })
    .nullable(),
  /** A tenancy's deposits as the listing asks them (null: none) and the most the law allows. Null otherwise. */
  deposits: z
    .object({
      holdingDeposit: ZPounds.nullable(),
      deposit: ZPounds.nullable(),
      holdingDepositCap: ZPounds,
      depositCap: ZPounds,
      depositCapWeeks: z.number().int(),
      weeklyRent: ZPounds,
      annualRent: ZPounds,
    })
    .nullable(),
  /**
   * A short let's refundable security deposit: held on the guest's card around the stay and released after it unless
   * a damage claim is agreed. Not part of the total, never charged by booking. Null: none, or not a short let.
   */
  securityDeposit: ZPounds.nullable(),
  /** The mode's rules from public sources (a tenancy's; VAT from the 29th night of a serviced stay). */
  guidance: z.array(ZGuidance),
});
export type TQuote = z.infer<typeof ZQuote>;

/**
 * POST /api/bookings. Strict: a price, status or anything else the browser adds is refused, never
 * trusted; the server computes the total itself.
 */
export const ZCreateBookingRequest = withStayDateRules(z.strictObject(bookingInputFields)).superRefine(
  refineParty((request) => ({ ...request, guests: request.guestCount })),
);
export type TCreateBookingRequest = z.infer<typeof ZCreateBookingRequest>;

export const ZIdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1, "Idempotency-Key must not be empty")
    .max(100, "Idempotency-Key must be at most 100 characters")
    .optional(),
});

/** The booking as made (POST /api/bookings answers it); every other booking shape starts from the same fields. */
export const ZBooking = ZBookingRecord.pick(keysMask(BOOKING_COLUMNS));
export type TBooking = z.infer<typeof ZBooking>;

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;

/**
 * A periodic tenancy's terms on a booking: it has no fixed end, so the booking's check-out is only how far ahead its
 * nights are held, and a page shows the rent by the month and the last day once notice is given instead.
 */
export const ZPeriodicTenancyTerm = ZTenancyRecord.pick({ startsOn: true, monthlyRent: true, endsOn: true });
export type TPeriodicTenancyTerm = z.infer<typeof ZPeriodicTenancyTerm>;

/**
 * A booking as its guest sees it (My Bookings, the wizard's confirmation): the spec's guest booking
 * view plus what the page needs to offer the next step.
 */
export const ZGuestBooking = ZBooking.extend({
  reference: bookingRecordFields.reference,
  property: ZPropertyRecord.pick({ id: true, slug: true, title: true, city: true }).extend({
    images: z.array(z.string()),
    cancellationPolicy: bookingRecordFields.cancellationPolicy,
  }),
  /** The latest payment for this booking, if a card payment was made or refunded. */
  payment: z.object({ status: z.enum(PAYMENT_STATUSES), amount: z.string(), currency: z.string() }).nullable(),
  /** The guest may cancel now (a pending request is withdrawn; a confirmed stay is cancelled under the policy). */
  canCancel: z.boolean(),
  /** Pounds the guest would get back by cancelling today, as a decimal string; null when nothing can be cancelled. */
  refundIfCancelledNow: z.string().nullable(),
  /** A pending booking can still be paid by card (card payments are configured and the hold has not expired). */
  canPay: z.boolean(),
  cancellation: bookingRecordFields.cancellation,
  /** The guest's review of this stay, once written. */
  review: z.object({ id: z.number().int(), rating: z.number().int() }).nullable(),
  /** A completed stay not yet reviewed. */
  canReview: z.boolean(),
  /** A confirmed tenancy's deposit and whether it is protected; null for other stays or without a deposit. */
  depositProtection: ZDepositProtection.nullable(),
  /** Null unless the stay is a periodic tenancy. */
  periodicTenancy: ZPeriodicTenancyTerm.nullable(),
});
export type TGuestBooking = z.infer<typeof ZGuestBooking>;

export const ZBookingIdParams = z.object({
  id: ZUrlId("The booking id"),
});

/** POST /api/bookings/{id}/cancel, /accept and /decline. */
export const ZBookingChangeRequest = z.strictObject({ reason: ZBookingChangeReason });

/** POST /api/bookings/{id}/cancel answers the booking as it now is and the refund it was given. */
export const ZCancelBookingResponse = z.object({ booking: ZGuestBooking, refund: z.string() });

/**
 * POST /api/create-payment-intent. The spec's payload is `{ amount }`; the server charges what the
 * booking costs and ignores any amount sent, so it is accepted but never read.
 */
export const ZCreatePaymentIntentRequest = z.object({
  bookingId: ZBodyId("bookingId"),
  amount: z.unknown().optional(),
});

export const ZPaymentIntent = z.object({
  bookingId: z.number().int(),
  /** False when card payment is not configured: the booking stays a request for the landlord. */
  paymentsEnabled: z.boolean(),
  /** Stripe's client secret for Elements; null without card payments. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  /** What will be charged, in pounds, from the booking on the server. */
  amount: z.number(),
  currency: z.literal("gbp"),
  /** When the unpaid hold lapses (ISO). */
  holdExpiresAt: z.string().nullable(),
});
export type TPaymentIntent = z.infer<typeof ZPaymentIntent>;

/**
 * A booking as its landlord sees it (GET /api/bookings/landlord-bookings: the landlord list
 * reads propertyTitle, guestName, checkInDate, checkOutDate and guests), with what may be done next.
 */
export const ZLandlordBooking = ZBookingRecord.pick(keysMask(LANDLORD_BOOKING_COLUMNS)).extend({
  propertyTitle: propertyRecordFields.title,
  propertyAddress: propertyRecordFields.address,
  propertyCity: propertyRecordFields.city,
  /** First name and last initial ("Ada L."); the landlord sees the contact details on the booking itself. */
  guestName: z.string(),
  checkInDate: bookingRecordFields.checkIn,
  checkOutDate: bookingRecordFields.checkOut,
  guests: bookingRecordFields.guestCount,
  /**
   * A pending booking waiting for the guest's card payment (card payments are on), not for the landlord: the
   * landlord sees 'Payment Pending' and cannot accept it. False for every other booking.
   */
  awaitingPayment: z.boolean(),
  /** A pending request the landlord can accept (card payments off, check-in not yet passed) or decline. */
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  /** A confirmed stay before check-in; the guest gets everything back. */
  canCancel: z.boolean(),
  /** The viewer is the listing's owner, so a party to the booking's conversation with its guest. */
  canMessage: z.boolean(),
  /** Who cancelled and what went back; the landlord does not see the guest's reason here. */
  cancellation: bookingRecordFields.cancellation.unwrap().pick({ cancelledBy: true, refundAmount: true }).nullable(),
  /** A tenancy's duties for the landlord, each with its last day (the deposit's once the tenancy is confirmed). */
  tenancyReminders: z.array(
    z.object({
      kind: z.enum(["deposit_protection", "right_to_rent"]),
      title: z.string(),
      text: z.string(),
      dueOn: z.string().nullable(),
      status: z.enum(["due", "overdue", "done"]),
      /** The day a duty was done (the Right to Rent check as recorded). */
      doneOn: z.string().nullable(),
      source: z.string(),
    }),
  ),
  /** A confirmed tenancy's deposit and whether it is protected; null for other stays or without a deposit. */
  depositProtection: ZDepositProtection.nullable(),
  /** Null unless the stay is a periodic tenancy. */
  periodicTenancy: ZPeriodicTenancyTerm.nullable(),
  /**
   * Pence the stay earns the landlord over the nights it counts for: the total less the guest's fee, or a periodic
   * tenancy's rent for each period due so far (to its last day once notice is given).
   */
  bookedRevenuePence: z.number().int(),
});
export type TLandlordBooking = z.infer<typeof ZLandlordBooking>;
