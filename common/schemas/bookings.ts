import { z } from "zod";
import { isCalendarDate, nightsBetween } from "../domain/calendar-dates";
import { BOOKING_STATUSES } from "../domain/property-options";
import { MID_LET_MIN_NIGHTS, STAY_MODES } from "../domain/stay-modes";
import { ZEmail } from "./auth";
import { ZBodyId, ZUrlId } from "./ids";

/** How far ahead a stay may start (in days from today in London): calendars and prices are not kept further out. */
export const BOOKING_WINDOW_DAYS = 730;
export const BEYOND_BOOKING_WINDOW = "Bookings open up to 2 years ahead.";

const ZCalendarDate = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

const ZGuestCount = z.coerce
  .number({ error: "guests must be a number" })
  .int("guests must be a whole number")
  .min(1, "At least 1 guest is required")
  .max(100, "guests must be at most 100");

export const TENANCY_TOO_SHORT = `A tenancy needs a stay of at least ${MID_LET_MIN_NIGHTS} nights`;

/** A guest may ask for a stay of 28 nights or more to be a tenancy; a shorter one cannot be. */
const tenancyLongEnough = (stay: { checkIn: string; checkOut: string; asTenancy?: boolean }) =>
  !stay.asTenancy ||
  !isCalendarDate(stay.checkIn) ||
  !isCalendarDate(stay.checkOut) ||
  nightsBetween(stay.checkIn, stay.checkOut) >= MID_LET_MIN_NIGHTS;

/** GET /api/properties/{id}/quote. */
export const ZQuoteQuery = z
  .strictObject({
    checkIn: ZCalendarDate("checkIn"),
    checkOut: ZCalendarDate("checkOut"),
    guests: ZGuestCount.default(1),
    /** "true": the guest asks for this stay of 28 nights or more to be a tenancy (where the listing offers them). */
    asTenancy: z
      .enum(["true", "false"], { error: "asTenancy must be true or false" })
      .transform((value) => value === "true")
      .optional(),
  })
  .refine((q) => q.checkOut > q.checkIn, { message: "checkOut must be after checkIn", path: ["checkOut"] })
  .refine(tenancyLongEnough, { message: TENANCY_TOO_SHORT, path: ["asTenancy"] });
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
  nights: z.number().int(),
  /** Each night's price for short and mid lets; empty for a tenancy, which is rent by the month. */
  nightly: z.array(z.object({ date: z.string(), price: ZPounds })),
  subtotal: ZPounds,
  /** Never charged on a tenancy. */
  serviceFee: ZPounds,
  total: ZPounds,
  reasons: z.array(z.string()),
  /** A tenancy's rent: the monthly rent for each whole month, and the days after them. Null otherwise. */
  rent: z.object({ monthly: ZPounds, months: z.number().int(), extraDays: z.number().int() }).nullable(),
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
  /** The mode's rules from public sources (a tenancy's; VAT from the 29th night of a serviced stay). */
  guidance: z.array(ZGuidance),
});
export type TQuote = z.infer<typeof ZQuote>;

const ZPersonName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/**
 * POST /api/bookings. Strict: a price, status or anything else the browser adds is refused, never
 * trusted; the server computes the total itself.
 */
export const ZCreateBookingRequest = z
  .strictObject({
    propertyId: ZBodyId("propertyId"),
    checkIn: ZCalendarDate("checkIn"),
    checkOut: ZCalendarDate("checkOut"),
    guestCount: z
      .number({ error: "guestCount must be a number" })
      .int("guestCount must be a whole number")
      .min(1, "At least 1 guest is required")
      .max(100, "guestCount must be at most 100"),
    guestInfo: z.strictObject({
      firstName: ZPersonName("First name"),
      lastName: ZPersonName("Last name"),
      email: ZEmail,
      phone: z.string().trim().max(32, "Phone must be at most 32 characters").optional(),
    }),
    /** The guest asks for this stay of 28 nights or more to be a tenancy (where the listing offers them). */
    asTenancy: z.boolean({ error: "asTenancy must be true or false" }).optional(),
  })
  .refine((b) => b.checkOut > b.checkIn, { message: "checkOut must be after checkIn", path: ["checkOut"] })
  .refine(tenancyLongEnough, { message: TENANCY_TOO_SHORT, path: ["asTenancy"] });
