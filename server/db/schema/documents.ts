import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { issuedDocumentKind } from "./enums";
import { users } from "./users";

/**
 * Where each series of document numbers stands (R2026 for 2026's receipts, V2026 for its VAT invoices). The next
 * number is taken by incrementing this row in the transaction that writes the document, so the row's lock puts
 * issuers of one series in line and a failed issue gives its number back: the numbers have no gaps.
 */
export const documentSeries = pgTable("document_series", {
  series: text("series").primaryKey(),
  nextNumber: integer("next_number").notNull(),
});

/**
 * A money document as it was issued: its number and the figures it printed (a snapshot), so printing it again gives
 * exactly the same document whatever changes later. Each document is issued once: one receipt and one VAT invoice
 * per booking, one statement per payee and month.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: serial("id").primaryKey(),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    kind: issuedDocumentKind("kind").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    partyId: integer("party_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** A statement's month, YYYY-MM; null for a booking's documents. */
    period: text("period"),
    figures: jsonb("figures").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("issued_documents_number_key").on(t.series, t.number),
    uniqueIndex("issued_documents_booking_key").on(t.kind, t.bookingId).where(sql`${t.bookingId} is not null`),
    uniqueIndex("issued_documents_period_key").on(t.kind, t.partyId, t.period).where(sql`${t.period} is not null`),
    check("issued_documents_period_shape", sql`${t.period} is null or ${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check("issued_documents_number_positive", sql`${t.number} > 0`),
  ],
);
