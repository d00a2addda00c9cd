import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, requiredRef } from "./columns";
import { properties } from "./properties";
import { users } from "./users";

/**
 * A landlord's word on what decides which certificates a let needs: whether the home has gas (null until said), and
 * whether the borough asks for an HMO or selective licence. One row per property, written from the vault.
 */
export const propertyComplianceFacts = pgTable("property_compliance_facts", {
  propertyId: integer("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  hasGasSupply: boolean("has_gas_supply"),
  hmoLicenceApplies: boolean("hmo_licence_applies").notNull().default(false),
  selectiveLicenceApplies: boolean("selective_licence_applies").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Safety certificates and licences as uploaded: a renewal is a new row, so the newest expiry of a kind is the one in
 * force and the older ones stay as the property's history. `expires_on` is written by the server (the kind's
 * validity from `issued_on`, or a licence's printed date). The document sits in the photo store's private
 * documents (never under /media), named by `document_key`.
 */
export const propertyCertificates = pgTable(
  "property_certificates",
  {
    id: idColumn(),
    propertyId: requiredRef("property_id", () => properties.id, "cascade"),
    kind: text("kind").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    rating: text("rating"),
    issuedBy: text("issued_by"),
    sharedWithGuests: boolean("shared_with_guests").notNull().default(false),
    documentKey: text("document_key").notNull(),
    documentName: text("document_name").notNull(),
    documentType: text("document_type").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("property_certificates_property_kind_idx").on(t.propertyId, t.kind, t.expiresOn.desc()),
    index("property_certificates_expires_idx").on(t.expiresOn),
    check(
      "property_certificates_kind_check",
      sql`${t.kind} in ('gas_safety', 'eicr', 'epc', 'hmo_licence', 'selective_licence')`,
    ),
    check("property_certificates_dates_check", sql`${t.expiresOn} > ${t.issuedOn}`),
  ],
);

/** Each expiry reminder (60, 30, 7 days before) of a certificate, written with its letter: sent once. */
export const certificateReminders = pgTable(
  "certificate_reminders",
  {
    certificateId: requiredRef("certificate_id", () => propertyCertificates.id, "cascade"),
    daysBefore: integer("days_before").notNull(),
    sentAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.daysBefore] })],
);
