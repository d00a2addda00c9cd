import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";

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
