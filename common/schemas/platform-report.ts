import { z } from "zod";
import { PROPERTY_TYPES } from "../domain/property-options";
import { TAX_DETAILS_KINDS } from "../domain/tax-identifiers";
import { ZTaxDetailsView } from "../entities/tax-details";

/**
 * HMRC's yearly report of sellers' earnings (docs/decisions/029-hmrc-platform-report.md): the admin's summary of a
 * year and each seller's own copy. Every amount is whole pence from the ledger's real (never demo) postings, put in
 * the quarter of the London date the money was posted; the file sent to HMRC rounds them to whole pounds, as its
 * schema asks.
 */

/** The year in the path: four digits; whether it is one that can be reported on is the service's to say. */
export const ZPlatformReportYearParams = z.strictObject({
  year: z.coerce
    .number({ error: "The year must be a number, such as 2026." })
    .int("The year must be a whole number, such as 2026."),
});

/** One quarter of a listing's year: what the seller earned from stays posted in it, and how many stays began then. */
export const ZReportQuarter = z.object({
  quarter: z.number().int().min(1).max(4),
  /** What the seller earned (their share of stays charged, less refunds), in pence; negative when refunds won. */
  considerationPence: z.number().int(),
  /** Stays whose charge was posted in the quarter. */
  stays: z.number().int(),
  /** The platform's fees charged to the seller: none, the guest pays the service fee. */
  feesPence: z.number().int(),
  /** Tax the platform withheld: none. */
  taxesPence: z.number().int(),
});

export const ZReportListing = z.object({
  propertyId: z.number().int(),
  title: z.string(),
  address: z.object({ street: z.string(), city: z.string(), postcode: z.string().nullable(), country: z.string() }),
  propertyType: z.enum(PROPERTY_TYPES),
  quarters: z.array(ZReportQuarter).length(4),
  considerationPence: z.number().int(),
  stays: z.number().int(),
  /** Nights of the year its real stays that were not cancelled took up. */
  rentedDays: z.number().int(),
});
export type TReportListing = z.infer<typeof ZReportListing>;

/** One quarter of work done for others: a manager's fees on stays, a contractor's paid jobs. */
export const ZServiceQuarter = ZReportQuarter.omit({ stays: true }).extend({
  /** Stays a manager's fee was charged on, and jobs paid, in the quarter. */
  activities: z.number().int(),
});

/** A year of work done for others through the platform and paid through it, which HMRC calls personal services. */
export const ZReportServices = z.object({
  quarters: z.array(ZServiceQuarter).length(4),
  considerationPence: z.number().int(),
  activities: z.number().int(),
});
export type TReportServices = z.infer<typeof ZReportServices>;

/** What a seller, or all of them, is reported for in a year. */
const ZReportedFigures = z.object({
  properties: z.number().int(),
  stays: z.number().int(),
  /** Stays managed and jobs done for others. */
  services: z.number().int(),
  /** Everything reported: the lets and the services. */
  considerationPence: z.number().int(),
});

/** GET /api/admin/platform-report/{year}: who would be reported and for what, without any identifier. */
export const ZPlatformReportSummary = z.object({
  year: z.number().int(),
  /** 'YYYY-MM-DD': 31 January of the next year. */
  dueBy: z.string(),
  /** True when the year had stays charged only in demo mode: nothing to report, and nothing is made up. */
  demoOnly: z.boolean(),
  /** Settings the file needs that are not set (the export answers 409 until they are). */
  missingSettings: z.array(z.string()),
  sellers: z.array(
    ZReportedFigures.extend({
      userId: z.number().int(),
      name: z.string(),
      /** Complete tax details, or missing: then the seller is listed here but cannot be written into the file. */
      taxDetails: z.enum(["complete", "missing"]),
      kind: z.enum(TAX_DETAILS_KINDS).nullable(),
    }),
  ),
  totals: ZReportedFigures.extend({
    sellers: z.number().int(),
    /** Sellers with real earnings but no complete tax details. */
    missingTaxDetails: z.number().int(),
  }),
});
export type TPlatformReportSummary = z.infer<typeof ZPlatformReportSummary>;

/** GET /api/account/platform-report/{year}: what the platform reports about the signed-in seller, masked. */
export const ZSellerPlatformReport = z.object({
  year: z.number().int(),
  dueBy: z.string(),
  /** The year's stays were all demo money: nothing is reported. */
  demoOnly: z.boolean(),
  /** As reported: the seller's tax details, identifiers masked as on their page; null when none are given. */
  identity: ZTaxDetailsView.pick({
    kind: true,
    legalName: true,
    dateOfBirth: true,
    address: true,
    nationalInsuranceNumber: true,
    utr: true,
    companyNumber: true,
    complete: true,
  }).nullable(),
  properties: z.array(ZReportListing),
  /** Work done for others (managing, maintenance); null when there was none. */
  services: ZReportServices.nullable(),
  /** Everything reported: the properties' and the services'. */
  considerationPence: z.number().int(),
  stays: z.number().int(),
});
export type TSellerPlatformReport = z.infer<typeof ZSellerPlatformReport>;

/** ?test=true marks the file as test data (OECD11), for HMRC's test service. */
export const ZPlatformReportExportQuery = z.strictObject({
  test: z.stringbool({ error: "test must be true or false." }).default(false),
});
