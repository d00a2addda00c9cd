import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { taxDetailsKind } from "./enums";
import { users } from "./users";

/**
 * The tax details of a seller (a landlord, property manager or contractor paid through the platform), which HMRC's
 * yearly report of platform sellers' earnings needs. One row per person. The identifiers are sealed with the
 * server's "tax-identifiers" key (AES-256-GCM, server/lib/server-keys.ts): a copy of the database alone does not
 * reveal them. Erased with the account; see eraseAccount for what a report already made must keep.
 */
export const sellerTaxDetails = pgTable(
  "seller_tax_details",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: taxDetailsKind("kind").notNull(),
    /** The person's full legal name, or the business's registered name. */
    legalName: text("legal_name").notNull(),
    /** People only. */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    postcode: text("postcode").notNull(),
    /** ISO 3166 alpha-2. */
    country: text("country").notNull().default("GB"),
    /** Sealed; null when not given. */
    nationalInsuranceNumberSealed: text("national_insurance_number_sealed"),
    utrSealed: text("utr_sealed"),
    companyNumberSealed: text("company_number_sealed"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A person is reported with a date of birth and never with a company number; a business never with an NI number.
    check(
      "seller_tax_details_kind_fields",
      sql`(${table.kind} = 'individual' and ${table.dateOfBirth} is not null and ${table.companyNumberSealed} is null)
        or (${table.kind} = 'business' and ${table.dateOfBirth} is null and ${table.nationalInsuranceNumberSealed} is null)`,
    ),
  ],
);
