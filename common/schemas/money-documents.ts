import { z } from "zod";
import { isTaxYear, MONTH_PATTERN } from "../domain/money-documents";

/**
 * A payee's monthly statements and a landlord's tax-year summary, as the API answers them. Amounts are whole pence in
 * the payee's sign: money to them is positive, money leaving (a refund, a job cost, a transfer out) negative.
 */
export const ZStatementMonthParam = z.object({
  month: z
    .string()
    .regex(MONTH_PATTERN, "The month must be written YYYY-MM, such as 2026-03")
    .describe("A London calendar month, YYYY-MM"),
});

export const ZStatementMonth = z.object({
  month: z.string(),
  lines: z.number().int(),
  /** The balance held for the payee at the month's end. */
  closingPence: z.number().int(),
  /** Some of the month's lines are demo money. */
  demo: z.boolean(),
});
export type TStatementMonth = z.infer<typeof ZStatementMonth>;

export const ZStatementLine = z.object({
  /** The ledger line's id: stable, so a list can key on it. */
  id: z.number().int(),
  date: z.string(),
  /** SL-000123 for a stay, MJ-000042 for a job; null for a transfer or an adjustment. */
  reference: z.string().nullable(),
  description: z.string(),
  amountPence: z.number().int(),
  balancePence: z.number().int(),
  demo: z.boolean(),
  /** A landlord's stay line: the stay's total, the guest's service fee and the manager's fee, for information. */
  stay: z
    .object({ totalPence: z.number().int(), serviceFeePence: z.number().int(), managerFeePence: z.number().int() })
    .nullable(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const ZStatement = z.object({
  month: z.string(),
  payeeName: z.string(),
  openingPence: z.number().int(),
  closingPence: z.number().int(),
  lines: z.array(ZStatementLine),
  demo: z.boolean(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZTaxYearParam = z.object({
  taxYear: z
    .string()
    .refine(isTaxYear, "The tax year must be written like 2026-27")
    .describe("A UK tax year, 6 April to 5 April, written 2026-27"),
});

const ZTaxFigures = z.object({
  grossPence: z.number().int(),
  refundsPence: z.number().int(),
  managerFeesPence: z.number().int(),
  jobCostsPence: z.number().int(),
  netPence: z.number().int(),
  demoNetPence: z.number().int(),
});
export const ZTaxReport = z.object({
  taxYear: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every tax year with lines, newest first, for the year picker. */
  years: z.array(z.string()),
  totals: ZTaxFigures.extend({ transfersPence: z.number().int(), demoTransfersPence: z.number().int() }),
  properties: z.array(ZTaxFigures.extend({ propertyId: z.number().int(), title: z.string() })),
});
export type TTaxReport = z.infer<typeof ZTaxReport>;
