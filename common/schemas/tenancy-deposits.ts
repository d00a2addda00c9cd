import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";
import { CERTIFICATE_NUMBER_MESSAGE, CERTIFICATE_NUMBER_PATTERN, DEPOSIT_SCHEMES } from "../domain/tenancy-deposits";

/**
 * A tenancy's deposit and its protection: what the landlord records (the amount received, the day, the scheme and its
 * certificate) and the state both sides see (protected, due by a date, or overdue).
 */

const ZDay = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`);

/** The deposit in pounds as typed, to the penny: "1153.84". */
export const ZDepositAmount = z
  .string({ error: "Enter the deposit in pounds, such as 1153.84" })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter the deposit in pounds with at most two decimal places, such as 1153.84")
  .refine((pounds) => Number(pounds) > 0, "The deposit must be more than zero");

/** PUT /api/bookings/{id}/deposit: the landlord records the deposit received and where it is protected. */
export const ZRecordDepositProtection = z
  .strictObject({
    amount: ZDepositAmount,
    receivedOn: ZDay("The day the deposit was received"),
    scheme: z.enum(DEPOSIT_SCHEMES, { error: "Choose the scheme: DPS, TDS or mydeposits" }),
    certificateNumber: z
      .string({ error: CERTIFICATE_NUMBER_MESSAGE })
      .trim()
      .toUpperCase()
      .regex(CERTIFICATE_NUMBER_PATTERN, CERTIFICATE_NUMBER_MESSAGE),
    protectedOn: ZDay("The day the deposit was protected"),
  })
  .refine((d) => !isCalendarDate(d.receivedOn) || !isCalendarDate(d.protectedOn) || d.protectedOn >= d.receivedOn, {
    message: "A deposit is protected on or after the day it was received",
    path: ["protectedOn"],
  });
export type TRecordDepositProtection = z.infer<typeof ZRecordDepositProtection>;

/** Where a tenancy's deposit stands, as the tenant's and the landlord's bookings show it. */
export const ZDepositProtection = z.object({
  amountPence: z.number().int(),
  /** The day it was received (as recorded, or the day the tenancy was confirmed until then). */
  receivedOn: z.string(),
  state: z.enum(["protected", "due", "overdue"]),
  /** The last day to protect it: 30 days after receipt. */
  dueOn: z.string(),
  protectedOn: z.string().nullable(),
  scheme: z.enum(DEPOSIT_SCHEMES).nullable(),
  schemeName: z.string().nullable(),
  certificateNumber: z.string().nullable(),
});
export type TDepositProtection = z.infer<typeof ZDepositProtection>;
