import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rightToRentChecks } from "../db/schema";

export type RightToRentCheckRow = typeof rightToRentChecks.$inferSelect;

/** The recorded Right to Rent checks of these bookings, by booking id. */
export async function findRightToRentChecks(
  db: Db,
  bookingIds: readonly number[],
): Promise<Map<number, RightToRentCheckRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(rightToRentChecks)
    .where(inArray(rightToRentChecks.bookingId, [...bookingIds]));
  return new Map(rows.map((row) => [row.bookingId, row]));
}

/** Records (or corrects) a tenancy's Right to Rent check; answers the row as stored. */
export async function saveRightToRentCheck(
  tx: Tx,
  check: Pick<RightToRentCheckRow, "bookingId" | "checkedOn" | "method"> & { recordedBy: number },
): Promise<RightToRentCheckRow> {
  const values = { ...check, recordedAt: new Date() };
  const [row] = await tx
    .insert(rightToRentChecks)
    .values(values)
    .onConflictDoUpdate({
      target: rightToRentChecks.bookingId,
      set: {
        checkedOn: values.checkedOn,
        method: values.method,
        recordedBy: values.recordedBy,
        recordedAt: values.recordedAt,
      },
    })
    .returning();
  if (!row) throw new Error("Right to Rent check not stored");
  return row;
}
