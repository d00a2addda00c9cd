import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import { RIGHT_TO_RENT_METHODS } from "../domain/right-to-rent";

/**
 * A tenancy's Right to Rent check defined once: the day the landlord made it and how. The landlord's request and the
 * answer are picks of these fields.
 */
export const rightToRentCheckFields = {
  bookingId: z.number().int(),
  checkedOn: z
    .string({ error: "Enter the day you made the check" })
    .refine(isCalendarDate, "Enter the day of the check as a date written YYYY-MM-DD"),
  method: z.enum(RIGHT_TO_RENT_METHODS, { error: "Choose how you checked: documents, online or an IDSP" }),
  /** Made after the tenancy started. */
  late: z.boolean(),
  recordedAt: z.string(),
};
export const ZRightToRentCheck = z.object(rightToRentCheckFields);
export type TRightToRentCheck = z.infer<typeof ZRightToRentCheck>;

/** PUT /api/bookings/{id}/right-to-rent: the landlord records the check; recording again corrects it. */
export const ZRecordRightToRentCheck = ZRightToRentCheck.pick({ checkedOn: true, method: true }).strict();
export type TRecordRightToRentCheck = z.infer<typeof ZRecordRightToRentCheck>;
