import { z } from "zod";
import { UNAVAILABLE_REASONS } from "../domain/availability";
import { ZStayDate } from "../entities/booking";

/** At most this many months of a listing's calendar are read at once (two shown on a desktop, one ahead to page to). */
export const AVAILABILITY_MAX_MONTHS = 3;

/** GET /api/properties/{id}/availability: `from` (a day, usually the 1st of a month) and how many months from it. */
export const ZAvailabilityQuery = z.strictObject({
  from: ZStayDate("from"),
  months: z.coerce
    .number({ error: "months must be a number" })
    .int("months must be a whole number")
    .min(1, `months must be from 1 to ${AVAILABILITY_MAX_MONTHS}`)
    .max(AVAILABILITY_MAX_MONTHS, `months must be from 1 to ${AVAILABILITY_MAX_MONTHS}`)
    .default(1),
});
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

export const ZAvailabilityDay = z.object({
  date: z.string(),
  free: z.boolean(),
  reason: z.enum(UNAVAILABLE_REASONS).nullable(),
  /** The night's price in pounds after the pricing rules (for the listing's shortest stay); null when not free. */
  price: z.number().nullable(),
  /** The same night all-in (service fee and any levy), the figure a guest is shown; null when not free. */
  allInPrice: z.number().nullable(),
});
export type TAvailabilityDay = z.infer<typeof ZAvailabilityDay>;

/** How long a stay may be in each mode this listing offers (nights; a tenancy's months, or periodic). */
export const ZStayLengths = z.object({
  shortLet: z.object({ offered: z.boolean(), minNights: z.number().int(), maxNights: z.number().int() }),
  midLet: z.object({ offered: z.boolean(), minNights: z.number().int(), maxNights: z.number().int().nullable() }),
  tenancy: z.object({
    offered: z.boolean(),
    /** A periodic tenancy has no term: the guest picks a move-in day only. */
    periodic: z.boolean(),
    minMonths: z.number().int(),
    maxMonths: z.number().int().nullable(),
  }),
});
export type TStayLengths = z.infer<typeof ZStayLengths>;

export const ZAvailability = z.object({
  from: z.string(),
  /** The day after the last day answered. */
  until: z.string(),
  days: z.array(ZAvailabilityDay),
  stayLengths: ZStayLengths,
});
export type TAvailability = z.infer<typeof ZAvailability>;
