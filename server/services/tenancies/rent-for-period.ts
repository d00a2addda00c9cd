import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tenancies } from "../../db/schema";
import { findIncreaseStartedBy } from "../../repositories/tenant-rights.repository";

/**
 * The rent due for the period of a tenancy that begins on `periodStart`, in pence. The one place that answers it: the
 * first payment at agreement, each month's collection and every page showing the next rent ask here: the rent of the
 * latest Section 13 increase that has taken effect by the period's first day, else the rent agreed when it began.
 */
export async function rentForPeriod(
  db: Db,
  tenancy: { id: number; startsOn: string },
  periodStart: string,
): Promise<number> {
  if (periodStart < tenancy.startsOn) throw new RangeError("A rent period cannot begin before its tenancy");
  const [row] = await db
    .select({ pence: tenancies.monthlyRentPence, bookingId: tenancies.bookingId })
    .from(tenancies)
    .where(eq(tenancies.id, tenancy.id));
  if (!row) throw new Error(`no tenancy ${tenancy.id}`);
  const increase = await findIncreaseStartedBy(db, row.bookingId, periodStart);
  return increase?.monthlyRentPence ?? row.pence;
}
