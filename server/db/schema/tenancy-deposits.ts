import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEPOSIT_SCHEMES } from "../../../common/domain/tenancy-deposits";
import { bookings } from "./bookings";
import { users } from "./users";

/**
 * A tenancy's deposit as its landlord recorded it: what was received and when, and the scheme and certificate that
 * protect it. The money never passes through StayLondon (the tenant pays the landlord), so nothing here is a ledger
 * line. One row per booking; the day-20 reminder is marked here too, so it goes once even before anything is recorded.
 */
export const tenancyDeposits = pgTable(
  "tenancy_deposits",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    amountPence: bigint("amount_pence", { mode: "number" }),
    receivedOn: date("received_on"),
    scheme: text("scheme", { enum: DEPOSIT_SCHEMES }),
    certificateNumber: text("certificate_number"),
    protectedOn: date("protected_on"),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
    /** When the landlord was reminded (20 days after receipt) that the deposit is still unprotected. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
  },
  (t) => [
    check("tenancy_deposits_amount_positive", sql`${t.amountPence} is null or ${t.amountPence} > 0`),
    check("tenancy_deposits_scheme_known", sql`${t.scheme} is null or ${t.scheme} in ('dps', 'tds', 'mydeposits')`),
    // A protection is recorded whole: amount, receipt, scheme, certificate and date together.
    check(
      "tenancy_deposits_recorded_whole",
      sql`(${t.protectedOn} is null) = (${t.scheme} is null) and (${t.scheme} is null) = (${t.certificateNumber} is null)
        and (${t.scheme} is null) = (${t.amountPence} is null) and (${t.scheme} is null) = (${t.receivedOn} is null)`,
    ),
    check(
      "tenancy_deposits_protected_after_receipt",
      sql`${t.protectedOn} is null or ${t.protectedOn} >= ${t.receivedOn}`,
    ),
  ],
);
