import { type AnyPgColumn, integer, serial, timestamp } from "drizzle-orm/pg-core";

/** Column shapes that many tables spell the same way, written once so a table lists only what is its own. */

export const idColumn = () => serial("id").primaryKey();

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A required link to another row: `cascade` goes with it, `restrict` keeps it from being deleted while this row
 * points at it.
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: "cascade" | "restrict") =>
  integer(name).notNull().references(target, { onDelete });
