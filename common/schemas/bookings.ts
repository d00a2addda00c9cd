import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import { BOOKING_STATUSES } from "../domain/property-options";
import { ZEmail } from "./auth";

/** The longest stay bookable in one go; longer lets are tenancies, arranged with the landlord. */
export const MAX_STAY_NIGHTS = 365;

const ZCalendarDate = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

const ZGuestCount = z.coerce
  .number({ error: "guests must be a number" })
  .int("guests must be a whole number")
  .min(1, "At least 1 guest is required")
  .max(100, "guests must be at most 100");

/** GET /api/properties/{id}/quote. */
export const ZQuoteQuery = z
  .strictObject({
    checkIn: ZCalendarDate("checkIn"),
    checkOut: ZCalendarDate("checkOut"),
    guests: ZGuestCount.default(1),
  })
  .refine((q) => q.checkOut > q.checkIn, { message: "checkOut must be after checkIn", path: ["checkOut"] });
export type TQuoteQuery = z.infer<typeof ZQuoteQuery>;

/** Pounds as a number with at most 2 decimals (245.5 = £245.50). */
const ZPounds = z.number();

export const ZQuote = z.object({
  /** True when the stay can be booked as asked; otherwise `reasons` says why. */
  available: z.boolean(),
  nights: z.number().int(),
  nightly: z.array(z.object({ date: z.string(), price: ZPounds })),
  subtotal: ZPounds,
  serviceFee: ZPounds,
  total: ZPounds,
  reasons: z.array(z.string()),
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
    propertyId: z.number({ error: "propertyId must be a number" }).int().positive().max(2_147_483_647),
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
  })
  .refine((b) => b.checkOut > b.checkIn, { message: "checkOut must be after checkIn", path: ["checkOut"] });
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
