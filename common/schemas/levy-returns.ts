import { z } from "zod";
import { ZDamageAmount } from "./damage-claims";
import { ZPlainText } from "./plain-text";

/** GET /api/levy-returns/{year}: a calendar year, from the levy's first year. */
export const ZLevyYearParam = z.object({
  year: z.coerce
    .number({ error: "The year must be a number such as 2026" })
    .int("The year must be a whole number such as 2026")
    .min(2026, "Edinburgh's visitor levy starts in 2026")
    .max(2100, "The year must be 2100 or earlier"),
});

/** The payment of one quarter's levy to the council, as the ledger recorded it. */
export const ZLevyPayment = z.object({
  amountPence: z.number().int(),
  /** The host's reference for the payment (the council's return or remittance number). */
  reference: z.string(),
  paidAt: z.string(),
  /** Demo money: no real money left the platform's balance. */
  demo: z.boolean(),
});

/** One quarter of a host's visitor levy return: what they declare to the council, and what is paid. Pence. */
export const ZLevyQuarter = z.object({
  quarter: z.string().describe("2026-Q3"),
  stays: z.number().int(),
  nights: z.number().int(),
  accommodationPence: z.number().int(),
  /** The levy collected on the quarter's stays. */
  levyPence: z.number().int(),
  /** Paid to the council from the held levy. */
  paidPence: z.number().int(),
  /** Still owed to the council: levied less paid. */
  owedPence: z.number().int(),
  payment: ZLevyPayment.nullable(),
});
export type TLevyQuarter = z.infer<typeof ZLevyQuarter>;

export const ZLevyReturn = z.object({
  year: z.number().int(),
  area: z.string(),
  quarters: z.array(ZLevyQuarter),
  /** Whether any stay counted was demo money (no card charged). */
  demo: z.boolean(),
});
export type TLevyReturn = z.infer<typeof ZLevyReturn>;

/** What the host types for a payment: pounds as written, at most two decimal places (as a damage claim's amount). */
export const ZLevyPaymentAmount = ZDamageAmount;

/**
 * POST /api/levy-returns/{year}/payments: pay one quarter's held levy to the council. The quarter is 1 to 4 of the
 * year in the path; the reference is the host's own (such as the council's return number).
 */
export const ZLevyPaymentRequest = z.strictObject({
  quarter: z
    .number({ error: "The quarter must be a number from 1 to 4" })
    .int("The quarter must be a whole number from 1 to 4")
    .min(1, "The quarter must be from 1 to 4")
    .max(4, "The quarter must be from 1 to 4"),
  amount: ZLevyPaymentAmount,
  reference: ZPlainText("Reference", 3, 80),
});
export type TLevyPaymentRequest = z.infer<typeof ZLevyPaymentRequest>;
