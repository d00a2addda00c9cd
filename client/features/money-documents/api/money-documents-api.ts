import { ZStatement, ZStatementMonth, ZTaxReport } from "@common/schemas/money-documents";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { getJson } from "@/lib/api-client";

/** GET /api/statements: the months with lines on the payee's statement, newest first. */
export const statementMonthsQueryOptions = queryOptions({
  queryKey: ["statements"] as const,
  queryFn: ({ signal }) => getJson("/api/statements", z.array(ZStatementMonth), { signal }),
});

/** GET /api/statements/:month: one month's lines with their running balance. */
export const statementQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ["statements", month] as const,
    queryFn: ({ signal }) => getJson(`/api/statements/${month}`, ZStatement, { signal }),
  });

/** GET /api/tax-reports: the tax years with lines, newest first. */
export const taxYearsQueryOptions = queryOptions({
  queryKey: ["tax-reports"] as const,
  queryFn: ({ signal }) => getJson("/api/tax-reports", z.object({ years: z.array(z.string()) }), { signal }),
});

/** GET /api/tax-reports/:taxYear: the landlord's summary of one tax year. */
export const taxReportQueryOptions = (taxYear: string) =>
  queryOptions({
    queryKey: ["tax-reports", taxYear] as const,
    queryFn: ({ signal }) => getJson(`/api/tax-reports/${taxYear}`, ZTaxReport, { signal }),
  });

/** GET /api/bookings/documents: which of the guest's bookings have a receipt or a credit note, and whether VAT invoices exist. */
export const bookingDocumentsQueryOptions = queryOptions({
  queryKey: ["bookings", "documents"] as const,
  queryFn: ({ signal }) =>
    getJson(
      "/api/bookings/documents",
      z.object({
        vatRegistered: z.boolean(),
        receiptBookingIds: z.array(z.number()),
        creditNoteBookingIds: z.array(z.number()),
      }),
      { signal },
    ),
});
