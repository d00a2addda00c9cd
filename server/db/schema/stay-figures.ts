import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { bookingStatus } from "./enums";

/**
 * The platform's money figures (admin dashboard and analytics) summed per check-in day, so a year of a million stays
 * is read as a few thousand rows instead of every ledger line. The ledger stays the truth: this is a copy of what
 * the ledger says, kept equal to it in three steps.
 *
 * 1. Triggers (migration "stay_figures") append the id of every stay whose figures may have changed to
 *    `stay_figures_pending`: a ledger line posted against it, the stay created, removed, moved to other dates, another
 *    listing or another status, or its listing moved to another city. Appending means no two bookings ever wait for
 *    each other here, and no write path (app, seed or hand-written SQL) can miss it.
 * 2. Folding (repositories/stay-figures.repository.ts) takes the pending stays, recomputes each one's figures from
 *    the ledger, subtracts what `stay_figures_per_stay` says the stay counted for before and adds what it counts for now. A job
 *    folds every minute, and every read of the figures folds first, so they are never behind the ledger.
 * 3. `stay_figures_per_stay` remembers what each stay counts for and where, so the next change can take it out again.
 */
export const stayFiguresPending = pgTable("stay_figures_pending", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  // Not a foreign key: a removed stay must still be folded out of the figures.
  bookingId: integer("booking_id").notNull(),
});

/** Where a stay's money is counted: its check-in day, its listing's city, its status and its settlement. */
const countedUnder = () => ({
  checkIn: date("check_in", { mode: "string" }).notNull(),
  city: text("city").notNull(),
  status: bookingStatus("status").notNull(),
  settlement: text("settlement").notNull(),
  /** What guests were charged less refunds, as the ledger records it. */
  grossPence: bigint("gross_pence", { mode: "number" }).notNull(),
  /** What the platform kept of it as its service fee, less refunds. */
  feePence: bigint("fee_pence", { mode: "number" }).notNull(),
});

/**
 * What one stay counts for in `stay_figures_daily`, and under which day, city, status and settlement; also its
 * listing and what it earned the listing's owner, so a landlord's figures sum their own stays from here rather than
 * from each stay's ledger lines.
 */
export const stayFiguresPerStay = pgTable(
  "stay_figures_per_stay",
  {
    // Not a foreign key, for the same reason as above.
    bookingId: integer("booking_id").primaryKey(),
    ...countedUnder(),
    /** The stay's listing; null only for a stay whose booking was removed and is waiting to be folded out. */
    propertyId: integer("property_id"),
    /** What the stay earned its listing's owner (their earnings, less refunds; never the platform's fee). */
    ownerPence: bigint("owner_pence", { mode: "number" }).notNull().default(0),
    /** Whether the stay was ever charged (a request that never was earns nothing and is no transaction). */
    charged: boolean("charged").notNull().default(false),
  },
  (t) => [
    check("stay_figures_per_stay_settlement", sql`${t.settlement} in ('collected', 'expected', 'demo')`),
    // A landlord's figures: each listing's stays by check-in, newest last (read backwards for the latest).
    index("stay_figures_per_stay_property_idx").on(t.propertyId, t.checkIn, t.bookingId),
  ],
);

/** Stays and their money per check-in day, listing city, booking status and settlement. */
export const stayFiguresDaily = pgTable(
  "stay_figures_daily",
  { ...countedUnder(), bookings: integer("bookings").notNull() },
  (t) => [
    primaryKey({ columns: [t.checkIn, t.city, t.status, t.settlement] }),
    check("stay_figures_daily_settlement", sql`${t.settlement} in ('collected', 'expected', 'demo')`),
  ],
);
