import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtColumn, requiredRef } from "./columns";
import { users } from "./users";

/**
 * Each HMRC platform report as it was exported for sending (test files are not kept): HMRC's rules keep reported
 * information for six years, and a report must stay as it was sent even when a seller later changes or erases their
 * tax details. The file holds identifiers in clear, so it is sealed with the server's "platform-report-filings" key
 * (AES-256-GCM); its SHA-256 is kept beside it, so a download can prove it is the same bytes. The app never updates or
 * deletes a row: a trigger (migration 0043) refuses both, and TRUNCATE.
 */
export const platformReportFilings = pgTable(
  "platform_report_filings",
  {
    id: serial("id").primaryKey(),
    /** The calendar year reported on. */
    year: integer("year").notNull(),
    /** The file's MessageRefId, which HMRC asks to be unique to each message. */
    messageRefId: text("message_ref_id").notNull(),
    createdAt: createdAtColumn(),
    /** The administrator who exported it (accounts are never deleted, only emptied when closed). */
    createdBy: requiredRef("created_by", () => users.id, "restrict"),
    /** Sellers written into the file. */
    sellers: integer("sellers").notNull(),
    /** Sellers with earnings left out of the file for want of tax details. */
    missingTaxDetails: integer("missing_tax_details").notNull(),
    /** SHA-256 of the file's UTF-8 bytes, lower-case hex. */
    sha256: text("sha256").notNull(),
    /** The whole file, sealed ("v1.<iv>.<tag>.<ciphertext>"). */
    fileSealed: text("file_sealed").notNull(),
  },
  (t) => [
    uniqueIndex("platform_report_filings_message_ref_id_key").on(t.messageRefId),
    index("platform_report_filings_year_created_idx").on(t.year, t.createdAt.desc(), t.id.desc()),
    check("platform_report_filings_year", sql`${t.year} >= 2024`),
    check("platform_report_filings_counts", sql`${t.sellers} >= 0 and ${t.missingTaxDetails} >= 0`),
    check("platform_report_filings_sha256", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check("platform_report_filings_sealed", sql`${t.fileSealed} like 'v1.%'`),
  ],
);
