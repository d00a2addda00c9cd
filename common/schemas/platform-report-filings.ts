import { z } from "zod";
import { ZUrlId } from "./ids";

/**
 * The HMRC platform reports kept as they were exported for sending (docs/decisions/029-hmrc-platform-report.md): what
 * the admin sees of each stored file. No identifier of any seller is ever part of it; the file itself is downloaded
 * whole, byte for byte.
 */
export const ZPlatformReportFiling = z.object({
  id: z.number().int(),
  year: z.number().int(),
  /** The file's MessageRefId: what HMRC's service names the message by. */
  messageRefId: z.string(),
  /** ISO 8601, when it was exported. */
  createdAt: z.string(),
  /** Who exported it, as their account is named now (a closed account reads "Former member"). */
  createdBy: z.string(),
  /** Sellers written into the file. */
  sellers: z.number().int(),
  /** Sellers with earnings left out for want of tax details. */
  missingTaxDetails: z.number().int(),
  /** SHA-256 of the file's bytes, lower-case hex: the same for every download of it. */
  sha256: z.string(),
});
export type TPlatformReportFiling = z.infer<typeof ZPlatformReportFiling>;

/** GET /api/admin/platform-report/{year}/filings: newest first. */
export const ZPlatformReportFilingList = z.object({
  year: z.number().int(),
  filings: z.array(ZPlatformReportFiling),
});
export type TPlatformReportFilingList = z.infer<typeof ZPlatformReportFilingList>;

/** GET /api/admin/platform-report/filings/{id}.xml. */
export const ZPlatformReportFilingParams = z.strictObject({ id: ZUrlId("The stored report's id") });