export type TCreateBookingRequest = z.infer<typeof ZCreateBookingRequest>;

export const ZIdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1, "Idempotency-Key must not be empty")
    .max(100, "Idempotency-Key must be at most 100 characters")
    .optional(),
});

export const ZBooking = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  guestId: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guestCount: z.number().int(),
  /** Decimal string, as the spec's booking shape has it ("990.00"). */
  totalPrice: z.string(),
  serviceFee: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** The mode the stay was booked in; null for bookings made before stay modes. */
  stayMode: z.enum(STAY_MODES).nullable(),
  /** ISO instant at which an unconfirmed booking releases its nights. */
  holdExpiresAt: z.string().nullable(),
  guestInfo: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type TBooking = z.infer<typeof ZBooking>;

/** The booking reference guests quote: SL-000042. */
export function bookingReference(id: number): string {
  return `SL-${String(id).padStart(6, "0")}`;
}

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;

/**
 * A booking as its guest sees it (My Bookings, the wizard's confirmation): the spec's guest booking
 * view plus what the page needs to offer the next step.
 */
export const ZGuestBooking = ZBooking.extend({
  reference: z.string(),
  property: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    city: z.string(),
    images: z.array(z.string()),
    /** The policy this booking was made under (kept on the booking), not the listing's current one. */
    cancellationPolicy: z.enum(["flexible", "moderate", "strict"]),
  }),
  /** The latest payment for this booking, if a card payment was made or refunded. */
  payment: z.object({ status: z.enum(PAYMENT_STATUSES), amount: z.string(), currency: z.string() }).nullable(),
  /** The guest may cancel now (a pending request is withdrawn; a confirmed stay is cancelled under the policy). */
  canCancel: z.boolean(),
  /** Pounds the guest would get back by cancelling today, as a decimal string; null when nothing can be cancelled. */
  refundIfCancelledNow: z.string().nullable(),
  /** A pending booking can still be paid by card (card payments are configured and the hold has not expired). */
  canPay: z.boolean(),
  /** Set once cancelled. */
  cancellation: z
    .object({
      cancelledAt: z.string(),
      cancelledBy: z.enum(["guest", "landlord", "admin", "system"]),
      reason: z.string().nullable(),
      refundAmount: z.string(),
    })
    .nullable(),
  /** The guest's review of this stay, once written. */
  review: z.object({ id: z.number().int(), rating: z.number().int() }).nullable(),
  /** A completed stay not yet reviewed. */
  canReview: z.boolean(),
});
export type TGuestBooking = z.infer<typeof ZGuestBooking>;

export const ZBookingIdParams = z.object({
  id: ZUrlId("The booking id"),
});

/** POST /api/bookings/{id}/cancel, /accept and /decline. */
export const ZBookingChangeRequest = z.strictObject({
  reason: z.string().trim().max(500, "The reason must be at most 500 characters").optional(),
});

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
export const ZLandlordBooking = z.object({
  id: z.number().int(),
  reference: z.string(),
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  propertyAddress: z.string(),
  propertyCity: z.string(),
  guestId: z.number().int(),
  /** First name and last initial ("Ada L."); the landlord sees the contact details on the booking itself. */
  guestName: z.string(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  totalPrice: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** When an unanswered request lapses (ISO); null unless pending. */
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
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
  cancellation: z
    .object({ cancelledBy: z.enum(["guest", "landlord", "admin", "system"]), refundAmount: z.string() })
    .nullable(),
  /** The mode the stay was booked in; null for bookings made before stay modes. */
  stayMode: z.enum(STAY_MODES).nullable(),
  /** A tenancy's duties for the landlord, each with its last day (the deposit's once the tenancy is confirmed). */
  tenancyReminders: z.array(
    z.object({
      kind: z.enum(["deposit_protection", "right_to_rent"]),
      title: z.string(),
      text: z.string(),
      dueOn: z.string().nullable(),
      source: z.string(),
    }),
  ),
});
export type TLandlordBooking = z.infer<typeof ZLandlordBooking>;
