import { z } from "zod";
import { isCalendarDate } from "../domain/calendar-dates";

/**
 * A periodic tenancy (England, from 1 May 2026) defined once: its rent, the card its rent is collected with, the
 * notice that ends it, and each month's rent payment. Answers and requests are picks of these fields.
 */
export const RENT_PAYMENT_STATUS_LABELS = { due: "Due", paid: "Paid", failed: "Not collected" } as const;

export const ZRentPaymentRecord = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Pounds, as a decimal string. */
  amount: z.string(),
  status: z.enum(["due", "paid", "failed"]),
  attempts: z.number().int(),
  /** The next try at the saved card, when the last failed; null once paid or given up. */
  nextAttemptOn: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const tenancyRecordFields = {
  bookingId: z.number().int(),
  startsOn: z.string(),
  /** Pounds a month, as a decimal string. */
  monthlyRent: z.string(),
  /** The tenancy's last day once notice is given; null while it runs on. */
  endsOn: z.string().nullable(),
  noticeGivenOn: z.string().nullable(),
  /** The earliest last day a notice given today may name (two months, ending with a rent period). */
  earliestNoticeEnd: z.string(),
  agreed: z.boolean(),
  /** Whether the tenant has saved the card their rent is collected with (always false in demo mode). */
  cardSaved: z.boolean(),
  /** Without card payments, the rent is demo money: nothing real was collected. */
  demo: z.boolean(),
  payments: z.array(ZRentPaymentRecord),
};
export const ZTenancyRecord = z.object(tenancyRecordFields);

/** The tenant's notice: the tenancy's last day. */
export const ZNoticeEndsOn = z
  .string({ error: "endsOn is required" })
  .refine(isCalendarDate, "endsOn must be a date written YYYY-MM-DD");
